//go:build unix

package cli

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func TestSumOutNeverReplacesAnInput(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"v.txt": 100, "w.txt": 10})
	t.Chdir(dir)
	os.Link("v.txt", "hard")
	os.Symlink("v.txt", "soft")
	for _, out := range []string{"v.txt", "hard", "soft"} {
		for _, force := range []string{"--tag", "--force"} {
			_, errs, code := run(nil, "sum", force, "-o", out, "w.txt", "v.txt")
			got, _ := os.ReadFile("v.txt")
			if code != ExitFail || !strings.Contains(errs, "one of the files to read") || !bytes.Equal(got, data["v.txt"]) {
				t.Errorf("sum %s -o %s w.txt v.txt: code %d, stderr %q, v.txt changed: %v", force, out, code, errs, !bytes.Equal(got, data["v.txt"]))
			}
		}
	}
	if st, _ := os.Stat("v.txt"); st.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Error("the hard link was broken")
	}
	if entries, _ := os.ReadDir("."); len(entries) != 4 {
		t.Errorf("files left behind: %v", entries)
	}
}

func TestSumOutHonoursTheUmask(t *testing.T) {
	dir, _ := writeFiles(t, map[string]int{"a": 1})
	t.Chdir(dir)
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	if _, errs, code := run(nil, "sum", "-o", "SUMS", "a"); code != ExitOK {
		t.Fatal(errs)
	}
	syscall.Umask(0o027)
	if _, errs, code := run(nil, "sum", "-o", "SUMS2", "a"); code != ExitOK {
		t.Fatal(errs)
	}
	for name, want := range map[string]fs.FileMode{"SUMS": 0o644, "SUMS2": 0o640} {
		if st, err := os.Stat(name); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", name, st.Mode().Perm(), want)
		}
	}
}

// Ctrl+C while sum -o reads a pipe that never ends removes OUT's temporary
// file, writes no OUT and exits 130, as a shell reports a command it
// stopped.
func TestSumOutInterruptedLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	fifo := apptest.Mkfifo(t, dir, "fifo")
	type outcome struct {
		stderr string
		code   int
	}
	done := make(chan outcome, 1)
	go func() {
		_, stderr, code := run(nil, "sum", "-o", "SUMS", fifo)
		done <- outcome{stderr, code}
	}()
	// The temporary file exists once the signals are caught: then Ctrl+C.
	for deadline := time.Now().Add(apptest.HangDetector); ; {
		if tmp, _ := filepath.Glob(".SUMS.*.tmp"); len(tmp) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("sum -o never created its temporary file")
		}
		runtime.Gosched()
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var got outcome
	select {
	case got = <-done:
	case <-time.After(apptest.HangDetector):
		t.Fatalf("sum -o still reads the pipe %v after Ctrl+C", apptest.HangDetector)
	}
	if got.code != 130 || !strings.Contains(got.stderr, "interrupted: SUMS not written") {
		t.Errorf("code %d, stderr %q", got.code, got.stderr)
	}
	if left, _ := filepath.Glob(".SUMS*"); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	if _, err := os.Stat("SUMS"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("SUMS written: %v", err)
	}
}
