//go:build smoke && linux && cgo

package smoke

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/ui/internal/xdnd"
)

// window is a Hashdrop started under Xvfb, with its output collected.
type window struct {
	t      *testing.T
	cmd    *exec.Cmd
	log    logBuffer
	exited chan error
}

// userEnv is the environment of a Hashdrop whose per-user folders (and so
// its preferences and single-instance socket) are under home.
func userEnv(display, home string, extra ...string) []string {
	os.MkdirAll(filepath.Join(home, "run"), 0o700)
	env := append(os.Environ(), "DISPLAY="+display, "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "XDG_RUNTIME_DIR="+filepath.Join(home, "run"),
		"HASHDROP_TRACE=1", "HASHDROP_DIALOGS=fyne")
	return append(env, extra...)
}

// start runs bin with args in dir; logName (in out) receives its output
// when it is stopped at the end of the test.
func start(t *testing.T, bin, dir, out, logName string, env []string, args ...string) *window {
	w := &window{t: t, cmd: exec.Command(bin, args...), exited: make(chan error, 1)}
	w.cmd.Dir, w.cmd.Env = dir, env
	w.cmd.Stdout, w.cmd.Stderr = &w.log, &w.log
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.exited <- w.cmd.Wait() }()
	t.Cleanup(func() {
		w.stop()
		os.WriteFile(filepath.Join(out, logName), []byte(w.log.String()), 0o644)
		if t.Failed() {
			t.Logf("%s:\n%s", logName, w.log.String())
		}
	})
	return w
}

func (w *window) stop() {
	if w.cmd.ProcessState != nil {
		return
	}
	w.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-w.exited:
	case <-time.After(10 * time.Second):
		w.cmd.Process.Kill()
		<-w.exited
		w.t.Error("the window did not quit on SIGTERM within 10 s")
	}
}

// alive fails the test if the window exited or logged a failure.
func (w *window) alive() {
	w.t.Helper()
	select {
	case err := <-w.exited:
		w.exited <- err
		w.t.Fatalf("the window exited early: %v", err)
	default:
	}
	for _, f := range failures {
		if strings.Contains(w.log.String(), f) {
			w.t.Fatalf("the window logged %q", f)
		}
	}
}

func (w *window) waitFor(what string, limit time.Duration, cond func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		w.alive()
		if time.Now().After(deadline) {
			w.t.Fatalf("timed out after %v waiting for %s", limit, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// logged waits for every line to appear in the window's output.
func (w *window) logged(limit time.Duration, lines ...string) {
	w.t.Helper()
	for _, l := range lines {
		w.waitFor("the log to say "+l, limit, func() bool { return strings.Contains(w.log.String(), l) })
	}
}

// screenshot saves the window's pixels as a PNG and checks it drew something.
func screenshot(t *testing.T, x *xdnd.Conn, win uint64, path string) {
	t.Helper()
	wx, wy, ww, wh, err := x.Geometry(win)
	if err != nil {
		t.Fatal(err)
	}
	img, err := x.Capture(image.Rect(wx, wy, wx+ww, wy+wh))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	if n := colours(img); n < 16 {
		t.Fatalf("the screenshot %s has %d colour(s): the window drew nothing (no GL?)", path, n)
	}
	t.Logf("screenshot: %s", path)
}

func outDir(t *testing.T) string {
	out := os.Getenv("HASHDROP_SMOKE_OUT")
	if out == "" {
		out = filepath.Join("..", "..", "build")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	return out
}
