package ui

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// testClock is a clock that moves only when the test says so: the queue's
// (app.Options.Now), and so the window's.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

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

// tapFile is a regular file of size bytes (zeros) that hands out only what
// the test lets through (let), then waits.
type tapFile struct {
	size int64
	mu   sync.Mutex
	off  int64
	open int64 // bytes let through so far
	more chan struct{}
}

func (f *tapFile) Read(p []byte) (int, error) {
	for {
		f.mu.Lock()
		off, open := f.off, f.open
		f.mu.Unlock()
		if off == f.size {
			return 0, io.EOF
		}
		if off < open {
			n := int(min(int64(len(p)), open-off))
			clear(p[:n])
			f.mu.Lock()
			f.off += int64(n)
			f.mu.Unlock()
			return n, nil
		}
		<-f.more
	}
}

func (f *tapFile) let(n int64) {
	f.mu.Lock()
	f.open = min(f.open+n, f.size)
	f.mu.Unlock()
	f.more <- struct{}{}
}

func (f *tapFile) Close() error               { return nil }
func (f *tapFile) Stat() (fs.FileInfo, error) { return tapInfo{f.size}, nil }

type tapInfo struct{ size int64 }

func (i tapInfo) Name() string       { return "big.iso" }
func (i tapInfo) Size() int64        { return i.size }
func (i tapInfo) Mode() fs.FileMode  { return 0o644 }
func (i tapInfo) ModTime() time.Time { return time.Unix(1e9, 0) }
func (i tapInfo) IsDir() bool        { return false }
func (i tapInfo) Sys() any           { return nil }

// poll ticks the window and runs its queued work until cond holds, for
// states of the queue's goroutines that no event announces; a minute
// without it fails the test.
func poll(h *harness, what string, cond func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		h.drain()
		h.w.Tick()
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("never: %s", what)
		}
		runtime.Gosched()
	}
}

// The window's times are the queue's clock: a card's live speed and time
// left move as the test moves the clock, and a finished card's time is the
// clock's, with no sleep and no wall-clock time in the figures.
func TestCardTimesFollowTheClock(t *testing.T) {
	isolateHome(t)
	const mib = 1 << 20
	f := &tapFile{size: 10 * mib, more: make(chan struct{}, 1)}
	clk := &testClock{now: time.Unix(2e9, 0)}
	q := app.NewQueue(app.Options{ChunkSize: mib, Readers: 1, Now: clk.Now,
		Open: func(string) (app.File, error) { return f, nil }})
	core := &appCore{queue: q}
	t.Cleanup(core.Close)
	a := test.NewTempApp(t)
	h := &harness{t: t, app: a, dialogs: &fakeDialogs{}, queue: make(chan func(), 1<<10)}
	h.win = a.NewWindow("Hashdrop")
	h.w = New(a, h.win, core, Config{Dialogs: h.dialogs, Do: func(f func()) { h.queue <- f }, Manual: true})
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256")})

	// A file of that size on disk, as the window lists it; the queue reads
	// f instead (Options.Open).
	path := filepath.Join(t.TempDir(), "big.iso")
	if err := os.WriteFile(path, nil, 0o644); err != nil || os.Truncate(path, f.size) != nil {
		t.Fatal(err)
	}
	h.w.Add([]string{path})
	poll(h, "reading", func() bool { return len(h.w.files.items) == 1 && h.w.files.items[0].state == stateHashing })
	it := h.w.files.items[0]
	card := h.card(it)
	bar := func() string {
		h.w.Tick()
		card.update()
		return card.barText.Text
	}
	// hashed waits until SHA-256 has hashed what was let through: a state
	// of the queue's goroutines that no event announces.
	hashed := func(n int64) {
		poll(h, "SHA-256 at the bytes let through", func() bool { return it.job.Progress().Done == n })
	}

	// 2 MiB in the first 200 ms: 10.5 MB/s, 8 MiB left at that speed.
	clk.advance(200 * time.Millisecond)
	f.let(2 * mib)
	hashed(2 * mib)
	// (The speed is over the last ten 100 ms slots of the clock, or the
	// job's life when shorter: app's meter.)
	if got, want := bar(), "20% · "+units.Rate(2*mib/0.2)+" · less than a second left"; got != want {
		t.Errorf("after 200 ms: %q, want %q", got, want)
	}
	// Nothing more until 1 s: the same 2 MiB over 0.9 s, and the time left
	// grows to 8 MiB at that speed, 3.6 s.
	clk.advance(800 * time.Millisecond)
	if got, want := bar(), "20% · "+units.Rate(2*mib/0.9)+" · 4 s left"; got != want {
		t.Errorf("stalled until 1 s: %q, want %q", got, want)
	}
	if got, want := h.w.status.Text, "0 of 1 file hashed · "+units.Rate(2*mib/0.9)+" · 4 s left"; got != want {
		t.Errorf("status line at 1 s: %q, want %q", got, want)
	}
	// 6 MiB more at 1.5 s: the first 2 MiB are out of the last second.
	clk.advance(500 * time.Millisecond)
	f.let(6 * mib)
	hashed(8 * mib)
	if got, want := bar(), "80% · "+units.Rate(6*mib/0.9)+" · less than a second left"; got != want {
		t.Errorf("at 1.5 s: %q, want %q", got, want)
	}

	// The rest at 3 s: the card says it took 3 s, the time on the clock
	// since the reading began (the first tick saw it hashing at 0 s).
	clk.advance(1500 * time.Millisecond)
	f.let(2 * mib)
	poll(h, "done", h.allFinished)
	card.update()
	if got, want := card.info.Text, "Hashed in 3 s · "+units.Rate(10*mib/3.0); got != want {
		t.Errorf("finished: %q, want %q", got, want)
	}
	if got, want := h.w.status.Text, "1 file hashed ("+units.Size(10*mib)+")"; got != want {
		t.Errorf("status line at the end: %q, want %q", got, want)
	}
}
