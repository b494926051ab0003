package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/hashing"
)

// laptop is the room a 1366 x 768 screen leaves a window: its title bar and
// a panel take some 70 pixels.
var laptop = fyne.NewSize(1366, 768-70)

// fits fails the test when the window's content (and the dialog over it)
// needs more room than a laptop's screen.
func fits(t *testing.T, h *harness, when string) {
	t.Helper()
	min := h.win.Content().MinSize()
	if min.Width > laptop.Width || min.Height > laptop.Height {
		t.Errorf("%s: the window needs %v, more than a 1366 x 768 screen gives it (%v)", when, min, laptop)
	}
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		if m := top.MinSize(); m.Width > laptop.Width || m.Height > laptop.Height {
			t.Errorf("%s: the dialog needs %v", when, m)
		}
	}
}

// With every algorithm chosen the window still fits a laptop: long content
// scrolls instead of growing the window.
func TestWindowFitsALaptopWithAllAlgorithms(t *testing.T) {
	h := newHarness(t)
	h.w.picker.set(hashing.All())
	fits(t, h, "empty")
	h.core.hold = true
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "xyz")})
	h.waitFor("the files listed", func() bool { return len(h.w.files.items) == 2 })
	fits(t, h, "while hashing")
	h.core.release()
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(sha256Hex("nothing of the kind"))
	h.settle()
	fits(t, h, "with a verdict")
	test.Tap(h.w.clear)
	fits(t, h, "after Clear")
	h.w.picker.showChooser()
	fits(t, h, "with Choose… open")
}
