package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// refreshChrome updates what depends on whether there are files: the drop
// zone, the hint, the action buttons, the status line.
func (w *Window) refreshChrome() {
	empty := len(w.files.items) == 0
	if empty && w.walking == 0 {
		w.dropZone.Show()
		w.dropHint.Hide()
	} else {
		w.dropZone.Hide()
		w.dropHint.Show()
	}
	anyDone, anyRunning, anyMissing := false, w.walking > 0, false
	chosen := w.picker.selected()
	for _, it := range w.files.items {
		if !anyMissing && len(missing(it, chosen)) > 0 {
			anyMissing = true
		}
		if len(it.digests) > 0 {
			anyDone = true
		}
		if !it.finished() {
			anyRunning = true
		}
		if anyDone && anyRunning && anyMissing {
			break
		}
	}
	setEnabled(w.copyAll, anyDone)
	setEnabled(w.save, anyDone)
	setEnabled(w.clear, !empty || w.walking > 0)
	setEnabled(w.cancelAll, anyRunning)
	w.showCompare()
	if anyMissing {
		w.computeMore.Show()
	} else {
		w.computeMore.Hide()
	}
	w.files.redraw()
	w.refreshStatus()
}

func setEnabled(b *button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// statusCounts are the counts of the list that the status line says: a
// pass over every file, made at most every judgeEvery of the list's length
// while files are read (countStatus), so that a tick stays short however
// long the list.
type statusCounts struct {
	done, failed, cancelled, missing, running, more int
	total, waiting                                  int64 // bytes: of the files hashed or to be; of those waiting
	unknown                                         bool  // a file's size is not known
	at                                              time.Time
	n                                               int // the list's length then
}

// countStatus counts the list again when the counts are due.
func (w *Window) countStatus() *statusCounts {
	c := &w.counts
	n := len(w.files.items)
	now := w.now()
	if c.n == n && n > 0 && len(w.files.active(1)) > 0 && now.Sub(c.at) < judgeEvery(n) && n > maxJudgedAtOnce {
		return c
	}
	*c = statusCounts{at: now, n: n}
	for _, it := range w.files.items {
		switch it.state {
		case stateDone:
			c.done++
		case stateFailed:
			c.failed++
		case stateCancelled:
			c.cancelled++
		case stateMissing:
			c.missing++
			continue // listed, not here: no size, nothing to read
		}
		if !it.finished() {
			c.running++
			if len(it.digests) > 0 {
				c.more++ // hashed once (its verdict came first), read again for the other algorithms
			}
			if it.prog.State != app.Hashing && it.size > 0 {
				c.waiting += it.size
			}
		}
		switch {
		case it.size < 0:
			c.unknown = true
		case it.state == stateDone || !it.finished():
			c.total += it.size // hashed, or to be: a file cancelled or unreadable is not
		}
	}
	w.counted += n
	return c
}

// refreshStatus writes the line above the list: how many files, how far,
// how fast, how long.
func (w *Window) refreshStatus() {
	c := w.countStatus()
	done, failed, cancelledN, missingN, running, more := c.done, c.failed, c.cancelled, c.missing, c.running, c.more
	total, waiting, unknown := c.total, c.waiting, c.unknown
	var speed float64
	// The time left is the cards': the longest of the files being read,
	// and the files waiting after them at the speed of those read now.
	var left time.Duration
	for _, it := range w.files.active(16) {
		speed += it.prog.BytesPerSec
		left = max(left, it.prog.Remaining)
	}
	n := len(w.files.items) - missingN
	var s string
	switch {
	case w.walking > 0:
		s = trn(w.walkFound+n, "Looking for files… {{.N}} file found", "Looking for files… {{.N}} files found",
			"N", units.Thousands(w.walkFound+n))
	case n == 0:
		s = ""
	case running > 0:
		s = trn(n, "{{.Done}} of {{.N}} file hashed", "{{.Done}} of {{.N}} files hashed",
			"Done", units.Thousands(done+more), "N", units.Thousands(n))
		if more == running {
			s = trn(n, "{{.N}} file hashed · computing the other algorithms", "{{.N}} files hashed · computing the other algorithms", "N", units.Thousands(n))
		}
		if speed > 0 {
			s += " · " + units.Rate(speed)
			if !unknown && (left > 0 || waiting > 0) {
				s += " · " + leftText(left+time.Duration(float64(waiting)/speed*float64(time.Second)))
			}
		}
	case done == 0:
		s = tr("Nothing hashed")
	default:
		s = trn(done, "{{.N}} file hashed", "{{.N}} files hashed", "N", units.Thousands(done))
		if !w.started.IsZero() {
			s = tr("{{.Status}} ({{.Size}})", "Status", s, "Size", units.Size(total))
		}
	}
	if failed > 0 {
		s += " · " + tr("{{.N}} could not be read", "N", failed)
	}
	if cancelledN > 0 {
		s += " · " + tr("{{.N}} cancelled", "N", cancelledN)
	}
	if missingN > 0 {
		s += " · " + trn(missingN, "{{.N}} listed file is not here", "{{.N}} listed files are not here", "N", units.Thousands(missingN))
	}
	if w.status.Text != s {
		w.status.SetText(s)
	}
}

// flash shows a short note beside the action buttons for a few seconds.
func (w *Window) flash(msg string) {
	w.noteSeq++
	seq := w.noteSeq
	w.note.SetText(msg)
	w.note.Show()
	time.AfterFunc(3*time.Second, func() {
		w.do(func() {
			if w.noteSeq == seq {
				w.note.SetText("")
				w.note.Hide()
			}
		})
	})
}

// copyText puts text on the clipboard and says so.
func (w *Window) copyText(text, msg string) {
	w.app.Clipboard().SetContent(text)
	w.expected.sawClipboard(text) // our own copy is not a digest to offer back
	w.flash(msg)
}

func algNames(algs []*hashing.Algorithm) string {
	names := make([]string, len(algs))
	for i, a := range algs {
		names[i] = a.Name
	}
	return fmt.Sprint(names)
}

func digestTrace(ds []app.Digest) string {
	s := ""
	for _, d := range ds {
		s += fmt.Sprintf(" %s=%x", d.Algorithm.ID, d.Sum)
	}
	return s
}

// commonDir is the deepest folder holding every path.
func commonDir(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	dir := filepath.Dir(paths[0])
	for _, p := range paths[1:] {
		for !within(dir, p) {
			parent := filepath.Dir(dir)
			if parent == dir {
				return dir
			}
			dir = parent
		}
	}
	return dir
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && !startsWithDotDot(rel)
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:2] == ".." && os.IsPathSeparator(rel[2])
}
