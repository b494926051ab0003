package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A subcommand runs in this program, as on Linux: the window is not
// started (its program is missing here, which would fail the run).
func TestSubcommandRunsHere(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("abc"), 0o600)
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := run([]string{"sum", "-a", "sha256", "a.txt"}, filepath.Join(dir, "missing", windowProgram), nil, &out, &errb)
	want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a.txt\n"
	if code != 0 || out.String() != want {
		t.Errorf("sum: exit %d, %q (stderr %q), want 0, %q", code, out.String(), errb.String(), want)
	}
}

// The exit codes are the command line's: 1 for a FAILED entry, 2 for bad
// usage.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("abd"), 0o600)
	os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a.txt\n"), 0o600)
	t.Chdir(dir)
	window := filepath.Join(dir, "missing", windowProgram)
	var out, errb bytes.Buffer
	if code := run([]string{"check", "SHA256SUMS"}, window, nil, &out, &errb); code != 1 || out.String() != "a.txt: FAILED\n" {
		t.Errorf("check: exit %d, %q, want 1 and a.txt: FAILED", code, out.String())
	}
	errb.Reset()
	if code := run([]string{"frob"}, window, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "frob"`) {
		t.Errorf("frob: exit %d, stderr %q, want 2 naming the command", code, errb.String())
	}
}

// Without the window's program beside it, opening the window fails with
// the path and the cause, and exit 1.
func TestMissingWindowProgram(t *testing.T) {
	window := filepath.Join(t.TempDir(), windowProgram)
	var out, errb bytes.Buffer
	code := run(nil, window, nil, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), window) || !strings.Contains(errb.String(), "no such file") {
		t.Errorf("exit %d, stderr %q, want 1 naming %s and the cause", code, errb.String(), window)
	}
}

// The console program stays small and quick to start: neither the window
// (ui, Fyne) nor cgo, in the Windows build it ships as.
func TestNoWindowInTheConsoleProgram(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	cmd := exec.Command(gobin, "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", ".")
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, cgoFiles, _ := strings.Cut(line, " ")
		if strings.HasPrefix(pkg, "fyne.io/") || strings.HasPrefix(pkg, "github.com/hashdrop/hashdrop/ui") || cgoFiles != "0" {
			t.Errorf("the console program imports %s (%s cgo files)", pkg, cgoFiles)
		}
	}
}
