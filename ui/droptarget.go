package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The expected-digest field is the one drop target that does something
// other than list the files: one file dropped on the field itself gives its
// digest as the expected one. Its label and the line under it are not part
// of it (a drop a few pixels short of the field would replace a pasted
// digest by the file's own, and the verdict with it). While a drag is over
// the field a band says what a drop there does; nothing marks the rest of
// the window, where a drop lists the files as always.

// dragProbe reports, while a drag is under way over the window, where the
// pointer is in the canvas's coordinates. Nil where the windowing system
// cannot tell (Windows, macOS, Wayland: Fyne says nothing of a drag before
// the drop), and in tests unless they set one.
type dragProbe func() (fyne.Position, bool)

// dropCue is the band drawn over the field while a drag is on it.
type dropCue struct {
	obj fyne.CanvasObject
	say *widget.Label
}

func newDropCue() *dropCue {
	band := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	band.StrokeColor = theme.Color(theme.ColorNamePrimary)
	band.StrokeWidth = 2
	band.CornerRadius = theme.InputRadiusSize()
	tint := canvas.NewRectangle(withAlpha(theme.Color(theme.ColorNamePrimary), 0x30))
	tint.CornerRadius = theme.InputRadiusSize()
	say := widget.NewLabelWithStyle(tr("Drop here: this file's digest becomes the expected one"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	say.Truncation = fyne.TextTruncateEllipsis
	c := &dropCue{obj: container.NewStack(band, tint, say), say: say}
	c.obj.Hide()
	return c
}

// over puts the cue over field, the same size.
func (c *dropCue) over(field fyne.CanvasObject) fyne.CanvasObject {
	return container.NewStack(field, c.obj)
}

// show shows or hides the cue.
func (c *dropCue) show(on bool) {
	if on != c.obj.Visible() {
		if on {
			c.obj.Show()
		} else {
			c.obj.Hide()
		}
		c.obj.Refresh()
	}
}

// tell sets what the cue says a drop does: the field holds a digest
// (the file is compared with it), or not (its digest becomes the
// expected one).
func (c *dropCue) tell(holdsDigest bool) {
	text := tr("Drop here: this file's digest becomes the expected one")
	if holdsDigest {
		text = tr("Drop here: the file is compared with this digest")
	}
	if c.say.Text != text {
		c.say.SetText(text)
	}
}

func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

// onDropTarget reports whether pos, in the canvas's coordinates, is on the
// expected-digest field itself while the main view shows it.
func (w *Window) onDropTarget(pos fyne.Position) bool {
	e := w.expected.entry
	if !e.Visible() || !w.expected.object().Visible() || w.body.Objects[0] != w.mainView {
		return false
	}
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(e)
	size := e.Size()
	return pos.X >= at.X && pos.Y >= at.Y && pos.X < at.X+size.Width && pos.Y < at.Y+size.Height
}

// followDrag shows the cue while a drag is over the field, and only then
// (Tick, 10 times a second).
func (w *Window) followDrag() {
	if w.dragAt == nil {
		return
	}
	pos, dragging := w.dragAt()
	on := dragging && w.onDropTarget(pos)
	if on != w.expected.cue.obj.Visible() {
		w.tracef("drop cue %v: a drag at %v", map[bool]string{true: "shown", false: "hidden"}[on], pos)
	}
	if on {
		w.expected.cue.tell(w.holdsDigest())
	}
	w.expected.cue.show(on)
}
