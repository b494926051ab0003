//go:build unix

package app

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestCheckRefusesAFIFOWithoutBlocking(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	sf, _ := ParseSums(filepath.Join(dir, "MD5SUMS"), []byte(abcMD5+"  pipe\n"))
	for _, allow := range []bool{false, true} {
		rep, _ := sf.Check(context.Background(), CheckOptions{AllowOutside: allow})
		if r := rep.Results[0]; r.Status != StatusRefused || !strings.Contains(r.Reason, "a pipe") {
			t.Errorf("FIFO: %v %q", r.Status, r.Reason)
		}
	}
}
