//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// build compiles this command into dir and returns its path.
func build(t *testing.T, dir string) string {
	t.Helper()
	exe := filepath.Join(dir, "hashdrop")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

func run(exe string, args ...string) (stdout, stderr string, code int) {
	stdout, stderr, code, _ = runPid(exe, args...)
	return stdout, stderr, code
}

// runPid is run that also returns the id of the process started.
func runPid(exe string, args ...string) (stdout, stderr string, code, pid int) {
	cmd := exec.Command(exe, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Start()
	if err == nil {
		pid = cmd.Process.Pid
		err = cmd.Wait()
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		code = -1
		e.WriteString(err.Error())
	}
	return o.String(), e.String(), code, pid
}

// The subcommands run in this program; anything else replaces it with the
// window program, which gets the arguments and whose exit code is the
// command's; without one, the command says where it looked.
func TestCommandOrWindow(t *testing.T) {
	dir := t.TempDir()
	exe := build(t, dir)
	file := filepath.Join(dir, "abc.txt")
	if err := os.WriteFile(file, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}

	out, errOut, code := run(exe, "sum", "-a", "sha256", file)
	if code != 0 || !strings.Contains(out, apptest.ABCSHA256) {
		t.Fatalf("sum: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	sums := filepath.Join(dir, "SHA256SUMS")
	if err := os.WriteFile(sums, []byte(strings.Repeat("0", 64)+"  abc.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, code := run(exe, "check", sums); code != 1 || !strings.Contains(out, "abc.txt: FAILED") {
		t.Errorf("check with a FAILED entry: exit %d, stdout %q", code, out)
	}
	if _, errOut, code := run(exe, "frob"); code != 2 || !strings.Contains(errOut, `unknown command "frob"`) {
		t.Errorf("frob: exit %d, stderr %q", code, errOut)
	}

	_, errOut, code = run(exe, file)
	if code != 1 || !strings.Contains(errOut, "window program is not installed") || !strings.Contains(errOut, filepath.Join(dir, windowNames[0])) {
		t.Errorf("no window program: exit %d, stderr %q", code, errOut)
	}

	// A stand-in window program that shows what it was given.
	win := filepath.Join(dir, windowNames[0])
	script := "#!/bin/sh\necho \"window pid $$: $*\"\nexit 7\n"
	if err := os.WriteFile(win, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out, errOut, code, pid := runPid(exe, file, "more files")
	if code != 7 || !strings.HasPrefix(out, fmt.Sprintf("window pid %d: ", pid)) || !strings.HasSuffix(strings.TrimSpace(out), ": "+file+" more files") {
		t.Errorf("window: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, _, code = run(exe)
	if code != 7 || strings.TrimSpace(out) == "" {
		t.Errorf("no arguments: exit %d, stdout %q; want the window program run", code, out)
	}
	out, errOut, code = run(exe, "algos")
	if code != 0 || strings.Contains(out, "window pid") || !strings.Contains(out, "sha256") {
		t.Errorf("algos ran the window program or failed: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
