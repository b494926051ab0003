package app

import (
	"io"
	"math"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

func TestMeterSpeedOverTheLastSecond(t *testing.T) {
	var m meter
	ms := time.Millisecond
	start := 10 * time.Second
	// 1 MB every 10 ms for two seconds: 100 MB/s.
	for now := start; now < start+2*time.Second; now += 10 * ms {
		m.add(1e6, now)
	}
	now := start + 2*time.Second
	if got := m.speed(now, start); math.Abs(got-100e6) > 5e6 {
		t.Errorf("steady: %.0f B/s, want 100e6", got)
	}
	if got := m.total(); got != 200e6 {
		t.Errorf("total %d", got)
	}
	// Half a second after the writer stalled the figure has halved...
	if got := m.speed(now+500*ms, start); math.Abs(got-50e6) > 6e6 {
		t.Errorf("stalled 0.5 s: %.0f B/s, want about 50e6", got)
	}
	// ...and after a second it is 0, not the last figure.
	if got := m.speed(now+1100*ms, start); got != 0 {
		t.Errorf("stalled 1.1 s: %.0f B/s, want 0", got)
	}
	// It picks up again; slots left from before the stall do not count.
	later := now + 5*time.Second
	m.add(2e6, later)
	if got := m.speed(later+50*ms, start); math.Abs(got-2e6) > 0.2e6 {
		t.Errorf("after a burst: %.0f B/s, want about 2e6 (2 MB within the last second)", got)
	}
	// A job that just started is measured over its own life, not a second.
	var fresh meter
	fresh.add(30e6, start+200*ms)
	if got := fresh.speed(start+300*ms, start); got != 100e6 {
		t.Errorf("young job: %.0f B/s, want 100e6", got)
	}
}

func TestRemaining(t *testing.T) {
	for _, c := range []struct {
		done, total int64
		speed       float64
		want        time.Duration
	}{
		{0, 100e6, 50e6, 2 * time.Second},
		{50e6, 100e6, 50e6, time.Second},
		{100e6, 100e6, 50e6, 0},
		{10, 100, 0, -1},  // stalled
		{10, -1, 1e6, -1}, // stream of unknown size
	} {
		if got := remaining(c.done, c.total, c.speed); got != c.want {
			t.Errorf("remaining(%d, %d, %g) = %v, want %v", c.done, c.total, c.speed, got, c.want)
		}
	}
}

// testClock is a Queue's clock that moves only when the test says so.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func newTestClock() *testClock { return &testClock{now: time.Unix(1e9, 0)} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// waitUntil yields until cond holds, for a state no event announces (the
// units catching up with the reader); a minute without it fails the test.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		runtime.Gosched()
	}
}

// slowFile is a regular file of size bytes served in small reads, that
// stops at hold until release is closed; held is closed when it gets there.
type slowFile struct {
	fakeFile
	hold    int
	held    chan struct{}
	release chan struct{}
}

func (f *slowFile) Read(p []byte) (int, error) {
	if f.off == f.hold {
		close(f.held)
		<-f.release
	}
	if f.off < f.hold {
		p = p[:min(len(p), f.hold-f.off)]
	}
	runtime.Gosched() // let the window's samples in between
	return f.fakeFile.Read(p[:min(len(p), 64<<10)])
}

