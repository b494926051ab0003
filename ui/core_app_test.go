package ui

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// smallFiles writes n small files under dir and returns their paths and
// SHA-256 digests.
func smallFiles(t *testing.T, dir string, n int) (paths, sums []string) {
	t.Helper()
	for i := range n {
		data := fmt.Sprint("file ", i)
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("d%d", i%7), fmt.Sprintf("f%04d.bin", i)), data))
		sums = append(sums, sha256Hex(data))
	}
	return paths, sums
}

// countsOnly makes HashSmall give its results by count alone, not also
// by time, for the test.
func countsOnly(t *testing.T) {
	was := smallEvery
	smallEvery = time.Hour
	t.Cleanup(func() { smallEvery = was })
}

// HashSmall gives each file's result exactly once, in the order given, a
// group at a time (smallReport); a file cancelled before its result is
// "cancelled", once.
func TestHashSmallGivesEachResultOnce(t *testing.T) {
	countsOnly(t)
	const n = 600
	paths, sums := smallFiles(t, t.TempDir(), n)
	c := NewAppCore()
	defer c.Close()
	sha := []*hashing.Algorithm{mustAlg("sha256")}
	algs := make([][]*hashing.Algorithm, n)
	for i := range algs {
		algs[i] = sha
	}
	var (
		mu     sync.Mutex
		got    []Finished
		calls  int
		ended  = make(chan struct{})
		jobs   []Job
		before = make(chan struct{})
	)
	jobs = c.HashSmall(paths, algs, func(fs []Finished) {
		if fs[0].I != n-1 {
			<-before // the batch waits: the last file is cancelled before it is reached
		}
		mu.Lock()
		defer mu.Unlock()
		calls++
		got = append(got, fs...)
		if len(got) == n {
			close(ended)
		}
	})
	jobs[n-1].Cancel()
	jobs[n-1].Cancel() // once only
	close(before)
	<-ended
	mu.Lock()
	defer mu.Unlock()
	seen := make(map[int]bool)
	for _, f := range got {
		if seen[f.I] {
			t.Fatalf("file %d: two results", f.I)
		}
		seen[f.I] = true
		if f.I == n-1 {
			if app.CauseOf(f.R.Err) != app.CauseCancelled {
				t.Errorf("the file cancelled: %v", f.R.Err)
			}
			continue
		}
		if f.R.Err != nil || len(f.R.Digests) != 1 || hex.EncodeToString(f.R.Digests[0].Sum) != sums[f.I] {
			t.Errorf("file %d: %+v", f.I, f.R)
		}
	}
	// 599 results a group of 256 at most, and the cancelled one: 4 calls
	// at most, not 600.
	if calls > 4 {
		t.Errorf("%d calls of done for %d files", calls, n)
	}
}

// CancelAll ends a batch: every file not read yet is "cancelled", and
// each file still has exactly one result.
func TestHashSmallCancelAll(t *testing.T) {
	const n = 400
	paths, _ := smallFiles(t, t.TempDir(), n)
	c := NewAppCore()
	defer c.Close()
	algs := make([][]*hashing.Algorithm, n)
	for i := range algs {
		algs[i] = []*hashing.Algorithm{mustAlg("sha512")}
	}
	results := make(chan Finished, n)
	first := make(chan struct{})
	var once sync.Once
	c.HashSmall(paths, algs, func(fs []Finished) {
		once.Do(func() { close(first); c.CancelAll() })
		for _, f := range fs {
			results <- f
		}
	})
	<-first
	seen := make(map[int]bool)
	for range n {
		f := <-results
		if seen[f.I] {
			t.Fatalf("file %d: two results", f.I)
		}
		seen[f.I] = true
		if f.R.Err != nil && app.CauseOf(f.R.Err) != app.CauseCancelled {
			t.Errorf("file %d: %v", f.I, f.R.Err)
		}
	}
	select {
	case f := <-results:
		t.Errorf("a result more: %+v", f)
	default:
	}
}

// A folder of small files dropped on the real window is read in groups:
// the window is handed their results a group at a time, not a call a file,
// and every file matches its SHA256SUMS.
func TestAFolderOfSmallFilesIsReadInGroups(t *testing.T) {
	countsOnly(t)
	const n = 1000
	h := newHarness(t)
	core := NewAppCore()
	t.Cleanup(core.Close)
	h.core = nil
	calls := 0
	h.w = New(h.app, h.win, core, Config{Dialogs: h.dialogs, Manual: true, Do: func(f func()) {
		calls++
		h.queue <- f
	}})
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256")})
	root := filepath.Join(t.TempDir(), "release")
	paths, sums := smallFiles(t, root, n)
	var list strings.Builder
	for i, p := range paths {
		rel, _ := filepath.Rel(root, p)
		fmt.Fprintf(&list, "%s  %s\n", sums[i], filepath.ToSlash(rel))
	}
	writeFile(t, filepath.Join(root, "SHA256SUMS"), list.String())
	h.w.Add([]string{root})
	want := fmt.Sprintf("All %s files match the digests published for them", thousands(n))
	h.waitFor("every file checked", func() bool {
		return len(h.w.files.items) == n && h.w.files.allFinished() && strings.HasPrefix(h.w.banner.Headline(), want)
	})
	if calls > n/10 {
		t.Errorf("the window was handed work %d times for %d files", calls, n)
	}
}

// The files of a later HashSmall are read after those of the one before:
// a second reading of a folder's files waits for the first.
func TestHashSmallReadsCallsInTurn(t *testing.T) {
	const n = 300
	paths, _ := smallFiles(t, t.TempDir(), n)
	c := NewAppCore()
	defer c.Close()
	algs := func(name string) [][]*hashing.Algorithm {
		out := make([][]*hashing.Algorithm, n)
		for i := range out {
			out[i] = []*hashing.Algorithm{mustAlg(name)}
		}
		return out
	}
	var (
		mu    sync.Mutex
		order []string
		left  = 2 * n
		ended = make(chan struct{})
	)
	record := func(call string) func([]Finished) {
		return func(fs []Finished) {
			mu.Lock()
			defer mu.Unlock()
			for range fs {
				order = append(order, call)
			}
			if left -= len(fs); left == 0 {
				close(ended)
			}
		}
	}
	c.HashSmall(paths, algs("sha256"), record("first"))
	c.HashSmall(paths, algs("md5"), record("second"))
	<-ended
	for i, call := range order {
		if want := map[bool]string{true: "first", false: "second"}[i < n]; call != want {
			t.Fatalf("result %d is of the %s call", i, call)
		}
	}
}
