package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func touch(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o755); err != nil {
		t.Fatal(err)
	}
}

// The window program is found in the first of its places, and without it
// the error names every place looked at.
func TestWindowProgramPlaces(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, "bin", "hashdrop")
	touch(t, exe)

	_, err := windowProgram(exe)
	if err == nil {
		t.Fatal("found a window program where there is none")
	}
	for _, name := range windowNames {
		if want := filepath.Join(root, "bin", name); !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not name %q: %v", want, err)
		}
	}
	if !strings.Contains(err.Error(), "hashdrop help") {
		t.Errorf("the error does not say the subcommands work: %v", err)
	}
	// The last place first, then each earlier one takes precedence.
	for i := len(windowNames) - 1; i >= 0; i-- {
		want := filepath.Join(root, "bin", windowNames[i])
		touch(t, want)
		if got, err := windowProgram(exe); err != nil || filepath.Clean(got) != filepath.Clean(want) {
			t.Errorf("with %s: got %q, %v", windowNames[i], got, err)
		}
	}
}

// A folder where the window program should be is not taken for it.
func TestWindowProgramIsAFile(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, "hashdrop")
	touch(t, exe)
	if err := os.Mkdir(filepath.Join(root, windowNames[0]), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := windowProgram(exe); err == nil {
		t.Errorf("took the folder %q for the window program", got)
	}
}

// The command stays small and quick to start: neither the window (ui,
// Fyne) nor cgo, on Linux and in the Windows build it ships as.
func TestNoWindowInTheCommand(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	for _, goos := range []string{"linux", "windows"} {
		cmd := exec.Command(gobin, "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", ".")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list for %s: %v\n%s", goos, err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			pkg, cgoFiles, _ := strings.Cut(line, " ")
			// net's cgo files are the system's name resolver, which a
			// build without cgo (the Makefile's) replaces with Go's own:
			// verify --fetch is the command's one use of the network.
			if strings.HasPrefix(pkg, "fyne.io/") || strings.HasPrefix(pkg, "github.com/hashdrop/hashdrop/ui") || pkg != "runtime/cgo" && pkg != "net" && cgoFiles != "0" {
				t.Errorf("%s: the command imports %s (%s cgo files)", goos, pkg, cgoFiles)
			}
		}
	}
}
