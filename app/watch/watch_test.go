package watch_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/cli"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/app/watch"
)

// fakeClock is moved by the test; After's channels fire when it passes
// their time.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, waiter{c.now.Add(d), ch})
	return ch
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			kept = append(kept, w)
			continue
		}
		w.ch <- c.now
	}
	c.waiters = kept
}

// running is a watch under test.
type running struct {
	t       *testing.T
	clock   *fakeClock
	told    chan watch.Result
	checked chan watch.Result
}

func start(t *testing.T, dir string, poll bool) *running {
	r := &running{t: t, clock: &fakeClock{now: time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)},
		told: make(chan watch.Result, 100), checked: make(chan watch.Result, 100)}
	ck := &watch.Checker{Verify: cli.Verify, Get: noNetwork(t)}
	ready := make(chan struct{})
	w := &watch.Watch{Dir: dir, Clock: r.clock, Poll: poll, Check: ck.Check, Ready: func() { close(ready) },
		Told: func(res watch.Result) { r.told <- res }, Checked: func(res watch.Result) { r.checked <- res }}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-errc; err != nil {
			t.Error(err)
		}
	})
	<-ready
	return r
}

// next moves the clock a second at a time until ch gives a result (the
// events come from the system, in their own time); it fails after 15
// minutes of the watch's time.
func (r *running) next(ch chan watch.Result, what string) watch.Result {
	r.t.Helper()
	for range 900 {
		select {
		case res := <-ch:
			return res
		case <-time.After(20 * time.Millisecond):
			r.clock.advance(time.Second)
		}
	}
	r.t.Fatalf("no %s", what)
	return watch.Result{}
}

// quiet moves the clock by d and fails if anything was told.
func (r *running) quiet(d time.Duration) {
	r.t.Helper()
	for range int(d / time.Second) {
		r.clock.advance(time.Second)
		select {
		case res := <-r.told:
			r.t.Fatalf("told %s: step %v", res.Path, res.Step)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func TestRunChecksumFileArrivesAfter(t *testing.T) {
	for _, poll := range []bool{false, true} {
		t.Run(map[bool]string{false: "events", true: "polling"}[poll], func(t *testing.T) {
			dir := t.TempDir()
			r := start(t, dir, poll)
			iso := put(t, dir, "release.iso", isoData)
			if c := r.next(r.checked, "check of release.iso"); c.Path != iso || c.Step != watch.Nothing {
				t.Fatalf("checked %s: %v", c.Path, c.Step)
			}
			r.quiet(time.Minute) // nothing to check it against: no noise
			put(t, dir, "SHA256SUMS", sums("release.iso", isoData))
			res := r.next(r.told, "verdict once SHA256SUMS arrived")
			if res.Path != iso || res.Step != watch.Beside || res.Report.Headline.Colour() != verdict.Green {
				t.Fatalf("told %s: step %v, colour %v; want release.iso green by SHA256SUMS", res.Path, res.Step, res.Report.Headline.Colour())
			}
		})
	}
}

func TestRunMismatchIsToldWhenItStays(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "SHA256SUMS", sums("release.iso", isoData))
	r := start(t, dir, false)
	iso := put(t, dir, "release.iso", "damaged\n")
	if c := r.next(r.checked, "first check"); c.Report.Headline.Colour() != verdict.Red {
		t.Fatalf("first check: %v", c.Report.Headline.Colour())
	}
	select {
	case res := <-r.told:
		t.Fatalf("told %s red at the first look", res.Path)
	default:
	}
	res := r.next(r.told, "red verdict after the second look")
	if res.Path != iso || res.Report.Headline.Colour() != verdict.Red {
		t.Fatalf("told %s %v", res.Path, res.Report.Headline.Colour())
	}
}

func TestRunFirefoxDownload(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "SHA256SUMS", sums("release.iso", isoData))
	r := start(t, dir, false)
	put(t, dir, "release.iso", "")
	part := put(t, dir, "release.Xa7rT.iso.part", isoData[:5])
	r.quiet(20 * time.Second)
	f, _ := os.OpenFile(part, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(isoData[5:])
	f.Close()
	r.quiet(20 * time.Second)
	if err := os.Rename(part, filepath.Join(dir, "release.iso")); err != nil {
		t.Fatal(err)
	}
	res := r.next(r.told, "verdict after the rename")
	if filepath.Base(res.Path) != "release.iso" || res.Report.Headline.Colour() != verdict.Green {
		t.Fatalf("told %s %v", res.Path, res.Report.Headline.Colour())
	}
	r.quiet(time.Minute) // once
}

func TestRunFolderRemovedAndBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Downloads")
	os.Mkdir(dir, 0o755)
	r := start(t, dir, false)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	r.quiet(10 * time.Second)
	os.Mkdir(dir, 0o755)
	r.quiet(10 * time.Second)
	put(t, dir, "SHA256SUMS", sums("release.iso", isoData))
	put(t, dir, "release.iso", isoData)
	res := r.next(r.told, "verdict in the folder made again")
	if res.Report.Headline.Colour() != verdict.Green {
		t.Fatalf("told %s %v", res.Path, res.Report.Headline.Colour())
	}
}
