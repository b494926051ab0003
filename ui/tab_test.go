package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// focusables are the controls of o that Tab may reach: visible, enabled and
// focusable, in the order of the tree.
func focusables(o fyne.CanvasObject) []fyne.Focusable {
	if o == nil || !o.Visible() {
		return nil
	}
	var out []fyne.Focusable
	if f, ok := o.(fyne.Focusable); ok {
		if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
			out = append(out, f)
		}
	}
	switch c := o.(type) {
	case *fyne.Container:
		for _, k := range c.Objects {
			out = append(out, focusables(k)...)
		}
	case fyne.Widget:
		if _, ok := o.(fyne.Focusable); !ok { // a focusable widget is one stop
			for _, k := range test.WidgetRenderer(c).Objects() {
				out = append(out, focusables(k)...)
			}
		}
	}
	return out
}

// On a 1366 x 768 laptop, with files hashed and a verdict, Tab reaches
// every control of the window, one after the other.
func TestTabReachesEveryControl(t *testing.T) {
	h := newHarness(t)
	h.win.Resize(laptop)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "xyz")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(sha256Hex("abc"))
	h.settle()

	want := focusables(h.win.Content())
	if len(want) < 8 {
		t.Fatalf("only %d controls found: the walk misses the window's", len(want))
	}
	reached := map[fyne.Focusable]bool{}
	c := h.win.Canvas()
	for range 3 * len(want) {
		c.FocusNext()
		if f := c.Focused(); f != nil {
			reached[f] = true
		}
	}
	for _, f := range want {
		if !reached[f] {
			t.Errorf("Tab never reaches %T %v", f, f)
		}
	}
}