func TestProgressIsExactAndNeverGoesBack(t *testing.T) {
	const size = 12<<20 + 333
	data := apptest.RandomBytes(size, 7)
	f := &slowFile{fakeFile: fakeFile{name: "f", data: data, failAt: -1}, hold: 5 << 20,
		held: make(chan struct{}), release: make(chan struct{})}
	clk := newTestClock()
	q := NewQueue(Options{ChunkSize: 256 << 10, Open: func(string) (File, error) { return f, nil }, Now: clk.Now})
	defer q.Close()
	algs := []*hashing.Algorithm{apptest.Alg("crc32"), apptest.Alg("sha256"), apptest.Alg("md5")}
	j := q.Add("f", algs, nil)

	var wg sync.WaitGroup
	wg.Add(1)
	var samples int
	go func() { // a window refreshing as fast as it can
		defer wg.Done()
		last := j.Progress()
		for !last.State.Finished() {
			p := j.Progress()
			samples++
			if p.Done < last.Done || p.State < last.State || p.Done > size {
				t.Errorf("went from %d (%v) to %d (%v)", last.Done, last.State, p.Done, p.State)
			}
			for i := range p.Algorithms {
				if p.Algorithms[i].Done < last.Algorithms[i].Done || p.Algorithms[i].Done < p.Done {
					t.Errorf("%s went from %d to %d (file %d)", algs[i], last.Algorithms[i].Done, p.Algorithms[i].Done, p.Done)
				}
			}
			last = p
			runtime.Gosched()
		}
	}()

	// The reader stalls at hold; the units catch up with it.
	<-f.held
	waitUntil(t, "every algorithm at the stall", func() bool { return j.Progress().Done == 5<<20 })
	p := j.Progress()
	if p.Total != size || p.State != Hashing || p.Done != 5<<20 || p.BytesPerSec <= 0 || p.Remaining <= 0 {
		t.Errorf("while hashing: %+v", p)
	}
	clk.advance(1200 * time.Millisecond)
	p = j.Progress()
	if p.BytesPerSec != 0 || p.Remaining != -1 || p.Done != 5<<20 {
		t.Errorf("stalled for 1.2 s: %v B/s, %v left, done %d; want 0 B/s, unknown time", p.BytesPerSec, p.Remaining, p.Done)
	}
	for _, ap := range p.Algorithms {
		if ap.BytesPerSec != 0 {
			t.Errorf("stalled: %s at %v B/s", ap.Algorithm, ap.BytesPerSec)
		}
	}
	close(f.release)
	checkDigests(t, j.Wait(), algs, data)
	wg.Wait()
	p = j.Progress()
	if p.Done != size || p.Fraction() != 1 || p.BytesPerSec != 0 || p.Remaining != 0 || samples < 10 {
		t.Errorf("at the end: %+v after %d samples", p, samples)
	}
}

func TestProgressOfAStream(t *testing.T) {
	s := &stalled{n: 3 << 20, wake: make(chan struct{}), waiting: make(chan struct{})}
	q := NewQueue(Options{})
	defer q.Close()
	j := q.AddReader("-", s, []*hashing.Algorithm{apptest.Alg("sha1")}, nil)
	<-s.waiting
	waitUntil(t, "SHA-1 at the end of what was given", func() bool { return j.Progress().Done == 3<<20 })
	if p := j.Progress(); p.Total != -1 || p.Fraction() != -1 || p.Remaining != -1 {
		t.Errorf("stream of unknown size: %+v", p)
	}
	close(s.wake)
	j.Wait()
	if p := j.Progress(); p.Total != 3<<20 || p.Done != 3<<20 || p.Fraction() != 1 {
		t.Errorf("ended stream: %+v", p)
	}
	if _, err := os.Stat("/proc/cpuinfo"); err == nil { // size 0, contents not
		if res := q.Add("/proc/cpuinfo", []*hashing.Algorithm{apptest.Alg("sha1")}, nil).Wait(); res.Err != nil || res.Size == 0 {
			t.Errorf("/proc/cpuinfo: %+v", res)
		}
	}
	if p := q.Add(os.DevNull, []*hashing.Algorithm{apptest.Alg("sha1")}, nil); p.Wait().Err != nil || p.Progress().Fraction() != 1 {
		t.Errorf("empty file: %+v %+v", p.Wait(), p.Progress())
	}
}

// countingReader gives n bytes.
type countingReader struct{ n int64 }

func (r *countingReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n)
	r.n -= k
	return int(k), nil
}

func TestNoAllocationPerChunk(t *testing.T) {
	q := NewQueue(Options{ChunkSize: 64 << 10, Chunks: 4})
	defer q.Close()
	algs := []*hashing.Algorithm{apptest.Alg("crc32"), apptest.Alg("sha256"), apptest.Alg("md5")}
	mallocs := func(chunks int64) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		q.AddReader("-", &countingReader{chunks << 16}, algs, nil).Wait()
		runtime.ReadMemStats(&after)
		return after.Mallocs - before.Mallocs
	}
	mallocs(8) // warm up
	small, large := mallocs(16), mallocs(1016)
	if perChunk := float64(int64(large)-int64(small)) / 1000; perChunk > 0.05 {
		t.Errorf("%d allocations for 16 chunks, %d for 1016: %.2f per chunk", small, large, perChunk)
	}

	// Nor a buffer per file: the next file reuses the last one's.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		q.AddReader("-", &countingReader{1000}, algs, nil).Wait()
	}
	runtime.ReadMemStats(&after)
	if perFile := (after.TotalAlloc - before.TotalAlloc) / 100; perFile > 32<<10 {
		t.Errorf("%d bytes allocated per small file (a chunk is 64 KiB)", perFile)
	}
}
