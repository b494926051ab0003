package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// mappedFile writes size random bytes to a file of a folder whose file
// system is mapped, or skips the test (the decision is mappable's); every
// set of algorithms reads it through the lane's mapped windows (mapAll).
func mappedFile(t *testing.T, size int) (string, []byte) {
	t.Helper()
	was := mapAll
	mapAll = true
	t.Cleanup(func() { mapAll = was })
	return largeFile(t, size)
}

// largeFile writes size random bytes to a file of a folder whose file
// system is mapped, or skips the test.
func largeFile(t *testing.T, size int) (string, []byte) {
	t.Helper()
	if size < mapMin {
		t.Fatalf("%d bytes: too small to be mapped", size)
	}
	name := filepath.Join(t.TempDir(), "large.iso")
	data := apptest.RandomBytes(size, 47)
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(name)
	defer f.Close()
	st, _ := f.Stat()
	if !mappable(f, st) {
		t.Skipf("the temporary folder's file system is read with read(2) (type %#x)", fsType(f, st))
	}
	return name, data
}

// A large file is mapped a window at a time, and every algorithm's digest
// is the one of its bytes.
func TestMappedFileDigests(t *testing.T) {
	name, data := mappedFile(t, 5*mapWindow+12345)
	var windows []int64
	mappedHook = func(off int64) { windows = append(windows, off) }
	defer func() { mappedHook = nil }()
	algs := apptest.Algs("sha256", "xxh3", "blake3", "md5")
	for _, set := range [][]string{{"sha256", "xxh3", "blake3", "md5"}, {"xxh3"}} {
		windows = nil
		algs = apptest.Algs(set...)
		q := NewQueue(Options{})
		r := q.Add(name, algs, nil).Wait()
		q.Close()
		if r.Err != nil || r.Size != int64(len(data)) {
			t.Fatalf("%v: %v, %d bytes", set, r.Err, r.Size)
		}
		for k, a := range algs {
			if want := apptest.SumWith(a, data); !bytes.Equal(r.Digests[k].Sum, want) {
				t.Errorf("%s: %x, want %x", a.ID, r.Digests[k].Sum, want)
			}
		}
		if want := []int64{0, mapWindow, 2 * mapWindow, 3 * mapWindow, 4 * mapWindow, 5 * mapWindow}; !slicesEqual(windows, want) {
			t.Errorf("%v: windows mapped at %v, want %v", set, windows, want)
		}
	}
}

// A file truncated while it is mapped and hashed (its pages gone: SIGBUS
// in the unit touching them) fails with a clear error naming it; the
// program goes on.
func TestMappedFileTruncatedWhileHashed(t *testing.T) {
	name, _ := mappedFile(t, 5*mapWindow)
	mappedHook = func(off int64) {
		if off == mapWindow { // mapped, not hashed yet: the file shrinks under it
			if err := os.Truncate(name, 4096); err != nil {
				t.Error(err)
			}
		}
	}
	defer func() { mappedHook = nil }()
	q := NewQueue(Options{})
	defer q.Close()
	j := q.Add(name, apptest.Algs("sha256", "xxh3"), nil)
	r := j.Wait()
	if !j.faulted.Load() {
		t.Errorf("no unit met the truncated pages")
	}
	var fe *FileError
	if !errors.As(r.Err, &fe) || fe.Kind != CauseChanged || !errors.Is(r.Err, ErrChanged) || r.Digests != nil {
		t.Fatalf("truncated while mapped: %v (%d digests), want a change", r.Err, len(r.Digests))
	}
	if msg := r.Err.Error(); !strings.Contains(msg, name) || !strings.Contains(msg, "changed") {
		t.Errorf("the error %q does not name the file and the cause", msg)
	}
	// The queue goes on with the next file.
	os.WriteFile(name, []byte("abc"), 0o644)
	if r := q.Add(name, apptest.Algs("sha256"), nil).Wait(); r.Err != nil || !bytes.Equal(r.Digests[0].Sum, apptest.Sum("sha256", []byte("abc"))) {
		t.Errorf("after: %+v", r)
	}
}

// directWindows makes hashMapped's windows n bytes, and records where
// each is hashed from, until the test ends.
func directWindows(t *testing.T, n int) *[]int64 {
	was := directWindow
	directWindow = n
	var offs []int64
	mappedHook = func(off int64) { offs = append(offs, off) }
	t.Cleanup(func() { directWindow, mappedHook = was, nil })
	return &offs
}

// windowsFrom are the offsets of the windows of n bytes from from to size.
func windowsFrom(from, size int64, n int) []int64 {
	var offs []int64
	for off := from; off < size; off += int64(n) {
		offs = append(offs, off)
	}
	return offs
}

