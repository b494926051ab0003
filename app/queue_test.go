package app

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// jobStates tells where each job is in q: Hashing once the queue has
// started it (its goroutine may not have run yet), Waiting while it is
// queued, else its final state.
func jobStates(q *Queue, jobs ...*Job) []State {
	q.mu.Lock()
	defer q.mu.Unlock()
	var s []State
	for _, j := range jobs {
		switch {
		case slices.Contains(q.running, j):
			s = append(s, Hashing)
		case slices.Contains(q.pending, j):
			s = append(s, Waiting)
		default:
			s = append(s, j.State())
		}
	}
	return s
}

func TestQueueFillsTheCoresWithoutOverloadingTheDisk(t *testing.T) {
	base := runtime.NumGoroutine()
	one := []*hashing.Algorithm{apptest.Alg("sha256")}
	stalls := func(n int) []*stalled {
		s := make([]*stalled, n)
		for i := range s {
			s[i] = &stalled{n: 1000, wake: make(chan struct{})}
		}
		return s
	}
	wakeAll := func(s []*stalled) {
		for _, x := range s {
			close(x.wake)
		}
	}

	// One algorithm a file on two cores: two files at once, the third
	// waits. The cores are Options.Cores, not GOMAXPROCS: a window runs
	// with one processor more than it has cores.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	q := NewQueue(Options{Cores: 2})
	s := stalls(3)
	a, b, c := q.AddReader("a", s[0], one, nil), q.AddReader("b", s[1], one, nil), q.AddReader("c", s[2], one, nil)
	if got := jobStates(q, a, b, c); !slices.Equal(got, []State{Hashing, Hashing, Waiting}) {
		t.Errorf("single-algorithm files on 2 cores: %v", got)
	}
	close(s[0].wake)
	a.Wait()
	if got := jobStates(q, b, c); !slices.Equal(got, []State{Hashing, Hashing}) {
		t.Errorf("after the first finished: %v", got)
	}
	wakeAll(s[1:])
	q.Close()

	// A file with every algorithm has both cores to itself.
	q = NewQueue(Options{Cores: 2})
	s = stalls(2)
	a, b = q.AddReader("a", s[0], hashing.All(), nil), q.AddReader("b", s[1], one, nil)
	if got := jobStates(q, a, b); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("all algorithms then one: %v", got)
	}
	wakeAll(s)
	q.Close()

	// -j 1: one file at a time, whatever the cores.
	q = NewQueue(Options{Readers: 1, Cores: 16})
	s = stalls(2)
	a, b = q.AddReader("a", s[0], one, nil), q.AddReader("b", s[1], one, nil)
	if got := jobStates(q, a, b); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("one reader: %v", got)
	}
	// Cancelling a waiting job finishes it at once and leaves the other alone.
	b.Cancel()
	if got := jobStates(q, a, b); !slices.Equal(got, []State{Hashing, Cancelled}) {
		t.Errorf("after cancelling the waiting job: %v", got)
	}
	wakeAll(s)
	if res := a.Wait(); res.Err != nil {
		t.Error(res.Err)
	}
	q.Close()
	waitGoroutines(t, base)
}

func TestQueueManyFiles(t *testing.T) {
	var mu sync.Mutex
	finished := map[string]int{}
	q := NewQueue(Options{ChunkSize: 1 << 12, Chunks: 3})
	algs := []*hashing.Algorithm{apptest.Alg("crc32"), apptest.Alg("sha1"), apptest.Alg("sha3-224"), apptest.Alg("sha3-512")}
	var jobs []*Job
	var data [][]byte
	for i := range 60 {
		d := apptest.RandomBytes(i*997, uint64(i))
		data = append(data, d)
		name := fmt.Sprint("file", i)
		added := make(chan *Job, 1) // the callback may run before AddReader returns
		j := q.AddReader(name, bytes.NewReader(d), algs, func(r Result) {
			j := <-added
			mu.Lock()
			finished[name]++
			mu.Unlock()
			if r.Path != name || !j.State().Finished() {
				t.Errorf("done(%s) with result of %s, state %v", name, r.Path, j.State())
			}
			select {
			case <-j.Done():
			default:
				t.Errorf("done(%s) before Done is closed", name)
			}
		})
		added <- j
		jobs = append(jobs, j)
	}
	for i, j := range jobs {
		checkDigests(t, j.Wait(), algs, data[i])
	}
	q.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, j := range jobs {
		if finished[j.Path()] != 1 {
			t.Errorf("done called %d times for %s", finished[j.Path()], j.Path())
		}
	}
	if len(q.running) != 0 || len(q.pending) != 0 || q.busy != 0 {
		t.Errorf("idle queue: %d running, %d waiting, %d busy", len(q.running), len(q.pending), q.busy)
	}
}

