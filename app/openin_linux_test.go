package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// OpenIn gives what os.Stat says of a file, a folder, a pipe; reads the
// file; refuses to follow a link.
func TestOpenIn(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("abcdef"), 0o640)
	os.Chtimes(filepath.Join(dir, "f"), time.Now(), time.Unix(1700000000, 123456789))
	os.Mkdir(filepath.Join(dir, "sub"), 0o750)
	apptest.Mkfifo(t, dir, "pipe")
	os.Symlink("f", filepath.Join(dir, "link"))
	d, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"f", "sub", "pipe"} {
		f, st, err := OpenIn(d, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := os.Stat(filepath.Join(dir, name))
		if st.Name() != name || st.Mode() != want.Mode() || st.Size() != want.Size() || !st.ModTime().Equal(want.ModTime()) || st.IsDir() != want.IsDir() {
			t.Errorf("%s: %v %d %v, want %v %d %v", name, st.Mode(), st.Size(), st.ModTime(), want.Mode(), want.Size(), want.ModTime())
		}
		if name == "f" {
			b, err := io.ReadAll(f)
			if string(b) != "abcdef" || err != nil {
				t.Errorf("read %q, %v", b, err)
			}
			if again, err := f.Stat(); err != nil || again.Size() != 6 || !nominalSizeIsReal(f, again) {
				t.Errorf("Stat: %v, %v", again, err)
			}
		}
		if err := f.Close(); err != nil || f.Close() == nil {
			t.Errorf("%s: closing: %v, then again without error", name, err)
		}
	}
	if _, _, err := OpenIn(d, "link"); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("a link: %v, want ELOOP", err)
	}
	if _, _, err := OpenIn(d, "none"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

// nominalSizeIsReal: the file system of a file OpenIn opened is known
// (a temporary folder's sizes are real).
func nominalSizeIsReal(f File, st os.FileInfo) bool {
	return fsType(f, st) >= 0 && !nominalSize(f, st)
}

// HashEach opens a file in its folder, kept open from the second file
// named there on (one openat of the name and one fstat); a link, a file
// alone in its folder and a missing one are opened by their paths, and
// every result is the file's, its error naming it whole.
func TestHashEachOpensInFolders(t *testing.T) {
	top := t.TempDir()
	algs := apptest.Algs("sha256")
	var names []string
	data := map[string][]byte{}
	add := func(name string, size int) {
		name = filepath.Join(top, name)
		os.MkdirAll(filepath.Dir(name), 0o755)
		data[name] = apptest.RandomBytes(size, uint64(len(names)))
		if err := os.WriteFile(name, data[name], 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	for i := range 10 {
		add(fmt.Sprintf("a/f%d", i), 100+i)
		add(fmt.Sprintf("b/f%d", i), 200+i)
	}
	add("c/alone", 5)
	link := filepath.Join(top, "a", "link")
	if err := os.Symlink(filepath.Join(top, "c", "alone"), link); err != nil {
		t.Fatal(err)
	}
	data[link] = data[filepath.Join(top, "c", "alone")]
	missing := filepath.Join(top, "a", "missing")
	names = append(names, link, missing)
	var in []string
	var mu sync.Mutex
	openedIn = func(name string) { mu.Lock(); in = append(in, name); mu.Unlock() }
	defer func() { openedIn = nil }()
	q := NewQueue(Options{})
	defer q.Close()
	n := 0
	q.HashEach(context.Background(), names, func(int) []*hashing.Algorithm { return algs }, 0, func(i int, r Result) bool {
		n++
		if r.Path != names[i] {
			t.Errorf("result %d is of %s, want %s", i, r.Path, names[i])
		}
		if names[i] == missing {
			if !errors.Is(r.Err, fs.ErrNotExist) || !strings.Contains(r.Err.Error(), missing) {
				t.Errorf("missing file: %v", r.Err)
			}
			return true
		}
		if r.Err != nil || !bytes.Equal(r.Digests[0].Sum, apptest.SumWith(algs[0], data[names[i]])) {
			t.Errorf("%s: %v, %x", names[i], r.Err, r.Digests)
		}
		return true
	})
	if n != len(names) {
		t.Fatalf("%d results for %d files", n, len(names))
	}
	slices.Sort(in)
	var want []string
	for i := 1; i < 10; i++ {
		want = append(want, filepath.Join(top, "a", fmt.Sprintf("f%d", i)), filepath.Join(top, "b", fmt.Sprintf("f%d", i)))
	}
	slices.Sort(want)
	if !slices.Equal(in, want) {
		t.Errorf("opened in their folders:\n%q\nwant every file of a and b but the first of each", in)
	}
}
