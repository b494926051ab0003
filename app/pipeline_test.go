package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// RandomBytes, returns n bytes that are the same on every run.
// checkDigests fails unless res holds, in order, every algorithm's digest of data.
func checkDigests(t *testing.T, res Result, algs []*hashing.Algorithm, data []byte) {
	t.Helper()
	if res.Err != nil {
		t.Fatalf("%s: %v", res.Path, res.Err)
	}
	if res.Size != int64(len(data)) {
		t.Errorf("%s: size %d, want %d", res.Path, res.Size, len(data))
	}
	if len(res.Digests) != len(algs) {
		t.Fatalf("%s: %d digests, want %d", res.Path, len(res.Digests), len(algs))
	}
	for i, a := range algs {
		if d := res.Digests[i]; d.Algorithm != a || !bytes.Equal(d.Sum, apptest.SumWith(a, data)) {
			t.Errorf("%s, %d bytes: digest %d is %s %x, want %s %x", res.Path, len(data), i, d.Algorithm, d.Sum, a, apptest.SumWith(a, data))
		}
	}
}

// jerkyReader returns data in reads of random length, as pipes do.
type jerkyReader struct {
	data []byte
	rng  *rand.Rand
}

func (r *jerkyReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data), 1+r.rng.IntN(100<<10))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

func TestPipelineMatchesDirectHashing(t *testing.T) {
	all := hashing.All()
	rng := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	sizes := []int{0, 1, 63, 64, 65, 4095, 4096, 4097, 100_000, 1 << 20, 1<<20 + 1, 3<<20 + 17, 5 << 20}
	for i, size := range sizes {
		chunkSize := []int{1, 7, 4096, 1 << 16, 1 << 20}[rng.IntN(5)] + rng.IntN(5000)
		chunks := 1 + rng.IntN(8)
		data := apptest.RandomBytes(size, uint64(i))
		algs := all
		if size > 1<<20 && testing.Short() || chunkSize < 100 && size > 1<<20 {
			algs = []*hashing.Algorithm{all[0], all[4], all[15]} // keep tiny chunks and -short quick
		}
		t.Run(fmt.Sprintf("%d-bytes-chunk-%d-x%d", size, chunkSize, chunks), func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprint(i))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			q := NewQueue(Options{ChunkSize: chunkSize, Chunks: chunks})
			defer q.Close()
			file := q.Add(path, algs, nil)
			stream := q.AddReader("stream", &jerkyReader{data, rand.New(rand.NewPCG(uint64(i), 3))}, algs, nil)
			checkDigests(t, file.Wait(), algs, data)
			checkDigests(t, stream.Wait(), algs, data)
			for _, j := range []*Job{file, stream} {
				p := j.Progress()
				if p.State != Done || p.Done != int64(size) || p.Total != int64(size) || p.Remaining != 0 {
					t.Errorf("%s: final progress %+v, want done at %d", j.Path(), p, size)
				}
				for k, ap := range p.Algorithms {
					if ap.Done != int64(size) || !bytes.Equal(ap.Digest, apptest.SumWith(algs[k], data)) {
						t.Errorf("%s %s: progress %+v", j.Path(), algs[k], ap)
					}
				}
			}
		})
	}
}

// waitGoroutines fails unless the number of goroutines falls back to base.
// The queue has waited for its goroutines; they may still be returning.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left, want %d:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		runtime.Gosched()
	}
}

// endless is a stream that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) { return len(p), nil }

// started is an endless stream that closes reading at its first Read.
type started struct {
	once    sync.Once
	reading chan struct{}
}

func newStarted() *started { return &started{reading: make(chan struct{})} }

func (s *started) Read(p []byte) (int, error) {
	s.once.Do(func() { close(s.reading) })
	return len(p), nil
}

// stalled is a stream that gives n bytes, then blocks until wake is
// closed; waiting, if not nil, is closed when it starts to block.
type stalled struct {
	n       int
	wake    chan struct{}
	waiting chan struct{}
	once    sync.Once
}

func (s *stalled) Read(p []byte) (int, error) {
	if s.n == 0 {
		if s.waiting != nil {
			s.once.Do(func() { close(s.waiting) })
		}
		<-s.wake
		return 0, io.EOF
	}
	k := min(len(p), s.n)
	s.n -= k
	return k, nil
}

