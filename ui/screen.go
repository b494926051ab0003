package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// The window on the screen. Fyne 2.7 does not say how large the screen is:
// Run asks the windowing system (screenOf) once the window exists and its
// scale is known, makes the window fit the work area, and caps what the
// content may ask for, so that no banner or view grows the window past the
// screen, at FYNE_SCALE=2 too.

// screenArea is what the window learns of the screen it opens on, in the
// screen's coordinates (pixels; points on macOS): the work area (the
// screen less its panels and docks) and the room the window manager's frame
// (title bar, borders) takes around the window's content.
type screenArea struct {
	work  fyne.Size // the zero Size: unknown
	frame fyne.Size
}

// windowFrame is a title bar and two borders at the system's scale 1: the
// work area says nothing of them.
var windowFrame = fyne.NewSize(16, 48)

// room is the largest window, in Fyne units at scale, that fits the work
// area with its frame; the zero Size when the work area is unknown.
func (a screenArea) room(scale float32) fyne.Size {
	if a.work.IsZero() || scale <= 0 {
		return fyne.Size{}
	}
	w := max(a.work.Width-a.frame.Width, 0) / scale
	h := max(a.work.Height-a.frame.Height, 0) / scale
	return fyne.NewSize(w, h)
}

// firstSize is want, made to fit room when room is known.
func firstSize(want, room fyne.Size) fyne.Size {
	if room.IsZero() {
		return want
	}
	return want.Min(room)
}

// screenFit holds the window's content in a scroll that asks for no more
// than room: on a screen smaller than the content's minimum (a 1366 x 768
// laptop at FYNE_SCALE=2) the view scrolls instead of the window growing
// past the screen; on a larger one the content fills the window as before.
type screenFit struct {
	scroll *container.Scroll
	room   fyne.Size
}

func (f *screenFit) MinSize([]fyne.CanvasObject) fyne.Size {
	return f.scroll.Content.MinSize().Min(f.room)
}

func (f *screenFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// follow lays the content out again when its minimum changed since the
// scroll last did (a banner shown, another view): the scroll's own MinSize
// does not follow its content's, so Fyne would not.
func (f *screenFit) follow() {
	c := f.scroll.Content
	if want := c.MinSize().Max(f.scroll.Size()); want != c.Size() {
		f.scroll.Refresh()
	}
}

// fitScreen makes the window fit area at scale (the canvas's): it shrinks
// the window if it is larger, and from now on its content never asks for
// more. An unknown area changes nothing.
func (w *Window) fitScreen(area screenArea, scale float32) {
	room := area.room(scale)
	if room.IsZero() {
		return
	}
	w.tracef("screen: work area %v, frame %v, scale %v: room %v", area.work, area.frame, scale, room)
	content := room
	if w.win.Padded() {
		p := 2 * padding()
		content = fyne.NewSize(max(room.Width-p, 0), max(room.Height-p, 0))
	}
	if w.fit == nil {
		w.fit = &screenFit{scroll: container.NewScroll(w.body), room: content}
		w.win.SetContent(container.New(w.fit, w.fit.scroll))
	}
	w.fit.room = content
	w.setDigits(w.cardDigits(content.Width))
	if size := w.win.Canvas().Size(); size != firstSize(size, room) {
		w.win.Resize(firstSize(size, room))
	}
}

// cardDigits is how many digits a line of a card's digest can hold in a
// view width wide: digestLine when a card with such lines fits, else
// narrowDigestLine, so that a small screen at twice the scale shows the
// view whole, its banner unclipped, rather than a sideways scroll.
func (w *Window) cardDigits(width float32) int {
	l := w.files
	l.scratch.bind(nil) // the template's rows, at w.digits
	wide := l.scratch.MinSize().Width - digestWidth(w.digits) + digestWidth(digestLine)
	if wide <= width {
		return digestLine
	}
	return narrowDigestLine
}

// setDigits makes the lines of the cards' digests hold digits, and gives
// the list the cards' new heights.
func (w *Window) setDigits(digits int) {
	if w.digits == digits {
		return
	}
	w.tracef("screen: digest lines of %d digits", digits)
	w.digits = digits
	l := w.files
	l.scratch.bind(nil)
	clear(l.heights)
	for _, it := range l.items {
		l.fit(it)
	}
	if l.list != nil {
		l.list.Refresh()
	}
	if l.compact != nil {
		l.compact.refresh()
	}
}

// traceLayout logs (HASHDROP_TRACE) where the main view's parts lie, in
// the canvas's units, each time the window's size or its top's height
// changes: the smoke tests find the field and the buttons from it, and
// check that the parts neither overlap nor leave the view.
func (w *Window) traceLayout() {
	if w.trace == nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	c := w.mainView.(*fyne.Container)
	at := func(o fyne.CanvasObject) string {
		if !o.Visible() || !w.banner.Visible() && o == w.banner.detail || !w.toolbar.Visible() && o == w.status {
			return "0,0+0x0"
		}
		p, s := d.AbsolutePositionForObject(o), o.Size()
		return fmt.Sprintf("%.0f,%.0f+%.0fx%.0f", p.X, p.Y, s.Width, s.Height)
	}
	page := c.Objects[0].(*container.Scroll).Content.(*fyne.Container)
	size := w.win.Canvas().Size()
	args := []any{size.Width, size.Height, w.win.Canvas().Scale(), at(w.body), at(c.Objects[0]),
		at(page.Objects[0]), at(page.Objects[1]), at(c.Objects[1]), at(w.expected.entry), at(w.expected.understood), at(w.banner),
		at(w.status), at(w.picker.choose), at(w.banner.detail)}
	if key := fmt.Sprint(args...); key != w.laidOut {
		w.laidOut = key
		w.tracef("layout %.0fx%.0f at scale %.3g: view %s middle %s top %s list %s bottom %s field %s hint %s banner %s toolbar %s choose %s detail %s", args...)
	}
}