// A large file is mapped and hashed a window at a time on the job's own
// goroutine where it measured faster: BLAKE3 alone spread over the cores
// from its first byte, a unit faster than soloSpeed after readSolo's
// probe. A slower lone unit, several units, and every file when
// HASHDROP_READ=read, are read with read(2). Every digest is the one of
// the file's bytes, and the progress ends at its size.
func TestDirectMappedDigests(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // two cores for the spread
	const w = 2 << 20
	name, data := largeFile(t, 5*mapMin/4+12345)
	size := int64(len(data))
	cases := []struct {
		algs    []string
		fast    bool   // forceSolo: faster than soloSpeed
		with    string // readWith
		windows []int64
		chunk   int  // Options.ChunkSize
		openIn  bool // opened by OpenIn, given to AddOpened
	}{
		{[]string{"blake3"}, false, "", windowsFrom(0, size, w), 0, false},
		{[]string{"xxh3"}, true, "", nil, 100_000, false}, // the probe ends within a page: read(2) to the end
		{[]string{"blake3"}, false, "", windowsFrom(0, size, w), 0, true},
		{[]string{"xxh3"}, true, "", windowsFrom(soloProbe, size, w), 0, true},
		{[]string{"xxh3"}, true, "", windowsFrom(soloProbe, size, w), 0, false},
		{[]string{"sha256"}, true, "", windowsFrom(soloProbe, size, w), 0, false},
		{[]string{"sha256"}, false, "", nil, 0, false},
		{[]string{"xxh3", "blake3"}, true, "", nil, 0, false},
		{[]string{"blake3"}, false, "read", nil, 0, false},
		{[]string{"xxh3"}, true, "read", nil, 0, false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/fast=%v/%q/%d/openIn=%v", c.algs, c.fast, c.with, c.chunk, c.openIn), func(t *testing.T) {
			forceSolo(t, c.fast)
			was := readWith
			readWith = c.with
			defer func() { readWith = was }()
			windows := directWindows(t, w)
			algs := apptest.Algs(c.algs...)
			q := NewQueue(Options{ChunkSize: c.chunk})
			defer q.Close()
			var j *Job
			if c.openIn { // as check opens its entries
				dir, err := os.Open(filepath.Dir(name))
				if err != nil {
					t.Fatal(err)
				}
				defer dir.Close()
				f, st, err := OpenIn(dir, filepath.Base(name))
				if err != nil {
					t.Fatal(err)
				}
				j = q.AddOpened(name, f, st, algs, nil)
			} else {
				j = q.Add(name, algs, nil)
			}
			r := j.Wait()
			checkDigests(t, r, algs, data)
			if p := j.Progress(); p.State != Done || p.Done != size || p.Algorithms[0].Done != size {
				t.Errorf("final progress %+v", p)
			}
			if !slicesEqual(*windows, c.windows) {
				t.Errorf("windows hashed from %v, want %v", *windows, c.windows)
			}
		})
	}
}

// A file truncated while a lone unit hashes it from its mapped windows
// (BLAKE3 spread over two goroutines, XXH3 after its probe) fails with a
// clear error naming it; the program goes on.
func TestDirectMappedFileTruncatedWhileHashed(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const w = 2 << 20
	for _, alg := range []string{"blake3", "xxh3"} {
		t.Run(alg, func(t *testing.T) {
			forceSolo(t, true)
			name, _ := largeFile(t, mapMin+3*w)
			windows := directWindows(t, w)
			cut := int64(soloProbe + w) // mapped (the next one too, perhaps), not hashed yet
			mappedHook = func(off int64) {
				*windows = append(*windows, off)
				if off == cut {
					if err := os.Truncate(name, 4096); err != nil {
						t.Error(err)
					}
				}
			}
			q := NewQueue(Options{})
			defer q.Close()
			j := q.Add(name, apptest.Algs(alg), nil)
			r := j.Wait()
			if !j.faulted.Load() {
				t.Errorf("no goroutine met the truncated pages (windows %v)", *windows)
			}
			var fe *FileError
			if !errors.As(r.Err, &fe) || fe.Kind != CauseChanged || !errors.Is(r.Err, ErrChanged) || r.Digests != nil {
				t.Fatalf("truncated while mapped: %v (%d digests), want a change", r.Err, len(r.Digests))
			}
			if msg := r.Err.Error(); !strings.Contains(msg, name) || !strings.Contains(msg, "changed") {
				t.Errorf("the error %q does not name the file and the cause", msg)
			}
			os.WriteFile(name, []byte("abc"), 0o644)
			if r := q.Add(name, apptest.Algs(alg), nil).Wait(); r.Err != nil || !bytes.Equal(r.Digests[0].Sum, apptest.Sum(alg, []byte("abc"))) {
				t.Errorf("after: %+v", r)
			}
		})
	}
}

// Cancelling a job that hashes mapped windows stops it at the window it
// is in, and its goroutines, the one filling the next window among them,
// are gone; no window stays mapped for it.
func TestDirectMappedCancel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const w = 2 << 20
	for _, alg := range []string{"blake3", "xxh3"} {
		t.Run(alg, func(t *testing.T) {
			forceSolo(t, true)
			name, _ := largeFile(t, mapMin+3*w)
			windows := directWindows(t, w)
			base := runtime.NumGoroutine()
			q := NewQueue(Options{})
			var j *Job
			started := make(chan struct{})
			mappedHook = func(off int64) {
				*windows = append(*windows, off)
				if len(*windows) == 2 {
					<-started
					j.Cancel()
				}
			}
			j = q.Add(name, apptest.Algs(alg), nil)
			close(started)
			r := j.Wait()
			if !errors.Is(r.Err, context.Canceled) || r.Digests != nil || j.State() != Cancelled {
				t.Errorf("after Cancel: %+v, state %v", r, j.State())
			}
			if len(*windows) != 2 {
				t.Errorf("windows hashed from %v: want two, the second cancelled", *windows)
			}
			q.Close()
			waitGoroutines(t, base)
		})
	}
}

func slicesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
