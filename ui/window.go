// Package ui is Hashdrop's window: Fyne views over the app core. Nothing
// here hashes, walks or reads files on the Fyne goroutine; background work
// reports back through Window.do (fyne.Do), and progress is redrawn by a
// 10 Hz ticker that samples the jobs' lock-free counters.
package ui

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/gather"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// tickEvery is the progress redraw period: 10 times a second, smooth to the
// eye and cheap even where OpenGL is drawn in software.
const tickEvery = time.Second / 10

// maxSidecarLookups bounds the files of one drop whose folder is searched
// for published digests; a 10,000-file folder has a SHA256SUMS to open instead.
const maxSidecarLookups = 64

// maxRecompute bounds the files hashed again with the algorithm a pasted
// digest needs.
const maxRecompute = 32

// Config holds what New needs besides the app, the window and the core. The
// zero value is what Run uses.
type Config struct {
	Dialogs Dialogs      // nil: native dialogs where available, else Fyne's
	Do      func(func()) // runs a function on the Fyne goroutine; nil: fyne.Do
	Manual  bool         // no ticker: the caller calls Tick (tests)
}

// Window is Hashdrop's main window.
type Window struct {
	app     fyne.App
	win     fyne.Window
	core    Core
	dialogs Dialogs
	do      func(func())
	trace   *log.Logger

	picker   *algorithmPicker
	expected *expectedField
	banner   *verdictBanner
	files    *fileList
	status   *widget.Label
	note     *widget.Label
	noteSeq  int

	copyAll, save, clear, cancelAll *widget.Button

	dropZone fyne.CanvasObject
	dropHint fyne.CanvasObject
	body     *fyne.Container
	mainView fyne.CanvasObject
	sums     *sumsView
	bench    *benchView

	walking    int // folder walks in progress
	walkFound  int // files found by them so far
	walkCtx    context.Context
	walkCancel context.CancelFunc // stops them (Clear, Cancel all)
	gen        int                // bumped by Clear: late results of older walks are dropped
	started    time.Time          // when the current batch began
	stale      bool               // files finished since the last verdict and count
	stop       chan struct{}
}

// New builds the window's content for core and returns it; call Add to
// queue files and win.ShowAndRun to show it.
func New(a fyne.App, win fyne.Window, core Core, cfg Config) *Window {
	w := &Window{app: a, win: win, core: core, dialogs: cfg.Dialogs, do: cfg.Do, stop: make(chan struct{})}
	if w.do == nil {
		w.do = fyne.Do
	}
	if w.dialogs == nil {
		w.dialogs = defaultDialogs(win)
	}
	if os.Getenv("HASHDROP_TRACE") != "" {
		w.trace = log.New(os.Stderr, "hashdrop: ", log.Lmicroseconds)
	}
	w.build()
	win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { w.drop(uris) })
	a.Lifecycle().SetOnEnteredForeground(w.expected.checkClipboard)
	w.shortcuts()
	if !cfg.Manual {
		go w.ticker()
		win.SetOnClosed(func() { close(w.stop) })
	}
	return w
}

func (w *Window) tracef(format string, args ...any) {
	if w.trace != nil {
		w.trace.Printf(format, args...)
	}
}

func (w *Window) ticker() {
	t := time.NewTicker(tickEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			w.do(w.Tick)
		case <-w.stop:
			return
		}
	}
}

