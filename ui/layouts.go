package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The file list is virtual: a card's height must be known from what it
// shows, not from which of its parts happen to be visible right now. These
// layouts keep sizes stable as a card goes from waiting to done.

// reserveLayout stacks its objects and keeps room for all of them, hidden
// or not, so that showing one instead of another never changes the height.
type reserveLayout struct{}

func (reserveLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

func (reserveLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// reserve stacks objs in one place that is as large as the largest of them.
func reserve(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(reserveLayout{}, objs...)
}

// fixedWidth gives its object a constant width and the object's own height.
type fixedWidth float32

func (f fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(float32(f), h)
}

func (f fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// scrollRoom asks for no more than h of height whatever its object's
// minimum: the object scrolls its own content (a list of tall cards), so
// the window never has to grow past a laptop's screen to show it.
type scrollRoom float32

func (r scrollRoom) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return fyne.NewSize(s.Width, min(s.Height, float32(r)))
}

func (r scrollRoom) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// fixedSize gives its objects one constant size (icons in a row of text).
type fixedSize fyne.Size

func (f fixedSize) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size(f) }

func (f fixedSize) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		s := fyne.Size(f)
		o.Resize(s)
		o.Move(fyne.NewPos(0, (size.Height-s.Height)/2))
	}
}

// sized wraps obj so that it always takes size s.
func sized(s fyne.Size, obj fyne.CanvasObject) *fyne.Container {
	return container.New(fixedSize(s), obj)
}

// padding is the theme's standard gap between objects.
func padding() float32 { return theme.Padding() }

// tightVBox stacks the visible objects with no gap: the rows of a card
// carry their own padding.
type tightVBox struct{}

func (tightVBox) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			s = fyne.NewSize(max(s.Width, m.Width), s.Height+m.Height)
		}
	}
	return s
}

func (tightVBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		if o.Visible() {
			h := o.MinSize().Height
			o.Move(fyne.NewPos(0, y))
			o.Resize(fyne.NewSize(size.Width, h))
			y += h
		}
	}
}

// slimBar is a thin progress bar: it sits in a text row without making the
// row taller than its text.
type slimBar struct {
	widget.BaseWidget
	value float64
	bg    *canvas.Rectangle
	fill  *canvas.Rectangle
}

func newSlimBar() *slimBar {
	b := &slimBar{bg: canvas.NewRectangle(theme.Color(theme.ColorNameInputBorder)),
		fill: canvas.NewRectangle(theme.Color(theme.ColorNamePrimary))}
	b.bg.CornerRadius, b.fill.CornerRadius = 3, 3
	b.ExtendBaseWidget(b)
	return b
}

// SetValue sets the fraction done, 0 to 1.
func (b *slimBar) SetValue(v float64) {
	v = min(max(v, 0), 1)
	if v != b.value {
		b.value = v
		b.Refresh()
	}
}

func (b *slimBar) CreateRenderer() fyne.WidgetRenderer { return &slimBarRenderer{b} }

type slimBarRenderer struct{ b *slimBar }

const slimBarHeight = 8

func (r *slimBarRenderer) Layout(size fyne.Size) {
	y := (size.Height - slimBarHeight) / 2
	r.b.bg.Move(fyne.NewPos(0, y))
	r.b.bg.Resize(fyne.NewSize(size.Width, slimBarHeight))
	r.b.fill.Move(fyne.NewPos(0, y))
	r.b.fill.Resize(fyne.NewSize(size.Width*float32(r.b.value), slimBarHeight))
}

func (r *slimBarRenderer) MinSize() fyne.Size { return fyne.NewSize(48, slimBarHeight) }

func (r *slimBarRenderer) Refresh() {
	r.b.bg.FillColor = theme.Color(theme.ColorNameInputBorder)
	r.b.fill.FillColor = theme.Color(theme.ColorNamePrimary)
	r.Layout(r.b.Size())
	r.b.bg.Refresh()
	r.b.fill.Refresh()
}

func (r *slimBarRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.b.bg, r.b.fill} }
func (r *slimBarRenderer) Destroy()                     {}

// topRoom is the least height the main view keeps for its top (the digest
// field, the banner, the status line) when the window is too small for all
// of it: the rest of the top scrolls.
const topRoom = 200

// mainLayout lays out the main view: objs are the top (in a scroll over
// top, its content), the list and the bottom (the hint and the
// Algorithms bar). The bottom always gets its height and the list at least
// its own; the top gets its whole height when the window has room, else
// what is left, scrolling. So its MinSize stays within a small screen
// (1024 x 600) whatever the banner says: a long banner never grows the
// window past the screen, and the Algorithms bar stays on it.
//
// A scroll's MinSize does not follow its content, so Fyne does not lay the
// view out again when the top grows (a banner shown): the window checks
// (Window.fitTop) that the top's height is the one laid out for.
type mainLayout struct {
	top    fyne.CanvasObject
	laidAt float32 // the top's MinSize height at the last Layout
}

func (l *mainLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i, o := range objs {
		m := o.MinSize()
		if i == 0 {
			m = l.top.MinSize()
			m.Height = min(m.Height, topRoom)
		}
		w = max(w, m.Width)
		h += m.Height
	}
	return fyne.NewSize(w, h+2*padding())
}

func (l *mainLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	top, list, bottom := objs[0], objs[1], objs[2]
	bh, lh := bottom.MinSize().Height, list.MinSize().Height
	l.laidAt = l.top.MinSize().Height
	th := min(l.laidAt, max(min(l.laidAt, topRoom), size.Height-bh-lh-2*padding()))
	top.Move(fyne.Position{})
	top.Resize(fyne.NewSize(size.Width, th))
	list.Move(fyne.NewPos(0, th+padding()))
	list.Resize(fyne.NewSize(size.Width, max(0, size.Height-th-bh-2*padding())))
	bottom.Move(fyne.NewPos(0, size.Height-bh))
	bottom.Resize(fyne.NewSize(size.Width, bh))
}
