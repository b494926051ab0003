package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// countedFile is an *os.File whose Stat calls are counted.
type countedFile struct {
	*os.File
	calls *fileCalls
}

func (f countedFile) Stat() (fs.FileInfo, error) {
	f.calls.add(f.Name(), "stat")
	return f.File.Stat()
}

// fileCalls counts, per file, the opens and fstats made through it.
type fileCalls struct {
	mu sync.Mutex
	n  map[string]map[string]int
}

func (c *fileCalls) add(name, op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]map[string]int{}
	}
	if c.n[name] == nil {
		c.n[name] = map[string]int{}
	}
	c.n[name][op]++
}

func (c *fileCalls) open(name string) (File, error) {
	c.add(name, "open")
	f, err := OpenFile(name)
	if err != nil {
		return nil, err
	}
	return countedFile{f.(*os.File), c}, nil
}

// A batch opens each file once and asks what it is once: a small file is
// hashed on what that fstat said; a large one too, and its job asks only
// once more, after reading it (did it change?). Every digest is right and
// the results are those of the files asked for.
func TestBatchOpensAndStatsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	algs := apptest.Algs("sha256", "md5", "sha3-256", "sha3-512", "blake3")
	var names []string
	data := map[string][]byte{}
	for i := range 200 {
		size := 100 + i*37
		if i%50 == 7 {
			size = SmallFileSize + 1 + i // large: a job of the queue
		}
		name := filepath.Join(dir, fmt.Sprintf("f%03d", i))
		data[name] = apptest.RandomBytes(size, uint64(i))
		if err := os.WriteFile(name, data[name], 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	names = append(names, filepath.Join(dir, "missing"))
	calls := &fileCalls{}
	q := NewQueue(Options{Open: calls.open})
	defer q.Close()
	var got []string
	q.HashEach(context.Background(), names, func(int) []*hashing.Algorithm { return algs }, 16, func(i int, r Result) bool {
		got = append(got, r.Path)
		if r.Path != names[i] {
			t.Errorf("result %d is of %s, want %s", i, r.Path, names[i])
		}
		if i == len(names)-1 {
			if !errors.Is(r.Err, fs.ErrNotExist) {
				t.Errorf("missing file: %v", r.Err)
			}
			return true
		}
		if r.Err != nil || r.Size != int64(len(data[r.Path])) {
			t.Fatalf("%s: %v, %d bytes", r.Path, r.Err, r.Size)
		}
		for k, a := range algs {
			if want := apptest.SumWith(a, data[r.Path]); !bytes.Equal(r.Digests[k].Sum, want) {
				t.Errorf("%s: %s %x, want %x", r.Path, a.ID, r.Digests[k].Sum, want)
			}
		}
		return true
	})
	if len(got) != len(names) {
		t.Fatalf("%d results for %d files", len(got), len(names))
	}
	for _, name := range names[:len(names)-1] {
		n := calls.n[name]
		wantStats := 1
		if len(data[name]) > SmallFileSize {
			wantStats = 2 // and once after reading, for a change
		}
		if n["open"] != 1 || n["stat"] != wantStats {
			t.Errorf("%s (%d bytes): %d opens, %d stats; want 1 and %d", filepath.Base(name), len(data[name]), n["open"], n["stat"], wantStats)
		}
	}
}

// A file that grows or shrinks between its fstat and the end of its
// reading has no digest: it changed.
func TestFileHasherSeesAChange(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	os.WriteFile(name, []byte("abcdef"), 0o644)
	for _, tc := range []struct {
		what string
		to   string
	}{{"grew", "abcdefg"}, {"shrank", "abc"}} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		os.WriteFile(name, []byte(tc.to), 0o644) // truncates and writes the same inode
		var h FileHasher
		r := h.Hash(name, f, st, apptest.Algs("sha256"))
		f.Close()
		if !errors.Is(r.Err, ErrChanged) || r.Digests != nil {
			t.Errorf("%s: %v, %d digests; want ErrChanged", tc.what, r.Err, len(r.Digests))
		}
		os.WriteFile(name, []byte("abcdef"), 0o644)
	}
}

// Cancelled, a batch ends at once: the tickets not hashed yet say so.
func TestBatchCancelled(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a": "abc", "b": "abc"})
	ctx, cancel := context.WithCancel(context.Background())
	q := NewQueue(Options{})
	defer q.Close()
	b := q.NewBatch(ctx, nil)
	defer b.Close()
	cancel()
	r := b.Add(filepath.Join(dir, "a"), nil, apptest.Algs("sha256")).Wait()
	if !errors.Is(r.Err, context.Canceled) {
		t.Errorf("after cancel: %v", r.Err)
	}
}
