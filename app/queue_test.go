package app

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/hashing"
)

// states waits a moment for the queue to settle and returns the jobs' states.
func jobStates(jobs ...*Job) []State {
	time.Sleep(30 * time.Millisecond)
	var s []State
	for _, j := range jobs {
		s = append(s, j.State())
	}
	return s
}

func TestQueueFillsTheCoresWithoutOverloadingTheDisk(t *testing.T) {
	base := runtime.NumGoroutine()
	one := []*hashing.Algorithm{mustAlg("sha256")}
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

	// One algorithm a file on two cores: two files at once, the third waits.
	q := NewQueue(Options{})
	q.cores = 2
	s := stalls(3)
	a, b, c := q.AddReader("a", s[0], one, nil), q.AddReader("b", s[1], one, nil), q.AddReader("c", s[2], one, nil)
	if got := jobStates(a, b, c); !slices.Equal(got, []State{Hashing, Hashing, Waiting}) {
		t.Errorf("single-algorithm files on 2 cores: %v", got)
	}
	close(s[0].wake)
	a.Wait()
	if got := jobStates(b, c); !slices.Equal(got, []State{Hashing, Hashing}) {
		t.Errorf("after the first finished: %v", got)
	}
	wakeAll(s[1:])
	q.Close()

	// A file with every algorithm has both cores to itself.
	q = NewQueue(Options{})
	q.cores = 2
	s = stalls(2)
	a, b = q.AddReader("a", s[0], hashing.All(), nil), q.AddReader("b", s[1], one, nil)
	if got := jobStates(a, b); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("all algorithms then one: %v", got)
	}
	wakeAll(s)
	q.Close()

	// -j 1: one file at a time, whatever the cores.
	q = NewQueue(Options{Readers: 1})
	q.cores = 16
	s = stalls(2)
	a, b = q.AddReader("a", s[0], one, nil), q.AddReader("b", s[1], one, nil)
	if got := jobStates(a, b); !slices.Equal(got, []State{Hashing, Waiting}) {
		t.Errorf("one reader: %v", got)
	}
	// Cancelling a waiting job finishes it at once and leaves the other alone.
	b.Cancel()
	if got := jobStates(a, b); !slices.Equal(got, []State{Hashing, Cancelled}) {
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
	algs := []*hashing.Algorithm{mustAlg("crc32"), mustAlg("sha1"), mustAlg("sha3-224"), mustAlg("sha3-512")}
	var jobs []*Job
	var data [][]byte
	for i := range 60 {
		d := randomBytes(i*997, uint64(i))
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
	// then until half the lane (2 of 3) is free.
	next := make(chan *chunk)
	go func() { next <- l.get(stop) }()
	time.Sleep(10 * time.Millisecond) // let it wait
	got[1].refs.Store(2)
	got[1].release()
	got[2].refs.Store(1)
	got[2].release()
	select {
	case <-next:
		t.Fatal("got a chunk while fewer than half were free")
	case <-time.After(20 * time.Millisecond):
	}
	got[1].release()
	if c := <-next; c != got[1] && c != got[2] {
		t.Error("a released chunk was not reused")
	}
	if l.get(stop) == nil { // the other released chunk, at once
		t.Fatal("no chunk though one was free")
	}
	// Stopping wakes a waiting reader.
	go func() { next <- l.get(stop) }()
	close(stop)
	if c := <-next; c != nil {
		t.Error("get after stop returned a chunk")
	}
	if l.made != 3 {
		t.Errorf("lane grew to %d chunks", l.made)
	}
}