func TestCancelIsPromptAndLeavesNoGoroutine(t *testing.T) {
	base := runtime.NumGoroutine()
	q := NewQueue(Options{Readers: 8, Cores: 8}) // start all the jobs below at once, whatever the machine
	all := hashing.All()
	endlessly := newStarted()
	running := q.AddReader("endless", endlessly, all, nil)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	defer pr.Close()
	blocked := q.AddReader("pipe", pr, all, nil) // blocked in Read: Cancel must interrupt it

	<-endlessly.reading
	for _, j := range []*Job{running, blocked} { // the pipe starts once the first is cancelled
		waitUntil(t, j.Path()+" to start", func() bool { return j.State() == Hashing })
		j.Cancel()
		res := j.Wait() // a Cancel that did not stop the job would hang here
		if !errors.Is(res.Err, context.Canceled) || res.Digests != nil || j.State() != Cancelled {
			t.Errorf("%s: after Cancel: %+v, state %v", j.Path(), res, j.State())
		}
		if res.Err.Error() != "cannot read "+j.Path()+": cancelled" {
			t.Errorf("error %q", res.Err)
		}
	}

	// CancelAll: running and waiting jobs alike, and the queue goes on working.
	q.opts.Readers = 1
	first := q.AddReader("first", endless{}, all[:2], nil)
	waiting := q.AddReader("waiting", endless{}, all[:2], nil)
	if got := jobStates(q, first, waiting); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("two jobs with one reader: %v, want hashing, waiting", got)
	}
	q.CancelAll()
	for _, j := range []*Job{first, waiting} {
		if res := j.Wait(); !errors.Is(res.Err, context.Canceled) {
			t.Errorf("%s after CancelAll: %v", j.Path(), res.Err)
		}
	}
	data := apptest.RandomBytes(1000, 9)
	checkDigests(t, q.AddReader("after", bytes.NewReader(data), all[:3], nil).Wait(), all[:3], data)

	q.Close()
	if res := q.Add("late", all, nil).Wait(); !errors.Is(res.Err, context.Canceled) {
		t.Errorf("Add after Close: %v", res.Err)
	}
	waitGoroutines(t, base)
}

func TestCancelWhileStalledOnTheSlowestAlgorithm(t *testing.T) {
	// A tiny lane makes the reader wait for the units; cancelling must wake it.
	base := runtime.NumGoroutine()
	q := NewQueue(Options{ChunkSize: 4 << 20, Chunks: 1})
	big := newStarted()
	j := q.AddReader("big", big, []*hashing.Algorithm{apptest.Alg("whirlpool"), apptest.Alg("crc32")}, nil)
	<-big.reading
	j.Cancel()
	if res := j.Wait(); !errors.Is(res.Err, context.Canceled) { // or it hangs
		t.Errorf("after Cancel: %v", res.Err)
	}
	q.Close()
	waitGoroutines(t, base)
}

func TestHashFileStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw, _ := os.Pipe()
	defer pw.Close()
	defer pr.Close()
	go func() {
		pw.Write([]byte("a")) // HashFile reads it, then waits for more
		cancel()
	}()
	res := HashFile(ctx, "-", hashing.All(), pr) // a context that did not stop it would hang here
	if !errors.Is(res.Err, context.Canceled) {
		t.Errorf("HashFile after its context ended: %v", res.Err)
	}
	data := apptest.RandomBytes(12345, 4)
	checkDigests(t, HashFile(context.Background(), "-", hashing.All(), bytes.NewReader(data)), hashing.All(), data)
}

// fakeFile serves data as a regular file whose reads fail at offset failAt.
type fakeFile struct {
	name   string
	data   []byte
	off    int
	failAt int
	err    error
}

func (f *fakeFile) Read(p []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	end := min(f.off+len(p), len(f.data))
	if f.off < f.failAt && end >= f.failAt {
		n := copy(p, f.data[f.off:f.failAt])
		f.off = f.failAt
		return n, f.err
	}
	n := copy(p, f.data[f.off:end])
	f.off += n
	return n, nil
}
func (f *fakeFile) Close() error { return nil }
func (f *fakeFile) Stat() (os.FileInfo, error) {
	return fakeInfo{f.name, int64(len(f.data))}, nil
}

type fakeInfo struct {
	name string
	size int64
}

func (i fakeInfo) Name() string       { return i.name }
func (i fakeInfo) Size() int64        { return i.size }
func (i fakeInfo) Mode() os.FileMode  { return 0o644 }
func (i fakeInfo) ModTime() time.Time { return time.Unix(1e9, 0) }
func (i fakeInfo) IsDir() bool        { return false }
func (i fakeInfo) Sys() any           { return nil }

