package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// mappedFile writes size random bytes to a file of a folder whose file
// system is mapped, or skips the test (the decision is mappable's).
func mappedFile(t *testing.T, size int) (string, []byte) {
	t.Helper()
	was := readMapped
	readMapped = true
	t.Cleanup(func() { readMapped = was })
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
