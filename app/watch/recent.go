package watch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/hashdrop/hashdrop/app"
)

// Recent is one check the watcher told, as the recent-checks list keeps it
// (issue 52): the values of what was said, for the tray and the window's
// menu to show in their words, and the headline and note as the watcher
// told them: "hashdrop watch"'s English line in a terminal, the window's
// language when the window program runs the watcher behind its tray.
type Recent struct {
	Path string `json:"path"`
	// Colour is the verdict's colour (verdict.Colour's String: green,
	// amber, red); "" when there is no verdict, only an offer or a note.
	Colour   string    `json:"colour,omitempty"`
	Outcome  string    `json:"outcome,omitempty"`
	Checked  string    `json:"checked"` // what it was checked against, as --json says
	Headline string    `json:"headline,omitempty"`
	Note     string    `json:"note,omitempty"`
	Time     time.Time `json:"time"`
}

// Name is the file's base name.
func (r Recent) Name() string { return filepath.Base(r.Path) }

// Mark is the one character that shows a recent check's colour in a list
// of names: ✓ green, ✗ red, ? amber, → an offer or a note with no verdict.
func (r Recent) Mark() string {
	switch r.Colour {
	case "green":
		return "✓"
	case "red":
		return "✗"
	case "":
		return "→"
	}
	return "?"
}

// RecentMax is how many checks the list keeps; the oldest go first.
const RecentMax = 20

// recentFile is the list's name in its folder.
const recentFile = "recent-checks.json"

// RecentPath is where the list of recent checks is kept: the user's state
// folder, not the watched one ($XDG_STATE_HOME/hashdrop, by default
// ~/.local/state/hashdrop, on Linux and the BSDs; %LocalAppData%\Hashdrop
// on Windows; ~/Library/Application Support/hashdrop on macOS).
func RecentPath() (string, error) {
	var dir string
	switch runtime.GOOS {
	case "windows":
		base, err := os.UserCacheDir() // %LocalAppData%
		if err != nil {
			return "", err
		}
		dir = filepath.Join(base, "Hashdrop")
	case "darwin", "ios":
		base, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(base, "hashdrop")
	default:
		base := os.Getenv("XDG_STATE_HOME")
		if !filepath.IsAbs(base) { // the spec: a relative path is to be ignored
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".local", "state")
		}
		dir = filepath.Join(base, "hashdrop")
	}
	return filepath.Join(dir, recentFile), nil
}

// RecentList is the bounded list of recent checks in one file, newest
// first. Each change is written to a temporary name beside the file and
// renamed over it, so that a reader finds either the list before or the
// list after, and a write that fails (a full disk) leaves the list as it
// was. Writers, in this process and in others (one watcher a folder), take
// turns under a lock file beside it.
type RecentList struct {
	Path string
	Max  int // RecentMax when 0

	// wrap, when set, wraps the temporary file's writer: tests make the
	// write fail as a full disk does.
	wrap func(io.Writer) io.Writer

	mu sync.Mutex
}

// ReadRecent reads the list at path, newest first; none when there is no
// list yet.
func ReadRecent(path string) ([]Recent, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the recent checks %s: %s", app.VisibleText(path), app.ErrorWords(err))
	}
	var rs []Recent
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, fmt.Errorf("cannot read the recent checks %s: %v", app.VisibleText(path), err)
	}
	return rs, nil
}

// Add puts r at the head of the list; an earlier check of the same file
// leaves the list (the newest says what the file is now). On error the
// file on disk is the list as it was before.
func (l *RecentList) Add(r Recent) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	dir := filepath.Dir(l.Path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot write the recent checks in %s: %s", app.VisibleText(dir), app.ErrorWords(err))
	}
	unlock, err := lockRecent(l.Path + ".lock")
	if err != nil {
		return fmt.Errorf("cannot write the recent checks %s: %s", app.VisibleText(l.Path), app.ErrorWords(err))
	}
	defer unlock()
	old, err := ReadRecent(l.Path)
	if err != nil {
		old = nil // a damaged list is replaced, not kept failing
	}
	max := l.Max
	if max <= 0 {
		max = RecentMax
	}
	old = slices.DeleteFunc(old, func(o Recent) bool { return o.Path == r.Path })
	list := append([]Recent{r}, old...)
	if len(list) > max {
		list = list[:max]
	}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	return l.replace(append(b, '\n'))
}

// replace writes b to a temporary file beside the list, then renames it
// over the list.
func (l *RecentList) replace(b []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(l.Path), "."+recentFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write the recent checks %s: %s", app.VisibleText(l.Path), app.ErrorWords(err))
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
			err = fmt.Errorf("cannot write the recent checks %s: %s (the list is as it was)", app.VisibleText(l.Path), app.ErrorWords(err))
		}
	}()
	var w io.Writer = f
	if l.wrap != nil {
		w = l.wrap(f)
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, l.Path)
}

// RecentRecorder adds each check told to a RecentList, and tells Problem
// when the list cannot be written: once, until a write succeeds again. The
// watch goes on either way.
type RecentRecorder struct {
	List    *RecentList
	Problem func(error)

	mu      sync.Mutex
	failing bool
}

// Record adds r to the list.
func (rr *RecentRecorder) Record(r Recent) {
	err := rr.List.Add(r)
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if err == nil {
		rr.failing = false
		return
	}
	if !rr.failing && rr.Problem != nil {
		rr.Problem(err)
	}
	rr.failing = true
}
