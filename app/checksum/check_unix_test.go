//go:build unix

package checksum

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func TestCheckRefusesAFIFOWithoutBlocking(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	sf, _ := Parse(filepath.Join(dir, "MD5SUMS"), []byte(apptest.ABCMD5+"  pipe\n"))
	for _, allow := range []bool{false, true} {
		rep, _ := sf.Check(context.Background(), CheckOptions{AllowOutside: allow})
		if r := rep.Results[0]; r.Status != StatusRefused || !strings.Contains(EntryWords(&r), "a pipe") {
			t.Errorf("FIFO: %v %q", r.Status, EntryWords(&r))
		}
	}
}

// A checksum list read from a pipe (hashdrop check <(curl ...)) names files
// relative to the current folder.
func TestReadSumsFileFromAPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString(apptest.ABCMD5 + "  a.iso\n")
			f.Close()
		}
	}()
	sf, err := ReadFile(fifo)
	if err != nil || sf.Dir != "." || len(sf.Entries) != 1 {
		t.Fatalf("%v %+v", err, sf)
	}
}
