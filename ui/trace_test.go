package ui

import (
	"bytes"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// What background work hands the window before its event loop runs is
// run by Run, in order, with what those functions hand on in turn, until
// the work rests; then the queue is off and holds nothing more.
func TestEarlyQueueRunsWhatIsHandedUntilTheWorkRests(t *testing.T) {
	var q earlyQueue
	q.start()
	var busy atomic.Int32
	var got []string
	background := func(name string, then func()) {
		busy.Add(1)
		go func() {
			defer busy.Add(-1)
			q.hold(func() { got = append(got, name); then() })
		}()
	}
	background("read the checksum file", func() {
		background("gather its files", func() { got = append(got, "queue them") })
	})
	q.run(time.Minute, func() bool { return busy.Load() > 0 })
	if want := []string{"read the checksum file", "gather its files", "queue them"}; !slices.Equal(got, want) {
		t.Errorf("ran %q, want %q", got, want)
	}
	if q.hold(func() {}) {
		t.Error("the queue still holds functions after Run stopped it")
	}
}

// Work that does not rest by the limit is left to the event loop: the
// queue runs what it holds and turns off.
func TestEarlyQueueGivesUpAtItsLimit(t *testing.T) {
	var q earlyQueue
	q.start()
	ran := 0
	q.hold(func() { ran++ })
	q.run(time.Millisecond, func() bool { return true }) // a walk that goes on
	if ran != 1 || q.hold(func() {}) {
		t.Errorf("ran %d functions; still on: %v", ran, q.on)
	}
}

// A function handed to Fyne after its event loop closed its queue (a file
// finishing as the window quits) is dropped, not a crash; other panics
// are not hidden.
func TestHandedAfterTheEndIsDropped(t *testing.T) {
	closed := make(chan func())
	close(closed)
	h := newHarness(t)
	w := New(h.app, h.win, h.core, Config{Dialogs: h.dialogs, Manual: true, Do: func(f func()) { closed <- f }})
	w.do(func() {}) // must not panic
	w.ended.Store(true)
	w.do(func() { t.Error("run after the end") })
	defer func() {
		if r := recover(); r == nil {
			t.Error("another panic was hidden")
		}
	}()
	w2 := New(h.app, h.win, h.core, Config{Dialogs: h.dialogs, Manual: true, Do: func(f func()) { panic("something else") }})
	w2.do(func() {})
}

// The trace's lines are written together while they come fast, and all
// of them by the next flush (a tick).
func TestTraceWriterHoldsFastLines(t *testing.T) {
	var out bytes.Buffer
	tw := &traceWriter{out: &out}
	tw.Write([]byte("first\n"))
	if out.String() != "first\n" {
		t.Fatalf("a lone line is not written at once: %q", out.String())
	}
	for range 100 {
		tw.Write([]byte("fast\n"))
	}
	if n := strings.Count(out.String(), "\n"); n == 101 {
		t.Log("the machine paused between lines: each was written") // not an error: time decides
	}
	tw.flush()
	if n := strings.Count(out.String(), "fast\n"); n != 100 {
		t.Errorf("%d lines of 100 written after the flush", n)
	}
}
