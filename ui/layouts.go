package ui

import (
	"image/color"

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
		if o.Visible() {
			s = s.Max(o.MinSize())
		}
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

// middleRoom is the least height the main view keeps for its middle (the
// top and the list, which scroll together) when the window is too small
// for all of it: a card, or the drop zone's title and buttons.
const middleRoom = 160

// mainLayout lays out the main view: objs are the middle (a scroll over
// the top, its digest field, banner and buttons, and the list under it)
// and the bottom (the hint and the Algorithms bar). The bottom is always
// shown whole at the bottom of the window; the middle gets the rest and,
// when that is less than it needs, scrolls as one page: the banner is
// never clipped by a scroll of its own, nor are the buttons under it
// hidden beneath it. So the view's MinSize stays within a small screen
// (1024 x 600, 1366 x 768 at twice the scale) whatever the banner says.
//
// A scroll's MinSize does not follow its content, so Fyne does not lay the
// middle out again when the top grows (a banner shown): the window checks
// (Window.fitTop) that the top's height is the one laid out for.
type mainLayout struct {
	top    fyne.CanvasObject
	laidAt float32 // the top's MinSize height at the last Layout
	// hint holds the line that says files can be dropped anywhere: on a
	// short window it gives its room to the page.
	hint fyne.CanvasObject
}

// hintRoom is the least height the middle keeps before the hint under it
// gives way.
const hintRoom = 300

func (l *mainLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	middle, bottom := objs[0].(*container.Scroll).Content.MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(middle.Width, bottom.Width), min(middle.Height, middleRoom)+padding()+bottom.Height)
}

func (l *mainLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	middle, bottom := objs[0], objs[1]
	if l.hint != nil {
		l.hint.Show()
		if size.Height-bottom.MinSize().Height-padding() < hintRoom {
			l.hint.Hide()
		}
	}
	bh := bottom.MinSize().Height
	l.laidAt = l.top.MinSize().Height
	middle.Move(fyne.Position{})
	middle.Resize(fyne.NewSize(size.Width, max(0, size.Height-bh-padding())))
	bottom.Move(fyne.NewPos(0, size.Height-bh))
	bottom.Resize(fyne.NewSize(size.Width, bh))
}

// pageLayout stacks the top, whole, over the list, which takes the rest of
// the height: the middle of the main view, in its scroll.
type pageLayout struct{}

func (pageLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	top, list := objs[0].MinSize(), objs[1].MinSize()
	h := list.Height
	if listing(objs[1]) {
		// The list keeps room for several rows under a tall top (a banner
		// on a small screen at twice the scale): the page scrolls to it,
		// rather than leaving it one row tall.
		h = max(h, pageListRoom)
	}
	return fyne.NewSize(max(top.Width, list.Width), top.Height+padding()+h)
}

// listing reports whether the list's place shows files, not the drop zone
// of an empty window (its last object).
func listing(o fyne.CanvasObject) bool {
	c, ok := o.(*fyne.Container)
	return ok && o.Visible() && len(c.Objects) == 2 && !c.Objects[1].Visible()
}

// pageListRoom is the least height of the list under the top: about six
// rows of the compact list.
const pageListRoom = 220

func (pageLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	top, list := objs[0], objs[1]
	th := top.MinSize().Height
	top.Move(fyne.Position{})
	top.Resize(fyne.NewSize(size.Width, th))
	list.Move(fyne.NewPos(0, th+padding()))
	list.Resize(fyne.NewSize(size.Width, max(0, size.Height-th-padding())))
}

// fitColumn stacks its objects, centred as a block, each the whole width
// (a wrapped text gets its lines) and its own height; when the height given
// is less than they need, the optional ones are left out, the first named
// first, instead of being drawn over what lies below. Its MinSize counts
// only the objects it never leaves out.
type fitColumn struct {
	optional []fyne.CanvasObject // in the order they are left out
}

func (l *fitColumn) isOptional(o fyne.CanvasObject) bool {
	for _, x := range l.optional {
		if x == o {
			return true
		}
	}
	return false
}

func (l *fitColumn) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	n := 0
	for _, o := range objs {
		if l.isOptional(o) {
			continue
		}
		m := o.MinSize()
		s = fyne.NewSize(max(s.Width, m.Width), s.Height+m.Height)
		n++
	}
	if n > 1 {
		s.Height += float32(n-1) * padding()
	}
	return s
}

