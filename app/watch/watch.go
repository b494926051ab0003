// Package watch checks new downloads without being asked (issue 52): it
// watches one folder (the user's Downloads), decides when a download there
// is finished (Tracker), and checks it the way the window would (Checker:
// release.Gather and the verdict), in the order: a checksum file
// beside it, a known publisher's signed checksums (fetched only with the
// user's consent), the CRC32 in its name. It never writes, renames or
// moves anything in the folder. It knows nothing of Fyne: what to do with
// a verdict (a line, a notification) is its caller's.
package watch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// Clock is the time, a dependency: tests move theirs.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

func (SystemClock) Now() time.Time                         { return time.Now() }
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Watch watches one folder until its context ends.
type Watch struct {
	Dir   string
	Clock Clock // SystemClock when nil
	// Settle is how long a download must stay unchanged (default 3 s).
	Settle time.Duration
	// Recheck: a download that does not match is told only if it still
	// does not, unchanged, this much later (default 30 s; a download
	// manager stalled mid-file is not a damaged download). Negative: at once.
	Recheck time.Duration
	// SumsWait is how long a download with no verdict waits for a checksum
	// file to arrive beside it (default 10 min).
	SumsWait time.Duration
	// Rescan is how often the whole folder is looked at, for events the
	// system lost (default 5 min); when polling, every Settle.
	Rescan time.Duration
	// Poll looks at the folder instead of asking the system to tell (the
	// fallback; also used when the system cannot tell).
	Poll bool

	Check func(ctx context.Context, path string) Result
	// Told receives each verdict, and each offer to fetch, one at a time.
	Told func(Result)
	// Checked, when set, receives every check made, told or not.
	Checked func(Result)
	// Problem receives what goes wrong without stopping the watch (the
	// folder removed, events lost); nil: ignored.
	Problem func(error)
	// Ready, when set, is called once the watch has begun.
	Ready func()
}

// job is one check to make.
type job struct {
	path   string
	second bool // the re-check of a mismatch
}

type done struct {
	job
	res Result
}

