//go:build unix

package desktop

import (
	"bufio"
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestWatchLockOnePerFolder(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	l, err := ClaimWatch(dir)
	if err != nil || l == nil {
		t.Fatalf("first claim: %v %v", l, err)
	}
	if l2, err := ClaimWatch(dir + "/."); l2 != nil || err != nil {
		t.Fatalf("a second watcher of the same folder: %v %v", l2, err)
	}
	if l3, err := ClaimWatch(t.TempDir()); l3 == nil || err != nil {
		t.Fatalf("another folder: %v %v", l3, err)
	} else {
		l3.Release()
	}
	l.Release()
	if l4, err := ClaimWatch(dir); l4 == nil || err != nil {
		t.Fatalf("after release: %v %v", l4, err)
	} else {
		l4.Release()
	}
	if stopped, err := StopWatch(dir); stopped || err != nil {
		t.Fatalf("StopWatch with no watcher: %v %v", stopped, err)
	}
}

// StopWatch ends the process that holds the folder's lock.
func TestStopWatch(t *testing.T) {
	if os.Getenv("HASHDROP_WATCH_CHILD") != "" {
		return
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWatchChild$")
	cmd.Env = append(os.Environ(), "HASHDROP_WATCH_CHILD="+dir)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "watching\n" {
		t.Fatalf("child: %q %v", line, err)
	}
	if stopped, err := StopWatch(dir); !stopped || err != nil {
		t.Fatalf("StopWatch: %v %v", stopped, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the watcher still runs")
	}
	if l, err := ClaimWatch(dir); l == nil || err != nil {
		t.Fatalf("claim after the watcher stopped: %v %v", l, err)
	} else {
		l.Release()
	}
}

func TestWatchChild(t *testing.T) {
	dir := os.Getenv("HASHDROP_WATCH_CHILD")
	if dir == "" {
		t.Skip("child process only")
	}
	l, err := ClaimWatch(dir)
	if l == nil || err != nil {
		os.Stdout.WriteString("failed\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("watching\n")
	select {}
}
