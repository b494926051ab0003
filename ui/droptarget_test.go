package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// Places around the expected-digest field, in the canvas's coordinates:
// on the entry itself, on its label, and on the line under it.
func fieldPlaces(h *harness) (entry, label, hint fyne.Position) {
	d := fyne.CurrentApp().Driver()
	e := h.w.expected.entry
	entry = d.AbsolutePositionForObject(e).Add(fyne.NewPos(e.Size().Width/2, e.Size().Height/2))
	label = fyne.NewPos(d.AbsolutePositionForObject(h.w.expected.object()).X+4, entry.Y)
	u := h.w.expected.understood
	hint = d.AbsolutePositionForObject(u).Add(fyne.NewPos(u.Size().Width/3, u.Size().Height/2))
	return entry, label, hint
}

// The published SHA-256 pasted, then the damaged ISO dropped on the line
// under the field (or on its label): the file is listed and compared with
// the pasted digest, which stays; the verdict is red, never replaced by a
// comparison with the file's own digest.
func TestDropBesideTheFieldListsTheFile(t *testing.T) {
	for _, where := range []string{"hint", "label"} {
		t.Run(where, func(t *testing.T) {
			h := newHarness(t)
			dir := t.TempDir()
			iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "damaged bytes")
			published := sha256Hex("the released bytes")
			h.w.expected.SetText(published)
			h.settle()
			_, label, hint := fieldPlaces(h)
			pos := map[string]fyne.Position{"hint": hint, "label": label}[where]
			if h.w.onDropTarget(pos) {
				t.Errorf("%v (the %s) is taken for the field", pos, where)
			}
			h.w.dropAt(pos, []fyne.URI{storage.NewFileURI(iso)})
			h.waitFor("the file listed and read", func() bool { return len(h.w.files.items) == 1 && h.allFinished() })
			h.settle()
			h.w.Tick()
			if got := h.w.expected.Text(); got != published {
				t.Errorf("the field holds %q, want the pasted %q", got, published)
			}
			if h.w.fromFile() || h.w.cmp.source != nil || h.w.cmp.awaiting != "" {
				t.Error("the file dropped beside the field was made the one compared with")
			}
			if o := h.w.banner.Outcome(); o != checksum.Mismatch {
				t.Errorf("banner %v %q, want the mismatch with the pasted digest", o, h.w.banner.Headline())
			}
		})
	}
}

// While a file is dragged over the field itself, and only then, a band
// over the field says what a drop there does; over the label, the line
// under it or the rest of the window there is no cue, nor once the drag
// has ended or been dropped.
func TestDropCueOnlyOverTheField(t *testing.T) {
	h := newHarness(t)
	var at fyne.Position
	dragging := false
	h.w.dragAt = func() (fyne.Position, bool) { return at, dragging }
	entry, label, hint := fieldPlaces(h)
	list := fyne.NewPos(h.win.Canvas().Size().Width/2, h.win.Canvas().Size().Height/2)
	for _, c := range []struct {
		name     string
		pos      fyne.Position
		dragging bool
		cue      bool
	}{
		{"a drag over the field", entry, true, true},
		{"a drag over its label", label, true, false},
		{"a drag over the line under it", hint, true, false},
		{"a drag over the list", list, true, false},
		{"the pointer over the field, no drag", entry, false, false},
		{"a drag over the field again", entry, true, true},
	} {
		at, dragging = c.pos, c.dragging
		h.w.Tick()
		if got := h.w.expected.cue.obj.Visible(); got != c.cue {
			t.Errorf("%s (%v): cue shown %v, want %v", c.name, c.pos, got, c.cue)
		}
	}
	if s, e := h.w.expected.cue.obj.Size(), h.w.expected.entry.Size(); s != e {
		t.Errorf("the cue is %v over a field of %v", s, e)
	}
	h.w.dropAt(list, nil)
	if h.w.expected.cue.obj.Visible() {
		t.Error("the cue stays after the drop")
	}
}