// Run watches until ctx ends. It fails only when Dir cannot be watched at
// all at the start (it is not a folder).
func (w *Watch) Run(ctx context.Context) error {
	w.defaults()
	dir := filepath.Clean(w.Dir)
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("cannot watch %s: %s", dir, app.ErrorWords(err))
	} else if !st.IsDir() {
		return fmt.Errorf("cannot watch %s: it is not a folder", dir)
	}
	clock := w.Clock
	tr := NewTracker(dir, w.Settle)
	var fw *fsnotify.Watcher
	if !w.Poll {
		var err error
		fw, err = fsnotify.NewBufferedWatcher(4096)
		if err == nil {
			if err = fw.Add(dir); err != nil {
				fw.Close()
			}
		}
		if err != nil {
			fw = nil
			w.problem(fmt.Errorf("cannot be told of changes in %s (%s): looking at it every %s instead", dir, app.ErrorWords(err), w.Settle))
		}
	}
	if fw != nil {
		defer fw.Close()
	}
	events, errs := eventsOf(fw)

	work := make(chan job)
	results := make(chan done)
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() { // one file at a time
		for j := range work {
			res := w.Check(wctx, j.path)
			select {
			case results <- done{j, res}:
			case <-wctx.Done():
				return
			}
		}
	}()
	defer close(work)

	var queue []job
	queued := make(map[string]bool)
	add := func(j job) {
		if !queued[j.path] {
			queued[j.path] = true
			queue = append(queue, j)
		}
	}
	waiting := make(map[string]time.Time) // no verdict yet: a checksum file may come
	recheck := make(map[string]time.Time) // did not match: look again then
	checking := false
	lost := false
	nextScan := clock.Now().Add(w.scanEvery(fw))
	if w.Ready != nil {
		w.Ready()
	}
	for {
		now := clock.Now()
		wake := nextScan
		if at, ok := tr.Next(); ok && at.Before(wake) {
			wake = at
		}
		for _, at := range recheck {
			if at.Before(wake) {
				wake = at
			}
		}
		var send chan job
		var head job
		if !checking && len(queue) > 0 {
			send, head = work, queue[0]
		}
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-events:
			if !ok {
				events = nil
				break
			}
			if filepath.Clean(ev.Name) == dir {
				if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
					lost = true
					nextScan = clock.Now().Add(w.Settle) // look for it again soon
					fw.Remove(dir)
					w.problem(fmt.Errorf("%s was removed or renamed: waiting for it to come back", dir))
				}
				break
			}
			if filepath.Dir(ev.Name) == dir {
				tr.Touch(filepath.Base(ev.Name), clock.Now())
			}
		case err, ok := <-errs:
			if !ok {
				errs = nil
				break
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				tr.Rescan(clock.Now()) // events were lost: the folder says what changed
				break
			}
			w.problem(fmt.Errorf("watching %s: %s", dir, app.ErrorWords(err)))
		case <-clock.After(max(wake.Sub(now), 0)):
		case send <- head:
			queue = queue[1:]
			delete(queued, head.path)
			checking = true
		case d := <-results:
			checking = false
			w.judge(d, waiting, recheck, clock.Now())
		}

		now = clock.Now()
		if !now.Before(nextScan) {
			nextScan = now.Add(w.scanEvery(fw))
			if lost {
				if st, err := os.Stat(dir); err == nil && st.IsDir() && (fw == nil || fw.Add(dir) == nil) {
					lost = false
					tr.Rescan(now) // what was not there before is new
					w.problem(fmt.Errorf("%s is back: watching it again", dir))
				} else {
					nextScan = now.Add(w.Settle)
				}
			} else {
				tr.Rescan(now)
			}
			for p, since := range waiting {
				if now.Sub(since) > w.SumsWait {
					delete(waiting, p)
				}
			}
		}
		for _, name := range tr.Due(now) {
			path := filepath.Join(dir, name)
			if IsEvidence(name) {
				for p, since := range waiting { // a checksum file arrived after the download
					if now.Sub(since) <= w.SumsWait {
						add(job{path: p})
					}
				}
				continue
			}
			delete(waiting, path)
			delete(recheck, path)
			add(job{path: path})
		}
		for p, at := range recheck {
			if now.Before(at) {
				continue
			}
			delete(recheck, p)
			if !tr.Changed(filepath.Base(p)) {
				add(job{path: p, second: true})
			}
		}
	}
}

// judge tells d's verdict, or keeps it back: a mismatch until it is seen
// twice, a download with nothing to check against until a checksum file
// arrives.
func (w *Watch) judge(d done, waiting, recheck map[string]time.Time, now time.Time) {
	r := d.res
	if w.Checked != nil {
		w.Checked(r)
	}
	if !r.Judged() {
		if _, was := waiting[r.Path]; !was && r.Guess != nil {
			// An offer to fetch, an origin that disagrees with the name,
			// a fetch that failed: told once.
			w.Told(r)
		}
		waiting[r.Path] = now
		return
	}
	delete(waiting, r.Path)
	if r.Report.Headline.Colour() == verdict.Red && !d.second && w.Recheck >= 0 {
		recheck[r.Path] = now.Add(w.Recheck)
		return
	}
	w.Told(r)
}

func (w *Watch) defaults() {
	if w.Clock == nil {
		w.Clock = SystemClock{}
	}
	if w.Settle <= 0 {
		w.Settle = 3 * time.Second
	}
	if w.Recheck == 0 {
		w.Recheck = 30 * time.Second
	}
	if w.SumsWait <= 0 {
		w.SumsWait = 10 * time.Minute
	}
	if w.Rescan <= 0 {
		w.Rescan = 5 * time.Minute
	}
}

func (w *Watch) scanEvery(fw *fsnotify.Watcher) time.Duration {
	if fw == nil {
		return w.Settle
	}
	return w.Rescan
}

func (w *Watch) problem(err error) {
	if w.Problem != nil {
		w.Problem(err)
	}
}

func eventsOf(fw *fsnotify.Watcher) (<-chan fsnotify.Event, <-chan error) {
	if fw == nil {
		return nil, nil
	}
	return fw.Events, fw.Errors
}
