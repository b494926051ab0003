package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// ringShown reports whether o's focus ring is drawn.
func ringShown(o fyne.Widget) bool {
	r, ok := test.WidgetRenderer(o).(*ringRenderer)
	return ok && r.ring.Visible()
}

// tabTo moves the focus with Tab until it is on the copy button of the
// digest of algorithm name, and returns the button.
func tabTo(t *testing.T, h *harness, name string) *copyButton {
	t.Helper()
	c := h.win.Canvas()
	for range 40 {
		test.FocusNext(c)
		if b, ok := c.Focused().(*copyButton); ok && b.digest.Visible() {
			for _, card := range h.w.files.cards {
				for _, r := range card.rows[:card.shown] {
					if r.copy == b && r.alg.Name == name {
						return b
					}
				}
			}
		}
	}
	t.Fatalf("Tab never reaches the copy button of the %s digest", name)
	return nil
}

// One digest of the list is copied with the keyboard: Tab stops on the
// button beside it and rings the digest too; Enter, Space or Ctrl+C copy
// it; the button shows a check mark for a moment and the window says
// which digest was copied; other shortcuts are still the window's.
func TestCopyOneDigestWithTheKeyboard(t *testing.T) {
	h := newHarness(t)
	clk := &testClock{now: time.Unix(2e9, 0)}
	h.w.now = clk.Now
	h.win.Resize(laptop)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "a.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.settle()

	sha := tabTo(t, h, "SHA-256")
	if !ringShown(sha) || !ringShown(sha.digest) {
		t.Errorf("with the focus on the SHA-256's copy button, ring shown on it %v, on its digest %v", ringShown(sha), ringShown(sha.digest))
	}
	if sha.digest.Text != sha256Hex("abc") {
		t.Fatalf("the ringed digest is %q", sha.digest.Text)
	}
	typeKey(h, fyne.KeyReturn)
	if got := h.app.Clipboard().Content(); got != sha256Hex("abc") {
		t.Errorf("Enter copied %q, want the SHA-256", got)
	}
	if !h.w.note.Visible() || h.w.note.Text != "SHA-256 copied" {
		t.Errorf("after Enter the window says %q (shown %v)", h.w.note.Text, h.w.note.Visible())
	}
	if !strings.HasPrefix(sha.Icon.Name(), "success_") {
		t.Errorf("after the copy the button shows %s, want a check mark", sha.Icon.Name())
	}

	md5 := tabTo(t, h, "MD5") // around again
	if ringShown(sha.digest) {
		t.Error("the SHA-256 digest keeps its ring after the focus left its button")
	}
	shortcut(h, &fyne.ShortcutCopy{Clipboard: h.app.Clipboard()})
	if got := h.app.Clipboard().Content(); got != "900150983cd24fb0d6963f7d28e17f72" {
		t.Errorf("Ctrl+C copied %q, want the MD5", got)
	}
	h.w.Tick()
	if !strings.HasPrefix(md5.Icon.Name(), "success_") || strings.HasPrefix(sha.Icon.Name(), "success_") {
		t.Errorf("after copying the MD5: its button shows %s, the SHA-256's %s", md5.Icon.Name(), sha.Icon.Name())
	}
	clk.advance(copiedFor)
	h.w.Tick()
	if strings.HasPrefix(md5.Icon.Name(), "success_") {
		t.Errorf("%v after the copy the button still shows %s", copiedFor, md5.Icon.Name())
	}

	typeKey(h, fyne.KeySpace)
	if got := h.app.Clipboard().Content(); got != "900150983cd24fb0d6963f7d28e17f72" {
		t.Errorf("Space copied %q, want the MD5", got)
	}
	h.app.Clipboard().SetContent(sha256Hex("abc"))
	shortcut(h, &fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	h.settle()
	if got := h.w.expected.Text(); got != sha256Hex("abc") {
		t.Errorf("Ctrl+V on a copy button: the digest field holds %q, want the paste", got)
	}
}
