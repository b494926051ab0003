package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app"
)

// typeKey delivers a key as the desktop driver does: to the focused
// widget, or to the canvas when nothing has the focus.
func typeKey(h *harness, name fyne.KeyName) {
	e := &fyne.KeyEvent{Name: name}
	if f := h.win.Canvas().Focused(); f != nil {
		f.TypedKey(e)
		return
	}
	if on := h.win.Canvas().OnTypedKey(); on != nil {
		on(e)
	}
}

// shortcut delivers a shortcut as the desktop driver does: to the focused
// widget when it takes shortcuts, else to the canvas.
func shortcut(h *harness, s fyne.Shortcut) {
	if f, ok := h.win.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(s)
}

// Esc and Ctrl+V work wherever the focus is: after a click on a card (the
// list takes the focus), on a digest, in the digest field.
func TestEscAndPasteAreWindowWide(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc")})
	h.waitFor("listed", func() bool { return len(h.w.files.items) == 1 })

	h.win.Canvas().Focus(h.w.files.list) // a click on a card
	typeKey(h, fyne.KeyEscape)
	h.waitFor("cancelled", h.allFinished)
	if it := h.w.files.items[0]; it.state != stateCancelled {
		t.Fatalf("Esc with the list focused: the file is %v, not cancelled", it.state)
	}
	h.app.Clipboard().SetContent(sha256Hex("abc"))
	shortcut(h, &fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	h.settle()
	if got := h.w.expected.Text(); got != sha256Hex("abc") {
		t.Errorf("Ctrl+V with the list focused: the field holds %q", got)
	}

	// A digest takes no focus: a click copies it, and the keys still work.
	h.core.hold = false
	h.w.Clear()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "b.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	c := h.card(h.w.files.items[0])
	if _, ok := fyne.CanvasObject(c.rows[3].digest).(fyne.Focusable); ok {
		t.Error("a digest takes the focus from the window's keys")
	}
	test.Tap(c.rows[3].digest)
	if got := h.app.Clipboard().Content(); got != sha256Hex("abc") {
		t.Errorf("a click on the SHA-256 copied %q", got)
	}

	// The checksum-file view's list too.
	h.core.hold = true
	h.w.openSums(writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  b.iso\n"))
	h.waitFor("checking", func() bool { return h.w.sums.running() && len(h.core.jobs) > 0 && h.w.sums.job != nil })
	h.win.Canvas().Focus(h.w.sums.list)
	typeKey(h, fyne.KeyEscape)
	h.waitFor("the check to stop", func() bool { return !h.w.sums.running() })
}

// A paste of a whole digest into the field replaces the digest there; a
// paste of part of one is inserted as usual.
func TestPasteOfAWholeDigestReplaces(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	e := h.w.expected.entry
	h.win.Canvas().Focus(e)
	h.app.Clipboard().SetContent(sha256Hex("abc"))
	shortcut(h, &fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	h.app.Clipboard().SetContent("900150983cd24fb0d6963f7d28e17f72") // MD5 of abc
	shortcut(h, &fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	h.settle()
	if got := h.w.expected.Text(); got != "900150983cd24fb0d6963f7d28e17f72" {
		t.Errorf("after pasting an MD5 over a SHA-256 the field holds %q", got)
	}
	if h.w.banner.Outcome() != app.Match || !strings.Contains(h.w.banner.Headline(), "MD5") {
		t.Errorf("banner %v %q", h.w.banner.Outcome(), h.w.banner.Headline())
	}
	e.SetText("9001")
	e.CursorColumn = 4
	h.app.Clipboard().SetContent("5098") // not a digest: typed in as text
	shortcut(h, &fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	if got := h.w.expected.Text(); got != "90015098" {
		t.Errorf("a paste of some digits made %q", got)
	}
}

// "Compare with clipboard" compares with what the clipboard holds when it
// is pressed, not with what it held when the window was focused.
func TestCompareWithClipboardReadsItWhenPressed(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	h.app.Clipboard().SetContent(sha256Hex("old"))
	h.w.expected.checkClipboard()
	if !h.w.expected.compare.Visible() {
		t.Fatal("no offer")
	}
	h.app.Clipboard().SetContent(sha256Hex("abc"))
	test.Tap(h.w.expected.compare)
	h.settle()
	if got := h.w.expected.Text(); got != sha256Hex("abc") || h.w.banner.Outcome() != app.Match {
		t.Errorf("compared with %q, banner %q; want the clipboard as it is now", got, h.w.banner.Headline())
	}
	h.w.expected.checkClipboard()
	h.app.Clipboard().SetContent(sha256Hex("new"))
	h.w.expected.checkClipboard()
	h.app.Clipboard().SetContent("some text, no digest")
	test.Tap(h.w.expected.compare)
	if got := h.w.expected.Text(); got != sha256Hex("abc") {
		t.Errorf("a clipboard with no digest replaced the field with %q", got)
	}
	if h.w.expected.compare.Visible() {
		t.Error("the offer stays though the clipboard holds no digest")
	}
}