func (w *Window) build() {
	w.picker = newAlgorithmPicker(w)
	w.files = newFileList(w)
	w.files.reset(w.picker.selected())
	w.banner = newVerdictBanner()
	w.expected = newExpectedField(w)
	w.status = widget.NewLabel("")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.note = widget.NewLabel("")
	w.note.Importance = widget.SuccessImportance

	w.copyAll = widget.NewButtonWithIcon("Copy all", theme.ContentCopyIcon(), w.copyAllDigests)
	w.save = widget.NewButtonWithIcon("Save checksums…", theme.DocumentSaveIcon(), w.saveChecksums)
	w.clear = widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), w.Clear)
	w.cancelAll = widget.NewButtonWithIcon("Cancel all", theme.CancelIcon(), w.CancelAll)
	for _, b := range []*widget.Button{w.copyAll, w.save, w.clear, w.cancelAll} {
		b.Importance = widget.LowImportance
	}

	icon := canvas.NewImageFromResource(w.app.Icon())
	icon.FillMode = canvas.ImageFillContain
	title := canvas.NewText("Hashdrop", theme.Color(theme.ColorNameForeground))
	title.TextSize = theme.TextHeadingSize()
	title.TextStyle.Bold = true
	openFiles := widget.NewButtonWithIcon("Open files…", theme.FolderOpenIcon(), w.openFiles)
	openFiles.Importance = widget.HighImportance
	openSums := widget.NewButtonWithIcon("Open checksum file…", theme.DocumentIcon(), w.openChecksumFile)
	menu := widget.NewButtonWithIcon("", theme.MenuIcon(), nil)
	menu.OnTapped = func() {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(menu).Add(fyne.NewPos(0, menu.Size().Height))
		widget.ShowPopUpMenuAtPosition(w.menu(), w.win.Canvas(), pos)
	}
	header := container.NewBorder(nil, nil,
		container.NewHBox(sized(fyne.NewSquareSize(32), icon), title),
		container.NewHBox(openFiles, openSums, menu))

	top := container.NewVBox(header, w.expected.object(), w.banner, container.NewBorder(nil, nil, nil,
		container.NewHBox(w.note, w.copyAll, w.save, w.clear, w.cancelAll), w.status))

	w.dropZone = newDropZone(w)
	hint := widget.NewLabelWithStyle("Drop more files or folders anywhere on the window, or a SHA256SUMS file to check them",
		fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	hint.Importance = widget.LowImportance
	w.dropHint = hint
	bottom := container.NewVBox(w.dropHint, widget.NewSeparator(), w.picker.object())
	w.mainView = container.NewBorder(top, bottom, nil, nil, container.NewStack(w.files.holder, w.dropZone))
	w.body = container.NewStack(w.mainView)
	w.win.SetContent(w.body)
	w.refreshChrome()
}

func (w *Window) menu() *fyne.Menu {
	return fyne.NewMenu("",
		fyne.NewMenuItem("Open files…", w.openFiles),
		fyne.NewMenuItem("Open folder…", w.openFolder),
		fyne.NewMenuItem("Open checksum file…", w.openChecksumFile),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Copy all digests", w.copyAllDigests),
		fyne.NewMenuItem("Save checksums…", w.saveChecksums),
		fyne.NewMenuItem("Clear the list", w.Clear),
		fyne.NewMenuItem("Cancel all (Esc)", w.CancelAll),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Benchmark", w.showBench),
		fyne.NewMenuItem("About this computer", w.showAbout),
	)
}

func (w *Window) shortcuts() {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			w.CancelAll()
		}
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { w.openFiles() })
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { w.expected.pasteClipboard() })
}

// show replaces the window's content with view (nil: the main view).
func (w *Window) show(view fyne.CanvasObject) {
	if view == nil {
		view = w.mainView
	}
	w.body.Objects = []fyne.CanvasObject{view}
	w.body.Refresh()
}

// drop takes what was dropped on the window: local files and folders.
func (w *Window) drop(uris []fyne.URI) {
	var paths []string
	for _, u := range uris {
		if u.Scheme() == "file" {
			paths = append(paths, u.Path())
		}
	}
	w.tracef("dropped %q", paths)
	w.Add(paths)
}

// Add queues paths: files are hashed, folders walked (in the background,
// with a count shown) and their files hashed, and a checksum file
// (SHA256SUMS, *.sha256, ...) given on its own is opened in the
// checksum-file view.
func (w *Window) Add(paths []string) {
	if len(paths) == 0 {
		return
	}
	w.show(nil)
	if w.walkCancel == nil {
		ctx, cancel := context.WithCancel(context.Background())
		w.walkCancel = cancel
		w.walkCtx = ctx
	}
	ctx, gen := w.walkCtx, w.gen
	w.walking++
	w.refreshChrome()
	go func() {
		if len(paths) == 1 && gather.LooksLikeSums(paths[0]) {
			if st, err := os.Stat(paths[0]); err == nil && st.Mode().IsRegular() {
				w.do(func() {
					if gen == w.gen {
						w.walkDone()
						w.openSums(paths[0])
					}
				})
				return
			}
		}
		res := gather.Files(ctx, paths, func(n int) {
			w.do(func() {
				if gen == w.gen {
					w.walkFound = n
					w.refreshStatus()
				}
			})
		})
		w.do(func() {
			if gen != w.gen {
				return
			}
			w.walkFound = 0
			if ctx.Err() == nil {
				w.addFiles(res.Files)
			}
			for _, err := range res.Errs {
				w.tracef("%v", err)
			}
			switch len(res.Errs) {
			case 0:
			case 1:
				w.flash(capitalize(res.Errs[0].Error()))
			default:
				w.flash(fmt.Sprintf("%s (and %d more)", capitalize(res.Errs[0].Error()), len(res.Errs)-1))
			}
			w.walkDone()
		})
	}()
}