func TestReadErrorMidFileFailsOnlyThatFile(t *testing.T) {
	good, bad := apptest.RandomBytes(3<<20+5, 1), apptest.RandomBytes(3<<20+5, 2)
	const failAt = 2<<20 + 12345
	q := NewQueue(Options{ChunkSize: 1 << 18, Open: func(name string) (File, error) {
		switch name {
		case "bad.iso":
			return &fakeFile{name: name, data: bad, failAt: failAt, err: &os.PathError{Op: "read", Path: name, Err: syscall.EIO}}, nil
		case "locked.iso":
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return &fakeFile{name: name, data: good, failAt: -1}, nil
	}})
	defer q.Close()
	algs := []*hashing.Algorithm{apptest.Alg("md5"), apptest.Alg("sha256"), apptest.Alg("sha3-256")}
	jb, jl, jg := q.Add("bad.iso", algs, nil), q.Add("locked.iso", algs, nil), q.Add("good.iso", algs, nil)

	res := jb.Wait()
	if res.Err == nil || res.Digests != nil || !errors.Is(res.Err, syscall.EIO) {
		t.Fatalf("read error: %+v", res)
	}
	if want := "cannot read bad.iso: input/output error (the disk or medium may be failing)"; res.Err.Error() != want {
		t.Errorf("error %q, want %q", res.Err, want)
	}
	if p := jb.Progress(); p.State != Failed || p.Done > failAt || p.Algorithms[0].Digest != nil {
		t.Errorf("progress after a read error at %d: %+v", failAt, p)
	}
	if res := jl.Wait(); res.Err == nil || res.Err.Error() != "cannot read locked.iso: permission denied" {
		t.Errorf("permission: %v", res.Err)
	}
	checkDigests(t, jg.Wait(), algs, good)
}

// changingFile is a real file that something alters after its first read.
type changingFile struct {
	*os.File
	change func()
	once   bool
}

func (f *changingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	if !f.once {
		f.once = true
		f.change()
	}
	return n, err
}

func TestFileChangedWhileRead(t *testing.T) {
	dir := t.TempDir()
	data := apptest.RandomBytes(3<<20, 5)
	changes := map[string]func(path string){
		"grows": func(path string) {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.Write([]byte("more"))
			f.Close()
		},
		"grows-a-lot": func(path string) {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.Write(data)
			f.Close()
		},
		"shrinks": func(path string) { os.Truncate(path, 1<<20) },
		"rewritten-same-size": func(path string) {
			f, _ := os.OpenFile(path, os.O_WRONLY, 0)
			f.WriteAt([]byte("x"), 2<<20)
			f.Close()
			os.Chtimes(path, time.Time{}, time.Now().Add(time.Hour)) // coarse clocks: make the change visible
		},
	}
	q := NewQueue(Options{ChunkSize: 1 << 16, Chunks: 2, Open: func(name string) (File, error) {
		f, err := os.Open(name)
		if err != nil || strings.HasSuffix(name, "steady") {
			return f, err
		}
		return &changingFile{File: f, change: func() { changes[filepath.Base(name)](name) }}, nil
	}})
	defer q.Close()
	algs := []*hashing.Algorithm{apptest.Alg("sha256"), apptest.Alg("crc32")}
	for name := range changes {
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		j := q.Add(path, algs, nil)
		res := j.Wait()
		if !errors.Is(res.Err, ErrChanged) || res.Digests != nil {
			t.Errorf("%s: %+v, want %v", name, res, ErrChanged)
			continue
		}
		if want := "cannot read " + path + ": changed while it was being read"; res.Err.Error() != want {
			t.Errorf("error %q, want %q", res.Err, want)
		}
		p := j.Progress()
		if p.State != Failed || p.Done > p.Total {
			t.Errorf("%s: progress %+v", name, p)
		}
		for _, ap := range p.Algorithms {
			if ap.Digest != nil {
				t.Errorf("%s: %s digest offered for a changed file", name, ap.Algorithm)
			}
		}
	}
	path := filepath.Join(dir, "steady")
	os.WriteFile(path, data, 0o644)
	checkDigests(t, q.Add(path, algs, nil).Wait(), algs, data)
}

// repeatReader gives n bytes copied from src over and over, as reading a file
// in the page cache does.
type repeatReader struct {
	src []byte
	n   int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(int64(len(p)), r.n)], r.src)
	r.n -= int64(k)
	return k, nil
}

// BenchmarkPipeline measures a 256 MiB stream through the queue; compare
// with BenchmarkHash in hashing (the pipeline should cost under 5%):
// go test -run '^$' -bench Pipeline/sha256 ./app
func BenchmarkPipeline(b *testing.B) {
	src := apptest.RandomBytes(DefaultChunkSize, 1)
	for _, ids := range []string{"sha256", "crc32", "md5,sha1,sha256,sha512", "all"} {
		algs, _ := hashing.ParseList(ids)
		b.Run(ids, func(b *testing.B) {
			const size = 256 << 20
			q := NewQueue(Options{})
			defer q.Close()
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				if res := q.AddReader("-", &repeatReader{src, size}, algs, nil).Wait(); res.Err != nil {
					b.Fatal(res.Err)
				}
			}
		})
	}
}
