//go:build linux

package ui

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// HangDetector, bounds waits for what should happen at once; no speed bound.
const hangDetector = 30 * time.Second

// Closing the window ends the process: a named pipe without a writer
// (dropped, or handed over) no longer keeps the core from closing, and the
// other files are hashed meanwhile.
func TestClosingEndsACoreWaitingForAPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	core := NewAppCore()
	algs := hashing.All()
	pipeDone := make(chan app.Result, 1)
	core.Hash(fifo, algs, func(r app.Result) { pipeDone <- r })
	other := make(chan app.Result, 1)
	core.Hash(filepath.Join(dir, "missing"), algs, func(r app.Result) { other <- r })
	select {
	case <-other:
	case <-time.After(hangDetector):
		t.Fatal("a file queued after a pipe without writer never finished")
	}
	if !closeCore(core, hangDetector) {
		t.Fatal("the core did not close with a pipe waiting for its writer")
	}
	if r := <-pipeDone; app.CauseOf(r.Err) != app.CauseCancelled {
		t.Errorf("the pipe's job ended with %v, want cancelled", r.Err)
	}
}

type stuckCore struct{ Core }

func (stuckCore) Close() { select {} }

func TestClosingGivesUpOnAStuckCore(t *testing.T) {
	if closeCore(stuckCore{}, time.Millisecond) {
		t.Error("closeCore reported a core that never closes as closed")
	}
}
