package watch

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func recentAt(i int) Recent {
	return Recent{Path: fmt.Sprintf("/dl/f%03d.iso", i), Colour: "green", Checked: "beside",
		Headline: fmt.Sprintf("OK: f%03d.iso matches SHA256SUMS", i), Time: time.Unix(int64(1000+i), 0).UTC()}
}

func TestRecentNewestFirstAndBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "hashdrop", recentFile)
	if rs, err := ReadRecent(path); err != nil || rs != nil {
		t.Fatalf("no list yet: %v, %v", rs, err)
	}
	l := &RecentList{Path: path, Max: 5}
	for i := range 8 {
		if err := l.Add(recentAt(i)); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := ReadRecent(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rs {
		got = append(got, r.Name())
	}
	if want := "f007.iso f006.iso f005.iso f004.iso f003.iso"; strings.Join(got, " ") != want {
		t.Fatalf("list %q, want %q", got, want)
	}
	if rs[0] != recentAt(7) {
		t.Errorf("entry %+v, want %+v", rs[0], recentAt(7))
	}
	// The same file checked again moves to the head, once.
	again := recentAt(4)
	again.Colour, again.Headline = "red", "FAILED: f004.iso does NOT match"
	if err := l.Add(again); err != nil {
		t.Fatal(err)
	}
	rs, _ = ReadRecent(path)
	if len(rs) != 5 || rs[0] != again || rs[1].Name() != "f007.iso" || rs[4].Name() != "f003.iso" {
		t.Fatalf("after a second check of f004.iso: %+v", rs)
	}
	for _, r := range rs[1:] {
		if r.Path == again.Path {
			t.Fatal("f004.iso listed twice")
		}
	}
	// The default bound.
	l = &RecentList{Path: path}
	for i := range RecentMax + 3 {
		l.Add(recentAt(100 + i))
	}
	if rs, _ = ReadRecent(path); len(rs) != RecentMax {
		t.Fatalf("%d entries, want %d", len(rs), RecentMax)
	}
	if runtime.GOOS != "windows" {
		if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("the state folder: %v, %v; want private (0700)", fi.Mode(), err)
		}
	}
}

func TestRecentMarks(t *testing.T) {
	for colour, want := range map[string]string{"green": "✓", "red": "✗", "amber": "?", "": "→"} {
		if got := (Recent{Colour: colour}).Mark(); got != want {
			t.Errorf("%q: %q, want %q", colour, got, want)
		}
	}
}

// Writers in several lists on one file (as watchers of several folders
// are), and readers meanwhile: each read finds a whole list, newest first,
// within bounds, and no write is lost.
func TestRecentConcurrentWritersAndReaders(t *testing.T) {
	path := filepath.Join(t.TempDir(), recentFile)
	const writers, each = 4, 15
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var readErr error
	var readMu sync.Mutex
	reads := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				rs, err := ReadRecent(path)
				readMu.Lock()
				reads++
				if err == nil && len(rs) > writers*each {
					err = fmt.Errorf("%d entries", len(rs))
				}
				for i := 1; err == nil && i < len(rs); i++ {
					// each writer's own entries stay newest first
					if rs[i].Checked == rs[i-1].Checked && rs[i].Time.After(rs[i-1].Time) {
						err = fmt.Errorf("out of order: %v before %v", rs[i-1], rs[i])
					}
				}
				if err != nil && readErr == nil {
					readErr = err
				}
				readMu.Unlock()
			}
		}()
	}
	var ww sync.WaitGroup
	for w := range writers {
		ww.Add(1)
		go func() {
			defer ww.Done()
			l := &RecentList{Path: path, Max: writers * each}
			for i := range each {
				r := Recent{Path: fmt.Sprintf("/dl%d/f%d", w, i), Checked: fmt.Sprint(w), Time: time.Unix(int64(i), 0)}
				if err := l.Add(r); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	ww.Wait()
	close(stop)
	wg.Wait()
	if readErr != nil {
		t.Fatal(readErr)
	}
	rs, err := ReadRecent(path)
	if err != nil || len(rs) != writers*each {
		t.Fatalf("%d entries (%v), want %d: a write was lost", len(rs), err, writers*each)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
	t.Logf("%d reads", reads)
}

// enospc is a writer on a full disk.
type enospc struct{}

func (enospc) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// A full disk: the write fails, the list stays as it was, no temporary
// file is left, and the recorder says so once (and again only after a
// write has succeeded).
func TestRecentDiskFull(t *testing.T) {
	full := map[string]func(io.Writer) io.Writer{
		"ENOSPC": func(io.Writer) io.Writer { return enospc{} },
	}
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer f.Close()
		full["/dev/full"] = func(io.Writer) io.Writer { return f } // the kernel's own ENOSPC
	}
	for name, wrap := range full {
		t.Run(strings.Trim(name, "/"), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), recentFile)
			l := &RecentList{Path: path}
			for i := range 3 {
				if err := l.Add(recentAt(i)); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.ReadFile(path)
			l.wrap = wrap
			err := l.Add(recentAt(3))
			if !errors.Is(err, syscall.ENOSPC) && !strings.Contains(fmt.Sprint(err), "space") {
				t.Fatalf("Add on a full disk: %v", err)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "as it was") {
				t.Errorf("the error names neither the file nor what became of it: %v", err)
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Fatalf("the list changed on a failed write:\n%s\nwas\n%s", after, before)
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp")); len(left) > 0 {
				t.Errorf("temporary files left: %q", left)
			}
			var told []error
			rr := &RecentRecorder{List: l, Problem: func(err error) { told = append(told, err) }}
			for i := range 5 {
				rr.Record(recentAt(10 + i))
			}
			if len(told) != 1 {
				t.Fatalf("told %d times, want once: %v", len(told), told)
			}
			l.wrap = nil
			rr.Record(recentAt(20))
			l.wrap = wrap
			rr.Record(recentAt(21))
			if len(told) != 2 {
				t.Fatalf("a failure after a success: told %d times, want 2", len(told))
			}
			rs, _ := ReadRecent(path)
			if len(rs) != 4 || rs[0].Name() != "f020.iso" {
				t.Fatalf("list %+v", rs)
			}
		})
	}
}

// A list that cannot be read is replaced, not kept failing.
func TestRecentDamagedList(t *testing.T) {
	path := filepath.Join(t.TempDir(), recentFile)
	os.WriteFile(path, []byte("{not json"), 0o600)
	if _, err := ReadRecent(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("a damaged list read as %v", err)
	}
	l := &RecentList{Path: path}
	if err := l.Add(recentAt(1)); err != nil {
		t.Fatal(err)
	}
	if rs, err := ReadRecent(path); err != nil || len(rs) != 1 {
		t.Fatalf("%v, %v", rs, err)
	}
}

func TestRecentPath(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("XDG only")
	}
	t.Setenv("XDG_STATE_HOME", "/st")
	if p, _ := RecentPath(); p != filepath.FromSlash("/st/hashdrop/recent-checks.json") {
		t.Errorf("XDG_STATE_HOME=/st: %s", p)
	}
	t.Setenv("XDG_STATE_HOME", "relative")
	t.Setenv("HOME", "/home/u")
	if p, _ := RecentPath(); p != "/home/u/.local/state/hashdrop/recent-checks.json" {
		t.Errorf("a relative XDG_STATE_HOME: %s", p)
	}
}
