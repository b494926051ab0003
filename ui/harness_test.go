package ui

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// fakeCore hashes with app.HashFile, at once or, when held, only when the
// test releases the jobs. Checksum files are checked through a real queue
// that reads one file at a time: while the core is held, a stream that ends
// only at release (or CancelAll) is read first. Sidecars and benchmarks are
// the real ones.
type fakeCore struct {
	mu    sync.Mutex
	hold  bool
	jobs  []*fakeJob
	bench int
	queue *app.Queue
	gate  *gateReader // the stream holding the queue, or nil
}

func (c *fakeCore) Queue() *app.Queue {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.queue == nil {
		c.queue = app.NewQueue(app.Options{Readers: 1, SmallFiles: -1}) // every file a job: the gate holds them all
	}
	if c.hold && c.gate == nil {
		c.gate = &gateReader{open: make(chan struct{}), woken: make(chan struct{})}
		c.queue.AddReader("held", c.gate, nil, nil)
	}
	return c.queue
}

// gateReader is an empty stream that ends once opened; Cancel wakes it as
// it would a pipe.
type gateReader struct {
	open  chan struct{}
	once  sync.Once
	woken chan struct{}
}

func (g *gateReader) Read([]byte) (int, error) {
	select {
	case <-g.open:
		return 0, io.EOF
	case <-g.woken:
		return 0, os.ErrDeadlineExceeded
	}
}

func (g *gateReader) SetReadDeadline(time.Time) error {
	g.once.Do(func() { close(g.woken) })
	return nil
}

// openGate ends the stream holding the queue.
func (c *fakeCore) openGate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gate != nil {
		close(c.gate.open)
		c.gate = nil
	}
}

type fakeJob struct {
	core *fakeCore
	path string
	algs []*hashing.Algorithm
	done func(app.Result)
	mu   sync.Mutex
	over bool
	prog app.Progress
}

func (c *fakeCore) Hash(path string, algs []*hashing.Algorithm, done func(app.Result)) Job {
	j := &fakeJob{core: c, path: path, algs: algs, done: done, prog: app.Progress{State: app.Waiting, Total: -1}}
	c.mu.Lock()
	c.jobs = append(c.jobs, j)
	hold := c.hold
	c.mu.Unlock()
	if !hold {
		j.finish()
	}
	return j
}

// finish hashes the file and reports the result, once.
func (c *fakeCore) HashSmall(paths []string, algs [][]*hashing.Algorithm, done func([]Finished)) []Job {
	return hashSmallOneByOne(c.Hash, paths, algs, done)
}

func (j *fakeJob) finish() {
	j.mu.Lock()
	if j.over {
		j.mu.Unlock()
		return
	}
	j.over = true
	j.mu.Unlock()
	j.done(app.HashFile(context.Background(), j.path, j.algs, nil))
}

func (j *fakeJob) Progress() app.Progress {
	j.mu.Lock()
	defer j.mu.Unlock()
	p := j.prog
	p.Algorithms = nil
	for _, a := range j.algs {
		p.Algorithms = append(p.Algorithms, app.AlgorithmProgress{Algorithm: a, Done: p.Done, BytesPerSec: p.BytesPerSec})
	}
	return p
}

// setProgress makes the job look halfway through at speed bytes/s.
func (j *fakeJob) setProgress(done, total int64, speed float64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.prog = app.Progress{State: app.Hashing, Done: done, Total: total, BytesPerSec: speed,
		Remaining: time.Duration(float64(total-done) / speed * float64(time.Second))}
}

func (j *fakeJob) Cancel() {
	j.mu.Lock()
	if j.over {
		j.mu.Unlock()
		return
	}
	j.over = true
	j.mu.Unlock()
	j.done(app.Result{Path: j.path, Err: &app.FileError{Name: j.path, Kind: app.CauseCancelled, Err: context.Canceled}})
}

// release finishes every held job.
func (c *fakeCore) release() {
	c.openGate()
	c.mu.Lock()
	jobs := append([]*fakeJob(nil), c.jobs...)
	c.mu.Unlock()
	for _, j := range jobs {
		j.finish()
	}
}

func (c *fakeCore) job(i int) *fakeJob {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.jobs[i]
}

func (c *fakeCore) CancelAll() {
	c.Queue().CancelAll()
	c.openGate()
	c.mu.Lock()
	jobs := append([]*fakeJob(nil), c.jobs...)
	c.mu.Unlock()
	for _, j := range jobs {
		j.Cancel()
	}
}

func (c *fakeCore) Bench(a *hashing.Algorithm) app.BenchResult {
	c.mu.Lock()
	c.bench++
	c.mu.Unlock()
	return app.BenchResult{Algorithm: a.ID, Implementation: a.Core(), MBPerSec: float64(100 * a.Size)}
}

