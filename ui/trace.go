package ui

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"
)

// traceWriter holds HASHDROP_TRACE's lines while they come fast (a line a
// file of a folder of 50,000) and writes them together, at most every
// traceEvery, or at the next tick: a lone line is written at once.
type traceWriter struct {
	mu   sync.Mutex
	out  io.Writer
	buf  []byte
	last time.Time // the last write to out
}

const traceEvery = 20 * time.Millisecond

func (t *traceWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if now := time.Now(); now.Sub(t.last) >= traceEvery {
		t.last = now
		t.flushLocked()
	}
	return len(p), nil
}

// flush writes the lines held.
func (t *traceWriter) flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.flushLocked()
}

func (t *traceWriter) flushLocked() {
	if len(t.buf) > 0 {
		t.out.Write(t.buf)
		t.buf = t.buf[:0]
	}
}

// droppedAfterTheEnd recovers the panic of a function handed to Fyne's
// event loop after the loop has ended and closed its queue (a file
// finishing as the window quits): there is nothing left to show it in.
func droppedAfterTheEnd() {
	if r := recover(); r != nil {
		if e, ok := r.(runtime.Error); ok && strings.Contains(e.Error(), "send on closed channel") {
			return
		}
		panic(r)
	}
}

// earlyQueue holds what background work gives the window (Window.do)
// between Run's start and its event loop's: Run runs it on the main
// goroutine before the window is shown, so that the files given on the
// command line are queued while the window is being made, not after.
type earlyQueue struct {
	mu   sync.Mutex
	on   bool
	fs   []func()
	wake chan struct{}
}

// start makes the queue hold what it is given.
func (q *earlyQueue) start() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.on, q.wake = true, make(chan struct{}, 1)
}

// hold keeps f and reports true while the queue is on.
func (q *earlyQueue) hold(f func()) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.on {
		return false
	}
	q.fs = append(q.fs, f)
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// run runs what the queue holds, and what it is given meanwhile, until
// busy reports false with nothing held or limit has passed; then it is
// off, and later functions go to the event loop.
func (q *earlyQueue) run(limit time.Duration, busy func() bool) {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	for {
		q.mu.Lock()
		fs := q.fs
		q.fs = nil
		if len(fs) == 0 && !busy() {
			q.on = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		for _, f := range fs {
			f()
		}
		if len(fs) > 0 {
			continue
		}
		select {
		case <-q.wake:
		case <-deadline.C:
			q.mu.Lock()
			fs := q.fs
			q.fs, q.on = nil, false
			q.mu.Unlock()
			for _, f := range fs {
				f()
			}
			return
		}
	}
}

// startTrace logs (HASHDROP_TRACE) the steps of the window's start: when
// each ended after the process started, and the CPU time used by then.
type startTrace struct {
	log   func(string, ...any) // the window's tracef, once there is a window
	steps []stepMark
}

type stepMark struct {
	what           string
	after, cpuTime time.Duration
}

func newStartTrace() *startTrace { return &startTrace{} }

// tracef logs the step what, or keeps it until there is a trace to log
// it in.
func (s *startTrace) tracef(what string) {
	s.steps = append(s.steps, stepMark{what, sinceExec(), cpuTime()})
	if s.log == nil {
		return
	}
	tracef := s.log
	for _, m := range s.steps {
		tracef("start: %s at %s after exec, %s CPU", m.what, msOrUnknown(m.after), msOrUnknown(m.cpuTime))
	}
	s.steps = nil
}

func msOrUnknown(d time.Duration) string {
	if d < 0 {
		return "?"
	}
	return fmt.Sprintf("%.0f ms", d.Seconds()*1000)
}
