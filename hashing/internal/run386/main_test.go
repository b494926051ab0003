//go:build linux

package main

import (
	"maps"
	"strings"
	"testing"
)

// TestReadReports: a package is ok only when init said so, a failure keeps
// its cause, and a console that ends before DONE is not done.
func TestReadReports(t *testing.T) {
	console := strings.Join([]string{
		"[    0.1] Linux version 6.1",
		beginLine + "a",
		"PASS",
		endLine + "a ok",
		beginLine + "b",
		"--- FAIL: TestX",
		endLine + "b FAIL (exit status 1)",
		beginLine + "c",
	}, "\r\n")
	var echo strings.Builder
	got, done := readReports(strings.NewReader(console), &echo)
	want := map[string]string{"a": "ok", "b": "FAIL (exit status 1)"}
	if !maps.Equal(got, want) || done {
		t.Errorf("got %v, done %v; want %v, not done", got, done, want)
	}
	if !strings.Contains(echo.String(), "--- FAIL: TestX\n") {
		t.Errorf("the console was not echoed line by line:\n%s", echo.String())
	}
	if _, done := readReports(strings.NewReader(console+"\n"+endLine+"c ok\n"+doneLine+"\n"), &echo); !done {
		t.Error("DONE was not seen")
	}
}

// TestCPIOLayout: every member's header and data start on a four-byte
// boundary, as the kernel's unpacker requires, and the archive ends with
// its trailer.
func TestCPIOLayout(t *testing.T) {
	c := newCPIO()
	c.addDir("pkg")
	c.addBytes("pkg/x", []byte("hello"), 0o644)
	b := c.finish()
	if len(b)%4 != 0 {
		t.Errorf("archive of %d bytes", len(b))
	}
	for _, name := range []string{"pkg\x00", "pkg/x\x00", "TRAILER!!!\x00"} {
		i := strings.Index(string(b), name)
		if i < 110 || string(b[i-110:i-104]) != "070701" {
			t.Errorf("%q has no newc header before it", name)
		}
		if (i-110)%4 != 0 {
			t.Errorf("%q's header starts at %d", name, i-110)
		}
	}
	if i := strings.Index(string(b), "hello"); i%4 != 0 {
		t.Errorf("data starts at %d", i)
	}
}