// walkDone counts a finished walk; the last one releases the walks' context.
func (w *Window) walkDone() {
	w.walking--
	if w.walking == 0 && w.walkCancel != nil {
		w.walkCancel()
		w.walkCancel = nil
	}
	w.refreshChrome()
}

// addFiles lists files and queues them with the chosen algorithms.
func (w *Window) addFiles(files []gather.File) {
	if len(files) == 0 {
		return
	}
	algs := w.picker.selected()
	if w.files.allFinished() {
		w.started = time.Now()
	}
	var lookups []*fileItem
	for _, f := range files {
		it := newFileItem(f.Path, f.Size, algs)
		if f.Name != "" {
			it.name = f.Name
		}
		it.index = len(w.files.items)
		w.files.items = append(w.files.items, it)
		w.files.fit(it)
		w.startJob(it, algs)
		if len(lookups) < maxSidecarLookups {
			lookups = append(lookups, it)
		}
	}
	w.files.list.Refresh()
	w.stale = true // a digest pasted before the files came is judged at the next tick
	w.findPublished(lookups)
	w.refreshChrome()
}

// startJob hashes it with algs.
func (w *Window) startJob(it *fileItem, algs []*hashing.Algorithm) {
	it.jobSeq++
	seq := it.jobSeq
	it.jobAlgs = algs
	it.state = stateWaiting
	it.prog = app.Progress{Total: it.size}
	w.tracef("queued %s (%s)", it.path, algNames(algs))
	it.job = w.core.Hash(it.path, algs, func(r app.Result) {
		w.do(func() { w.jobDone(it, seq, r) })
	})
	w.files.changed(it)
}

// jobDone records the result of a job of it.
func (w *Window) jobDone(it *fileItem, seq int, r app.Result) {
	if it.jobSeq != seq || it.job == nil {
		return // cleared, or replaced
	}
	had := len(it.digests) > 0
	it.job = nil
	it.prog.Algorithms = nil
	switch {
	case r.Err == nil:
		for _, d := range r.Digests {
			it.digests[d.Algorithm] = d.Sum
		}
		it.state = stateDone
		it.hashed += r.Size
		if r.Size > 0 || it.size < 0 {
			it.size = max(it.size, r.Size)
		}
		if !it.started.IsZero() {
			it.elapsed = time.Since(it.started)
		}
		w.tracef("done %s %s", it.path, digestTrace(r.Digests))
	case had:
		it.state = stateDone // the first digests stand; the extra ones failed
		w.tracef("extra digests of %s: %v", it.path, r.Err)
	case cancelled(r.Err):
		it.state = stateCancelled
		w.tracef("cancelled %s", it.path)
	default:
		it.state = stateFailed
		it.err = r.Err
		w.tracef("failed %s: %v", it.path, r.Err)
	}
	w.files.changed(it)
	w.stale = true // judged and counted at the next tick: one pass for many files
}

// Tick samples the running jobs and redraws their cards and the status
// line. The ticker calls it 10 times a second; tests call it directly.
func (w *Window) Tick() {
	if w.trace != nil {
		start := time.Now()
		defer func() {
			if d := time.Since(start); d > 20*time.Millisecond {
				w.tracef("slow tick: %v", d)
			}
		}()
	}
	if w.stale {
		w.stale = false
		w.judge()
		w.refreshChrome()
	}
	for _, it := range w.files.active(16) {
		p := it.job.Progress()
		it.prog = p
		if p.State == app.Hashing && it.state == stateWaiting {
			it.state = stateHashing
			it.started = time.Now()
		}
		w.files.changed(it)
	}
	w.files.redraw()
	w.refreshStatus()
	if w.sums != nil && w.sums.running() {
		w.sums.tick()
	}
}