func (c *fakeCore) Close() {
	c.CancelAll()
	c.Queue().Close()
}

// fakeDialogs answer as the test sets them up and record what was asked.
type fakeDialogs struct {
	open     []string
	sums     string
	save     string
	confirm  bool
	asked    []string
	errs     []error
	saveName string
	cautions int // questions asked with no as the default (Caution)
}

func (d *fakeDialogs) OpenFiles(_ string, done func([]string))      { done(d.open) }
func (d *fakeDialogs) OpenFolder(_ string, done func(string))       { done("") }
func (d *fakeDialogs) OpenChecksumFile(_ string, done func(string)) { done(d.sums) }
func (d *fakeDialogs) SaveFile(_, _, name string, done func(string)) {
	d.saveName = name
	done(d.save)
}
func (d *fakeDialogs) Confirm(title, msg, _, _ string, done func(bool)) {
	d.asked = append(d.asked, title+": "+msg)
	done(d.confirm)
}
func (d *fakeDialogs) Caution(title, msg, yes, no string, done func(bool)) {
	d.cautions++
	d.Confirm(title, msg, yes, no, done)
}
func (d *fakeDialogs) Error(err error) { d.errs = append(d.errs, err) }

// harness is a window on Fyne's test driver whose background work reports
// into a queue the test goroutine runs, so tests are deterministic.
type harness struct {
	t       testing.TB
	app     fyne.App
	win     fyne.Window
	w       *Window
	core    *fakeCore
	dialogs *fakeDialogs
	queue   chan func()
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	isolateHome(t)
	return newHarnessWithApp(t, test.NewTempApp(t))
}

// isolateHome points every per-user folder at a temporary one.
func isolateHome(t testing.TB) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, ".cache"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, ".local", "share"))
	trustedKeys.reset() // the user's keys are the new home's
}

// newHarnessWithApp makes the window on a; cfg's Version (the rest is
// the harness's) is the one field a test may set.
func newHarnessWithApp(t testing.TB, a fyne.App, cfg ...Config) *harness {
	h := &harness{t: t, app: a, core: &fakeCore{}, dialogs: &fakeDialogs{}, queue: make(chan func(), 1<<16)}
	h.win = a.NewWindow("Hashdrop")
	c := Config{Dialogs: h.dialogs, Do: func(f func()) { h.queue <- f }, Manual: true}
	if len(cfg) > 0 {
		c.Version = cfg[0].Version
	}
	h.w = New(a, h.win, h.core, c)
	h.win.Resize(fyne.NewSize(940, 760))
	return h
}

// waitFor runs the queued UI work and ticks until cond holds. Between two
// looks it waits for more work from the background (every change of the
// window's state comes through it), or, while background work runs that
// may end without a word, yields. A minute without cond fails the test.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	h.wait(what, true, cond)
}

// wait is waitFor, ticking at each look or not.
func (h *harness) wait(what string, tick bool, cond func() bool) {
	h.t.Helper()
	deadline := time.After(time.Minute)
	for {
		h.drain()
		if tick {
			h.w.Tick()
		}
		if cond() {
			return
		}
		if !h.w.Idle() {
			runtime.Gosched()
			continue
		}
		select {
		case f := <-h.queue:
			f()
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s; status %q, banner %q", what, h.w.status.Text, h.w.banner.Headline())
		}
	}
}

// drain runs the queued UI work.
func (h *harness) drain() {
	for {
		select {
		case f := <-h.queue:
			f()
		default:
			return
		}
	}
}

// settle runs queued work until the window's background work has ended and
// nothing is left to run.
func (h *harness) settle() {
	h.t.Helper()
	h.waitFor("the window to settle", func() bool { return h.w.Idle() && len(h.queue) == 0 })
}

func (h *harness) allFinished() bool {
	return h.w.walking == 0 && len(h.w.files.items) > 0 && h.w.files.allFinished()
}

// item finds the file named name in the list.
func (h *harness) item(name string) *fileItem {
	h.t.Helper()
	for _, it := range h.w.files.items {
		if it.name == name {
			return it
		}
	}
	h.t.Fatalf("no file %q in the list", name)
	return nil
}

// card draws item on a card, as the list would, and returns it.
func (h *harness) card(it *fileItem) *fileCard {
	c := newFileCard(h.w)
	c.bind(it)
	return c
}

func writeFile(t *testing.T, path, data string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

var desktopShortcutO = desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}

// containsText reports whether a label or rich text under o shows text.
func containsText(o fyne.CanvasObject, text string) bool {
	found := false
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			found = found || strings.Contains(x.Text, text)
		case *widget.RichText:
			found = found || strings.Contains(x.String(), text)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return found
}
