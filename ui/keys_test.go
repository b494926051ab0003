package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
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
	if h.w.banner.Outcome() != checksum.Match || !strings.Contains(h.w.banner.Headline(), "MD5") {
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
	if got := h.w.expected.Text(); got != sha256Hex("abc") || h.w.banner.Outcome() != checksum.Match {
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

// focusNext moves the focus with Tab until it is on a widget accepted by
// want, as a person pressing Tab would; it fails after a lap of the window.
func focusNext(h *harness, what string, want func(fyne.Focusable) bool) fyne.Focusable {
	h.t.Helper()
	c := h.win.Canvas()
	for range 200 {
		test.FocusNext(c)
		if f := c.Focused(); f != nil && want(f) {
			return f
		}
	}
	h.t.Fatalf("Tab never reaches %s", what)
	return nil
}

// Esc cancels wherever Tab has moved the focus: a button, the choice of
// algorithms; in a dialog it closes the dialog and cancels nothing.
func TestEscCancelsWhereverTabMovesTheFocus(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body) // the harness window shows the window's content
	h.core.hold = true
	dir := t.TempDir()
	add := func(name string) *fileItem {
		h.w.Add([]string{writeFile(t, filepath.Join(dir, name), "abc")})
		h.waitFor("listed", func() bool { return len(h.w.files.items) > 0 && h.w.files.items[len(h.w.files.items)-1].name == name })
		return h.w.files.items[len(h.w.files.items)-1]
	}
	for _, target := range []struct {
		what string
		want func(fyne.Focusable) bool
	}{
		{"a button", func(f fyne.Focusable) bool { _, ok := f.(*button); return ok }},
		{"the Cancel all button", func(f fyne.Focusable) bool { return f == fyne.Focusable(h.w.cancelAll) }},
		{"the choice of algorithms", func(f fyne.Focusable) bool { return f == fyne.Focusable(h.w.picker.preset) }},
	} {
		it := add(target.what + ".iso")
		focusNext(h, target.what, target.want)
		typeKey(h, fyne.KeyEscape)
		h.waitFor("cancelled", func() bool { return it.finished() })
		if it.state != stateCancelled {
			t.Errorf("Esc with the focus on %s: the file is %v, not cancelled", target.what, it.state)
		}
	}

	// In a dialog, Tab moves among its widgets; Esc closes it, whichever
	// has the focus, and the files go on.
	it := add("dialogs.iso")
	c := h.win.Canvas()
	for _, d := range []struct {
		what string
		open func()
		want func(fyne.Focusable) bool
	}{
		{"the algorithms' checkboxes", h.w.picker.showChooser, func(f fyne.Focusable) bool { _, ok := f.(*checkBox); return ok }},
		{"the algorithms' Done button", h.w.picker.showChooser, func(f fyne.Focusable) bool { b, ok := f.(*button); return ok && b.Text == "Done" }},
		{"a question's button", func() {
			fyneDialogs{h.win, h.w.shown}.Confirm("Question", "Read them too?", "Read them too", "Only the folder", func(yes bool) {
				if yes {
					t.Error("Esc answered yes")
				}
			})
		}, func(f fyne.Focusable) bool { b, ok := f.(*button); return ok && b.Text == "Read them too" }},
		{"nothing in an error", func() { fyneDialogs{h.win, h.w.shown}.Error(errors.New("cannot read a.iso")) }, nil},
	} {
		d.open()
		if c.Overlays().Top() == nil {
			t.Fatalf("%s: no dialog", d.what)
		}
		if d.want != nil {
			focusNext(h, d.what, d.want)
		}
		typeKey(h, fyne.KeyEscape)
		h.settle()
		if c.Overlays().Top() != nil {
			t.Errorf("Esc on %s: the dialog is still open", d.what)
			c.Overlays().Top().Hide()
		}
		if it.finished() {
			t.Fatalf("Esc on %s in a dialog cancelled the files", d.what)
		}
	}
	typeKey(h, fyne.KeyEscape) // the dialogs are closed: Esc cancels again
	h.waitFor("cancelled", func() bool { return it.finished() })
}

// In the Save checksums dialog, Tab reaches the formats; Space chooses
// one, and Esc there closes the dialog, saving nothing.
func TestSaveFormatsByKeyboard(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	h.win.SetContent(h.w.body)
	h.w.saveChecksums()
	f := h.w.saving
	bsd := f.format.Options[1]
	focusNext(h, "the BSD format", func(o fyne.Focusable) bool { b, ok := o.(*button); return ok && b.Text == bsd })
	typeKey(h, fyne.KeySpace)
	if f.format.Selected != bsd || f.gnu() || !f.one.Disabled() {
		t.Errorf("Space on the BSD format: %q chosen", f.format.Selected)
	}
	typeKey(h, fyne.KeyEscape)
	if h.win.Canvas().Overlays().Top() != nil {
		t.Error("Esc on a format left the dialog open")
	}
	if h.dialogs.saveName != "" {
		t.Errorf("Esc asked where to save %q", h.dialogs.saveName)
	}
}

// Keyboard focus shows on every button, the blue ones too, where Fyne's own
// focus colour blends into the blue: a ring in the text's colour, shown only
// while the button has the focus.
func TestFocusShowsOnTheBlueButtons(t *testing.T) {
	h := newHarness(t)
	blue := h.w.newButton("Open files…", nil, func() {})
	blue.Importance = widget.HighImportance
	plain := h.w.newButton("Clear", nil, func() {})
	h.win.SetContent(container.NewVBox(blue, plain))
	ring := func(b *button) *canvas.Rectangle { return test.WidgetRenderer(b).(*ringRenderer).ring }
	if ring(blue).Visible() || ring(plain).Visible() {
		t.Fatal("a focus ring shows before anything has the focus")
	}
	h.win.Canvas().Focus(blue)
	if !ring(blue).Visible() || ring(plain).Visible() {
		t.Errorf("focus on the blue button: its ring shown %v, the other's %v", ring(blue).Visible(), ring(plain).Visible())
	}
	if ring(blue).StrokeColor == theme.Color(theme.ColorNamePrimary) || ring(blue).StrokeWidth < 2 {
		t.Errorf("the ring (%v, %v px) does not stand out on the blue", ring(blue).StrokeColor, ring(blue).StrokeWidth)
	}
	if got, want := ring(blue).Size(), blue.Size(); got != want {
		t.Errorf("the ring is %v, the button %v", got, want)
	}
	h.win.Canvas().FocusNext()
	if ring(blue).Visible() || !ring(plain).Visible() {
		t.Errorf("after Tab: the blue ring shown %v, the other's %v", ring(blue).Visible(), ring(plain).Visible())
	}
}