func TestLaneBoundsMemory(t *testing.T) {
	l := newLane(3, 16)
	stop := make(chan struct{})
	var got []*chunk
	for range 3 {
		got = append(got, l.get(stop))
	}
	if l.made != 3 || !slices.ContainsFunc(got, func(c *chunk) bool { return len(c.buf) == 16 }) {
		t.Fatalf("made %d chunks", l.made)
	}
	// A fourth waits until a chunk is released by its last holder, and
	// then until half the lane (2 of 3) is free: only then is the reader
	// woken (ready), so that it fills several chunks in a row.
	got[1].refs.Store(2)
	got[1].release()
	got[2].refs.Store(1)
	got[2].release()
	if len(l.ready) != 0 || len(l.free) != 1 {
		t.Fatalf("one chunk of three free: ready %d, free %d; want the reader asleep", len(l.ready), len(l.free))
	}
	got[1].release()
	if len(l.ready) != 1 || len(l.free) != 2 {
		t.Fatalf("two chunks of three free: ready %d, free %d; want the reader woken", len(l.ready), len(l.free))
	}
	if c := l.get(stop); c != got[1] && c != got[2] {
		t.Error("a released chunk was not reused")
	}
	if l.get(stop) == nil { // the other released chunk, at once
		t.Fatal("no chunk though one was free")
	}
	// Stopping wakes a waiting reader.
	next := make(chan *chunk)
	go func() { next <- l.get(stop) }()
	close(stop)
	if c := <-next; c != nil {
		t.Error("get after stop returned a chunk")
	}
	if l.made != 3 {
		t.Errorf("lane grew to %d chunks", l.made)
	}
}

// BLAKE3 alone is a tree one file can hash on every idle core: the job
// takes them all, the next file waits for them, and the digest is BLAKE3's.
// With another algorithm beside it, BLAKE3 keeps one core as any unit.
func TestQueueSpreadsATreeHashOverTheIdleCores(t *testing.T) {
	b3 := []*hashing.Algorithm{apptest.Alg("blake3")}
	q := NewQueue(Options{})
	defer q.Close()
	q.cores = 4
	s := []*stalled{{n: 1000, wake: make(chan struct{})}, {n: 1000, wake: make(chan struct{})}}
	a, b := q.AddReader("a", s[0], b3, nil), q.AddReader("b", s[1], []*hashing.Algorithm{apptest.Alg("sha256")}, nil)
	if got := jobStates(q, a, b); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("BLAKE3 alone on 4 idle cores, then a file: %v", got)
	}
	if a.spread != 4 || a.weight() != 4 {
		t.Errorf("BLAKE3 alone spread over %d goroutines, weight %d; want 4 and 4", a.spread, a.weight())
	}
	close(s[0].wake)
	res := a.Wait()
	data := make([]byte, 1000)
	if len(res.Digests) != 1 || !bytes.Equal(res.Digests[0].Sum, apptest.Sum("blake3", data)) {
		t.Errorf("spread BLAKE3 digest %x, want %x", res.Digests, apptest.Sum("blake3", data))
	}
	close(s[1].wake)
	b.Wait()

	both := q.AddReader("c", bytes.NewReader(data), []*hashing.Algorithm{apptest.Alg("blake3"), apptest.Alg("sha256")}, nil)
	if res := both.Wait(); both.spread != 0 || res.Err != nil || !bytes.Equal(res.Digests[0].Sum, apptest.Sum("blake3", data)) {
		t.Errorf("BLAKE3 beside SHA-256: spread %d, %v", both.spread, res.Err)
	}
}