// heightAt is o's height when it is width wide: a wrapped text knows its
// lines only once it has its width.
func heightAt(o fyne.CanvasObject, width float32) float32 {
	if o.Size().Width != width {
		o.Resize(fyne.NewSize(width, o.MinSize().Height))
	}
	return o.MinSize().Height
}

func (l *fitColumn) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	left := map[fyne.CanvasObject]bool{}
	total := func() float32 {
		h, n := float32(0), 0
		for _, o := range objs {
			if !left[o] {
				h += heightAt(o, size.Width)
				n++
			}
		}
		return h + float32(max(n-1, 0))*padding()
	}
	for _, o := range l.optional {
		if total() <= size.Height {
			break
		}
		left[o] = true
	}
	y := max(0, (size.Height-total())/2)
	for _, o := range objs {
		if left[o] {
			o.Hide()
			continue
		}
		o.Show()
		h := heightAt(o, size.Width)
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + padding()
	}
}

// toolbarRow is the status line with its buttons: objs[0] the status text,
// the rest buttons, right-aligned. When the width it was last laid out at
// holds the buttons beside statusRoom of text, it is one row; else the
// text has a row of its own and the buttons wrap onto as many rows as
// they need, instead of pushing the window wider than a small screen.
// Its MinSize follows the width it was last laid out at, as a wrapped
// text's does.
type toolbarRow struct {
	width float32 // as last laid out; 0: not yet
}

// statusRoom is the least width the status text keeps beside the buttons.
const statusRoom = 220

// rows splits the visible buttons into rows that fit width (each row
// at least one button), and says whether the text shares the first row.
func (l *toolbarRow) rows(text fyne.CanvasObject, buttons []fyne.CanvasObject, width float32) (rows [][]fyne.CanvasObject, shared bool) {
	var shown []fyne.CanvasObject
	all := float32(0)
	for _, b := range buttons {
		if b.Visible() {
			shown = append(shown, b)
			all += b.MinSize().Width
		}
	}
	if len(shown) == 0 {
		return nil, true
	}
	all += float32(len(shown)-1) * padding()
	room := float32(statusRoom)
	if t, ok := text.(*widget.Label); ok && t.Text == "" {
		room = 0 // no words yet: they take no row of their own
	}
	if width == 0 || all+padding()+room <= width {
		return [][]fyne.CanvasObject{shown}, true
	}
	var row []fyne.CanvasObject
	used := float32(0)
	for _, b := range shown {
		w := b.MinSize().Width
		if len(row) > 0 && used+padding()+w > width {
			rows = append(rows, row)
			row, used = nil, 0
		}
		if len(row) > 0 {
			used += padding()
		}
		row = append(row, b)
		used += w
	}
	return append(rows, row), false
}

func rowHeight(row []fyne.CanvasObject) float32 {
	h := float32(0)
	for _, o := range row {
		h = max(h, o.MinSize().Height)
	}
	return h
}

