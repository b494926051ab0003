package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// focusWindow counts the requests to bring the window to the front.
type focusWindow struct {
	fyne.Window
	raised atomic.Int32
}

func (f *focusWindow) RequestFocus() { f.raised.Add(1) }

func raisable(h *harness) *focusWindow {
	f := &focusWindow{Window: h.win}
	h.w.win = f
	return f
}

func TestHandOverQueuesFilesAndRaises(t *testing.T) {
	h := newHarness(t)
	win := raisable(h)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "ubuntu.iso.sha256"), sha256Hex("abc")+"  ubuntu.iso\n")

	go h.w.HandOver([]string{iso}) // from the instance's goroutine
	h.waitFor("the handed-over file", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if win.raised.Load() != 1 {
		t.Errorf("raised %d times, want once", win.raised.Load())
	}
	if it := h.item("ubuntu.iso"); it.sidecar == nil || it.sidecar.Outcome != checksum.Match {
		t.Errorf("the file should be checked against ubuntu.iso.sha256 next to it: %+v", it.sidecar)
	}

	// A bare second launch only asks for the window.
	go h.w.HandOver(nil)
	h.waitFor("the window raised again", func() bool { return win.raised.Load() == 2 })
	h.settle()
	if n := len(h.w.files.items); n != 1 {
		t.Errorf("%d files after an empty hand-over", n)
	}
}

func TestHandOverChecksumFileChecksAtOnce(t *testing.T) {
	h := newHarness(t)
	raisable(h)
	_, sums := sumsFolder(t)
	h.dialogs.confirm = false
	go h.w.HandOver([]string{sums})
	h.waitFor("the check to finish", func() bool { return len(h.w.files.items) == 5 && h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.item(filepath.Join("dl", "good.iso")).verdict.Status; got != verdict.OK {
		t.Errorf("good.iso: %v", got)
	}
}

// A second launch of Hashdrop hands its files to the first over app's
// single-instance socket, as main wires them: relative paths arrive absolute.
func TestSecondLaunchHandsOverToTheWindow(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("Unix sockets in XDG_RUNTIME_DIR")
	}
	run := t.TempDir()
	os.Chmod(run, 0o700)
	t.Setenv("XDG_RUNTIME_DIR", run)
	h := newHarness(t)
	win := raisable(h)

	inst, forwarded, err := desktop.Claim("hashdrop-uitest", nil)
	if err != nil || forwarded {
		t.Fatalf("first launch: forwarded %v, %v", forwarded, err)
	}
	defer inst.Close()
	inst.OnOpen(h.w.HandOver)

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "debian.iso"), "abc")
	t.Chdir(dir)
	second, forwarded, err := desktop.Claim("hashdrop-uitest", []string{"debian.iso"})
	if err != nil || !forwarded || second != nil {
		t.Fatalf("second launch: forwarded %v, %v", forwarded, err)
	}
	h.waitFor("the second launch's file", h.allFinished)
	if it := h.item("debian.iso"); it.path != filepath.Join(dir, "debian.iso") {
		t.Errorf("path %q, want it absolute", it.path)
	}
	if win.raised.Load() != 1 {
		t.Errorf("raised %d times", win.raised.Load())
	}
}
