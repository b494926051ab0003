package watch

import (
	"os"
	"path/filepath"
	"time"
)

// A Tracker decides when a download in one folder is finished. Events
// from the file system are only hints (Touch); the folder is the truth:
// a name is finished once nothing has touched it for Settle, it has its
// final name (no browser's temporary name, no ".part" or ".crdownload"
// sibling still saying it is being written), it is not empty (Firefox's
// placeholder, Chromium's empty file before its rename), and two looks
// Settle apart found the same size, modification time and file. That
// covers the browsers, which rename onto the final name, and wget or curl,
// which write in place and stop.
//
// It takes the time from its caller, so that tests move a clock instead of
// sleeping. It is not safe for concurrent use.
type Tracker struct {
	Dir    string
	Settle time.Duration

	pending map[string]*seen
	done    map[string]stamp // finished and told, as it was then
}

// stamp is what a look at a file found.
type stamp struct {
	size int64
	mod  time.Time
	id   fileID
}

// seen is a name touched and not yet finished.
type seen struct {
	touched time.Time // last event for it
	last    stamp     // last look
	since   time.Time // when last was first found so; zero: not looked at yet
}

// NewTracker returns a tracker for dir that takes the files already there
// as told: a download is what arrives after.
func NewTracker(dir string, settle time.Duration) *Tracker {
	t := &Tracker{Dir: dir, Settle: settle, pending: make(map[string]*seen), done: make(map[string]stamp)}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if st, ok := t.look(e.Name()); ok {
			t.done[e.Name()] = st
		}
	}
	return t
}

// Touch notes an event for name (a base name in Dir) at now.
func (t *Tracker) Touch(name string, now time.Time) {
	s := t.pending[name]
	if s == nil {
		s = &seen{}
		t.pending[name] = s
	}
	s.touched = now
}

// Rescan touches every name in Dir that is new or has changed since it
// was told: after events were lost (an overflow), or when polling.
func (t *Tracker) Rescan(now time.Time) {
	entries, err := os.ReadDir(t.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if _, ok := t.pending[name]; ok {
			continue
		}
		st, ok := t.look(name)
		if !ok {
			continue
		}
		if old, told := t.done[name]; told && old == st {
			continue
		}
		t.Touch(name, now)
	}
}

// Pending is how many names are waiting to settle.
func (t *Tracker) Pending() int { return len(t.pending) }

// Next is when Due has something to look at again; false when nothing is
// pending.
func (t *Tracker) Next() (time.Time, bool) {
	var next time.Time
	for _, s := range t.pending {
		at := s.touched.Add(t.Settle)
		if !s.since.IsZero() {
			at = later(at, s.since.Add(t.Settle))
		}
		if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return next, !next.IsZero()
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Due returns the names that are finished at now, each once for each
// state it reaches (a file downloaded again, or resumed and finished
// later, is finished again).
func (t *Tracker) Due(now time.Time) []string {
	var names []string // read once, only when a name is due
	var out []string
	for name, s := range t.pending {
		if now.Sub(s.touched) < t.Settle {
			continue
		}
		if InProgress(name) {
			delete(t.pending, name) // its final name will have its own event
			continue
		}
		st, ok := t.look(name)
		if !ok || st.size == 0 {
			delete(t.pending, name) // gone, a folder, or a placeholder: the next write touches it again
			continue
		}
		if names == nil {
			names = t.partials()
		}
		if busy(name, names) {
			s.touched = now // a browser still writes it under another name
			continue
		}
		if s.since.IsZero() || s.last != st {
			s.last, s.since = st, now
			continue
		}
		if now.Sub(s.since) < t.Settle {
			continue
		}
		delete(t.pending, name)
		if old, told := t.done[name]; told && old == st {
			continue
		}
		t.done[name] = st
		out = append(out, name)
	}
	return out
}

// Changed reports whether name is no longer as it was when it was
// finished (or is gone).
func (t *Tracker) Changed(name string) bool {
	st, ok := t.look(name)
	return !ok || st != t.done[name]
}

// Forget drops name: it was removed.
func (t *Tracker) Forget(name string) {
	delete(t.pending, name)
	delete(t.done, name)
}

// partials are the names in Dir that are downloads in progress: busy
// compares each name due with these alone (a folder of thousands of
// finished files has few).
func (t *Tracker) partials() []string {
	entries, err := os.ReadDir(t.Dir)
	names := []string{}
	if err != nil {
		return names
	}
	for _, e := range entries {
		if InProgress(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}

// look stats name without following a link; false when it is not a
// regular file there.
func (t *Tracker) look(name string) (stamp, bool) {
	fi, err := os.Lstat(filepath.Join(t.Dir, name))
	if err != nil || !fi.Mode().IsRegular() {
		return stamp{}, false
	}
	return stamp{size: fi.Size(), mod: fi.ModTime(), id: identity(fi)}, true
}
