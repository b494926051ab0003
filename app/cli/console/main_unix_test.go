//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeWindow writes a Hashdrop.exe into a new folder that records its
// working folder and arguments, one a line, in the file it returns.
func fakeWindow(t *testing.T) (window, record string) {
	t.Helper()
	dir := t.TempDir()
	record = filepath.Join(dir, "record")
	script := "#!/bin/sh\n{ pwd; for a in \"$@\"; do echo \"$a\"; done; } >" + record + ".tmp && mv " + record + ".tmp " + record + "\n"
	window = filepath.Join(dir, windowProgram)
	if err := os.WriteFile(window, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return window, record
}

// waitRecord returns the lines the fake window recorded.
func waitRecord(t *testing.T, record string) []string {
	t.Helper()
	for range 500 {
		if b, err := os.ReadFile(record); err == nil {
			return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the window's program was not started")
	return nil
}

// Files (or nothing) open the window: its program is started with the
// arguments as given, in this working folder, and the exit code is 0.
func TestFilesOpenTheWindow(t *testing.T) {
	for _, args := range [][]string{nil, {"a b.iso", "SHA256SUMS"}} {
		window, record := fakeWindow(t)
		dir := t.TempDir()
		for _, a := range args {
			os.WriteFile(filepath.Join(dir, a), nil, 0o600)
		}
		t.Chdir(dir)
		var out, errb bytes.Buffer
		if code := run(args, window, nil, &out, &errb); code != 0 || out.Len() != 0 || errb.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want 0 and nothing", args, code, out.String(), errb.String())
		}
		wd, _ := os.Getwd()
		if got, want := waitRecord(t, record), append([]string{wd}, args...); !slices.Equal(got, want) {
			t.Errorf("%q: the window was started with %q, want %q", args, got, want)
		}
	}
}
