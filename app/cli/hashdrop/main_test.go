package main

import (
	"os"
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

// The window program is found beside the command first (the build folder, a
// portable copy), then in ../lib/hashdrop (make install, the package).
func TestWindowProgramPlaces(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, "bin", "hashdrop")
	touch(t, exe)

	_, err := windowProgram(exe)
	if err == nil {
		t.Fatal("found a window program where there is none")
	}
	for _, want := range []string{filepath.Join(root, "bin", windowName), filepath.Join(root, "bin", "..", "lib", "hashdrop", windowName), "hashdrop help"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not name %q: %v", want, err)
		}
	}

	installed := filepath.Join(root, "lib", "hashdrop", windowName)
	touch(t, installed)
	if got, err := windowProgram(exe); err != nil || filepath.Clean(got) != installed {
		t.Errorf("installed layout: got %q, %v; want %q", got, err, installed)
	}

	beside := filepath.Join(root, "bin", windowName)
	touch(t, beside)
	if got, err := windowProgram(exe); err != nil || got != beside {
		t.Errorf("with one beside it too: got %q, %v; want %q first", got, err, beside)
	}
}

// A folder where the window program should be is not taken for it.
func TestWindowProgramIsAFile(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, "hashdrop")
	touch(t, exe)
	if err := os.Mkdir(filepath.Join(root, windowName), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := windowProgram(exe); err == nil {
		t.Errorf("took the folder %q for the window program", got)
	}
}