func (l *toolbarRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	text := objs[0].MinSize()
	w := text.Width // wraps to any width: never wider than its widest button
	for _, o := range objs[1:] {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	rows, shared := l.rows(objs[0], objs[1:], l.width)
	if len(rows) == 0 {
		return fyne.NewSize(w, text.Height)
	}
	h := float32(0)
	if !shared {
		h = text.Height + padding()
	}
	for i, r := range rows {
		rh := rowHeight(r)
		if shared {
			rh = max(rh, text.Height)
		}
		if i > 0 {
			h += padding()
		}
		h += rh
	}
	return fyne.NewSize(w, h)
}

func (l *toolbarRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	text := objs[0]
	rows, shared := l.rows(objs[0], objs[1:], size.Width)
	y := float32(0)
	if !shared {
		th := text.MinSize().Height
		text.Move(fyne.Position{})
		text.Resize(fyne.NewSize(size.Width, th))
		y = th + padding()
	}
	for i, r := range rows {
		rh := rowHeight(r)
		if shared {
			rh = max(rh, text.MinSize().Height)
		}
		x := size.Width
		for j := len(r) - 1; j >= 0; j-- {
			b := r[j]
			bw := b.MinSize().Width
			x -= bw
			b.Move(fyne.NewPos(x, y+(rh-b.MinSize().Height)/2))
			b.Resize(fyne.NewSize(bw, b.MinSize().Height))
			x -= padding()
		}
		if i == 0 && shared {
			text.Move(fyne.NewPos(0, y))
			text.Resize(fyne.NewSize(max(0, x), rh))
		}
		y += rh + padding()
	}
	if len(rows) == 0 {
		text.Move(fyne.Position{})
		text.Resize(fyne.NewSize(size.Width, size.Height))
	}
}

// upTo gives a scroll of content the content's size, but no more height
// than room says is left (a dialog on a short window): the rest scrolls,
// instead of the dialog's buttons being drawn over it.
type upTo struct {
	content fyne.CanvasObject
	room    func() float32 // nil or <= 0: no limit
}

// upToLeast is the least height it keeps however short the window: a row
// or two, to scroll through.
const upToLeast = 80

func (l *upTo) MinSize([]fyne.CanvasObject) fyne.Size {
	m := l.content.MinSize()
	if l.room != nil {
		if r := l.room(); r > 0 {
			m.Height = min(m.Height, max(r, upToLeast))
		}
	}
	return m
}

func (l *upTo) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// roundedFill is an opaque rounded rectangle drawn as its four corners,
// each a small rounded rectangle, under plain rectangles for the rest.
// Fyne's shader for a rounded rectangle weighs the distance to its corners
// at each of its pixels: under software OpenGL (Mesa's llvmpipe), a file's
// card, half the window, took 5.5 ms of every 20 ms frame's drawing for its
// background alone. Drawn so, a frame of the window (the ISO's card after
// its verdict) took 9.8-10.4 ms of the rasterizer's CPU instead of
// 12.5-13.2, and looks the same: the straight edges are one level of grey
// less soft. The corners reach under the plain parts, which hide the edges
// the corners' shader softens inside the shape; so the fill must be opaque.
type roundedFill struct {
	parts  [7]*canvas.Rectangle // the four corners first, then the top, middle and bottom
	radius float32
}

func newRoundedFill(c color.Color, radius float32) *roundedFill {
	f := &roundedFill{}
	for i := range f.parts {
		f.parts[i] = canvas.NewRectangle(c)
	}
	f.fill(c, radius)
	return f
}

// objects returns the parts, to be drawn in order and laid out by layout.
func (f *roundedFill) objects() []fyne.CanvasObject {
	objs := make([]fyne.CanvasObject, len(f.parts))
	for i, p := range f.parts {
		objs[i] = p
	}
	return objs
}

// fill sets the colour and the radius of the corners (at most half the
// size, once laid out).
func (f *roundedFill) fill(c color.Color, radius float32) {
	f.radius = radius
	f.round(radius)
	for _, p := range f.parts {
		p.FillColor = c
		p.Refresh()
	}
}

// round gives each corner its radius at its own corner.
func (f *roundedFill) round(r float32) {
	f.parts[0].TopLeftCornerRadius = r
	f.parts[1].TopRightCornerRadius = r
	f.parts[2].BottomLeftCornerRadius = r
	f.parts[3].BottomRightCornerRadius = r
}

// roundedOverlap is how far a corner reaches under the plain parts.
const roundedOverlap = 2

// layout places the parts to fill size from the origin.
func (f *roundedFill) layout(size fyne.Size) {
	r := min(f.radius, size.Width/2, size.Height/2)
	f.round(r)
	c := r + roundedOverlap
	at := func(p *canvas.Rectangle, x, y, w, h float32) {
		p.Move(fyne.NewPos(x, y))
		p.Resize(fyne.NewSize(max(0, w), max(0, h)))
	}
	at(f.parts[0], 0, 0, c, c)
	at(f.parts[1], size.Width-c, 0, c, c)
	at(f.parts[2], 0, size.Height-c, c, c)
	at(f.parts[3], size.Width-c, size.Height-c, c, c)
	at(f.parts[4], r, 0, size.Width-2*r, r)
	at(f.parts[5], 0, r, size.Width, size.Height-2*r)
	at(f.parts[6], r, size.Height-r, size.Width-2*r, r)
}