// cancelItem stops the file's job; its card then says "cancelled".
func (w *Window) cancelItem(it *fileItem) {
	if it.job != nil {
		it.job.Cancel()
	}
}

// CancelAll stops every job and folder walk (Esc).
func (w *Window) CancelAll() {
	if w.walkCancel != nil {
		w.walkCancel()
		w.walkCancel = nil // walks started after this get a context of their own
	}
	if w.sums != nil && w.sums.running() {
		w.sums.cancel()
	}
	w.core.CancelAll()
	w.tracef("cancel all")
}

// Clear cancels everything and empties the list and the verdict.
func (w *Window) Clear() {
	w.CancelAll()
	w.gen++
	w.walking, w.walkFound, w.walkCancel = 0, 0, nil
	for _, it := range w.files.items {
		it.jobSeq++ // late results are ignored
	}
	w.files.reset(w.picker.selected())
	w.judge()
	w.refreshChrome()
}

// findPublished looks for digests published next to the files, in the
// background, and judges the files against them.
func (w *Window) findPublished(items []*fileItem) {
	if len(items) == 0 {
		return
	}
	gen := w.gen
	paths := make([]string, len(items))
	for i, it := range items {
		paths[i] = it.path
	}
	go func() {
		for i, p := range paths {
			pubs := w.core.Published(p)
			if len(pubs) == 0 {
				continue
			}
			it := items[i]
			w.do(func() {
				if gen != w.gen {
					return
				}
				it.published = pubs
				w.tracef("published digest for %s in %s", it.path, pubs[0].Source)
				w.stale = true
			})
		}
	}()
}

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
	anyDone, anyRunning := false, w.walking > 0
	for _, it := range w.files.items {
		if len(it.digests) > 0 {
			anyDone = true
		}
		if !it.finished() {
			anyRunning = true
		}
		if anyDone && anyRunning {
			break
		}
	}
	setEnabled(w.copyAll, anyDone)
	setEnabled(w.save, anyDone)
	setEnabled(w.clear, !empty || w.walking > 0)
	setEnabled(w.cancelAll, anyRunning)
	w.files.redraw()
	w.refreshStatus()
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// refreshStatus writes the line above the list: how many files, how far,
// how fast, how long.
func (w *Window) refreshStatus() {
	var done, failed, cancelledN, running int
	var total, read int64
	var speed float64
	unknown := false
	for _, it := range w.files.items {
		switch it.state {
		case stateDone:
			done++
		case stateFailed:
			failed++
		case stateCancelled:
			cancelledN++
		}
		if !it.finished() {
			running++
		}
		if it.size < 0 {
			unknown = true
		} else {
			total += it.size
		}
	}
	for _, it := range w.files.active(16) {
		speed += it.prog.BytesPerSec
		read += it.prog.Done
	}
	for _, it := range w.files.items {
		if it.finished() && it.size > 0 {
			read += it.size
		}
	}
	n := len(w.files.items)
	var s string
	switch {
	case w.walking > 0:
		s = "Looking for files… " + units.Count(w.walkFound+n, "file", "files") + " found"
	case n == 0:
		s = ""
	case running > 0:
		s = fmt.Sprintf("%s of %s hashed", units.Thousands(done), units.Count(n, "file", "files"))
		if speed > 0 {
			s += " · " + units.Rate(speed)
			if !unknown && total > read {
				s += " · " + units.Left(time.Duration(float64(total-read)/speed*float64(time.Second)))
			}
		}
	default:
		s = units.Count(done, "file", "files") + " hashed"
		if done == 0 {
			s = "Nothing hashed"
		}
		if !w.started.IsZero() && done > 0 {
			s += " (" + units.Size(total) + ")"
		}
	}
	if failed > 0 {
		s += fmt.Sprintf(" · %d could not be read", failed)
	}
	if cancelledN > 0 {
		s += fmt.Sprintf(" · %d cancelled", cancelledN)
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
	time.AfterFunc(3*time.Second, func() {
		w.do(func() {
			if w.noteSeq == seq {
				w.note.SetText("")
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

// allFinished reports whether no file of the list is waiting or hashing.
func (l *fileList) allFinished() bool {
	return !slices.ContainsFunc(l.items, func(it *fileItem) bool { return !it.finished() })
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
