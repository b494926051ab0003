package ui

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// SIGTERM to a window that does not return ends the process; one that
// returns is left to end by itself.
func TestSignalEndsAStuckWindow(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	exited := make(chan int, 1)
	done := make(chan struct{})
	go func() {
		watchSignals(sigs, make(chan struct{}), time.Millisecond, func(c int) { exited <- c })
		close(done)
	}()
	sigs <- syscall.SIGTERM
	select {
	case c := <-exited:
		if c != 143 {
			t.Errorf("exit %d, want 143", c)
		}
	case <-time.After(hangDetectorAll):
		t.Fatal("a stuck window was not ended after SIGTERM")
	}
	<-done

	returned := make(chan struct{})
	sigs = make(chan os.Signal, 1)
	go func() { watchSignals(sigs, returned, hangDetectorAll, func(c int) { exited <- c }); close(exited) }()
	sigs <- os.Interrupt
	close(returned)
	if c, ok := <-exited; ok {
		t.Errorf("a window that returned was ended anyway (exit %d)", c)
	}
}

const hangDetectorAll = 30 * time.Second
