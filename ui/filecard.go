package ui

import (
	"encoding/hex"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// digestLine is how many hex digits a digest line holds: SHA-256 fits on
// one, SHA-512 and Whirlpool take two even halves, easy to compare by eye.
// Where the screen has no room for such a line (a small laptop at twice
// the scale), a card's lines hold narrowDigestLine: SHA-256 in two halves
// (Window.digits).
const (
	digestLine       = 64
	narrowDigestLine = 32
)

// algNameWidth is the width of the algorithm column of a card.
const algNameWidth = 104

// digestMetrics are the sizes of a digest in the monospace font, measured
// once: every card of the list must have a height known in advance.
var digestMetrics struct {
	mu     sync.Mutex
	width  map[int]float32 // by the digits a line holds
	height map[int]float32 // by lines
}

// digestWidth is the width of a label that wraps after exactly digits
// monospace digits.
func digestWidth(digits int) float32 {
	digestMetrics.mu.Lock()
	defer digestMetrics.mu.Unlock()
	if w, ok := digestMetrics.width[digits]; ok {
		return w
	}
	if digestMetrics.width == nil {
		digestMetrics.width = make(map[int]float32)
	}
	mono := fyne.TextStyle{Monospace: true}
	w := fyne.MeasureText(strings.Repeat("0", digits), theme.TextSize(), mono).Width + 2*theme.InnerPadding() + 1
	digestMetrics.width[digits] = w
	return w
}

// digestHeight is the height of a digest label of n lines.
func digestHeight(lines int) float32 {
	digestMetrics.mu.Lock()
	defer digestMetrics.mu.Unlock()
	if h, ok := digestMetrics.height[lines]; ok {
		return h
	}
	if digestMetrics.height == nil {
		digestMetrics.height = make(map[int]float32)
	}
	probe := widget.NewLabelWithStyle(strings.TrimSuffix(strings.Repeat(strings.Repeat("0", digestLine)+"\n", lines), "\n"),
		fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	h := probe.MinSize().Height
	digestMetrics.height[lines] = h
	return h
}

// digestLines is how many lines a's digest takes at digits a line.
func digestLines(a *hashing.Algorithm, digits int) int { return (a.HexLen() + digits - 1) / digits }

// digestBox holds a digest label at the size of lines lines of digits.
type digestBox struct{ lines, digits int }

func (d *digestBox) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(digestWidth(d.digits), digestHeight(d.lines))
}

func (d *digestBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(fyne.NewSize(digestWidth(d.digits), size.Height))
	}
}

// algRow is one algorithm of a card: its name, its live speed, then its
// digest (monospace, selectable, wrapped) with a copy button.
type algRow struct {
	alg    *hashing.Algorithm
	name   *widget.Label
	speed  *widget.Label
	digest *digestLabel
	box    *digestBox
	copy   *copyButton
	mark   *widget.Icon
	obj    *fyne.Container
	hex    string
	item   *fileItem
	w      *Window
}

func newAlgRow(w *Window) *algRow {
	r := &algRow{
		name:  widget.NewLabel(""),
		speed: widget.NewLabel(""),
		box:   &digestBox{lines: 1, digits: w.digits},
		mark:  widget.NewIcon(nil),
		w:     w,
	}
	copyDigest := func() {
		if r.hex != "" {
			w.copyDigest(r.item, r.alg, r.hex)
		}
	}
	r.digest = newDigestLabel(copyDigest)
	r.copy = w.newCopyButton(r.digest, copyDigest)
	r.copy.Importance = widget.LowImportance
	r.obj = container.NewHBox(
		container.New(fixedWidth(algNameWidth), r.name),
		reserve(r.speed, container.New(r.box, r.digest)),
		reserve(r.copy),
		sized(fyne.NewSquareSize(20), r.mark),
	)
	return r
}

// set shows algorithm a of item (nil: the template row of the list).
func (r *algRow) set(a *hashing.Algorithm, it *fileItem) {
	r.alg, r.item = a, it
	setText(r.name, a.Name)
	r.box.lines, r.box.digits = digestLines(a, r.w.digits), r.w.digits
	var sum []byte
	if it != nil {
		sum = it.digests[a]
	}
	if sum != nil {
		r.hex = hex.EncodeToString(sum)
		if r.digest.Text != r.hex {
			r.digest.SetText(r.hex)
		}
		r.digest.Show()
		r.speed.Hide()
		if icon := r.w.copiedIcon(it, a); r.copy.Icon == nil || r.copy.Icon.Name() != icon.Name() {
			r.copy.SetIcon(icon)
		}
		r.copy.Show()
	} else {
		r.hex = ""
		r.digest.Hide()
		r.copy.Hide()
		setText(r.speed, it.rowState(a))
		r.speed.Show()
	}
	var mark fyne.Resource
	if it != nil {
		switch it.marks[a] {
		case checksum.Match:
			mark = theme.NewSuccessThemedResource(theme.ConfirmIcon())
		case checksum.Mismatch:
			mark = theme.NewErrorThemedResource(theme.CancelIcon())
		}
	}
	setIcon(r.mark, mark)
}

// fileCard shows one file of the list: name, size, progress and cancel,
// then one row per algorithm. Cards are recycled by the list.
type fileCard struct {
	widget.BaseWidget
	w    *Window
	item *fileItem

	icon    *widget.Icon
	name    *widget.Label
	size    *widget.Label
	state   *widget.Label
	cancel  *button
	retry   *button // a cancelled or failed file, read again
	use     *button // Use this file's digest (fromfile.go)
	bar     *slimBar
	barText *widget.Label
	running *fyne.Container
	info    *widget.Label
	problem *widget.Label

	verdictIcon *widget.Icon
	verdictText *widget.Label
	verdictRow  *fyne.Container
	authIcon    *widget.Icon
	authText    *widget.Label
	authRow     *fyne.Container // who signed the checksum file

	rowBox  *fyne.Container
	rows    []*algRow
	shown   int // rows in use
	content fyne.CanvasObject
}

func newFileCard(w *Window) *fileCard {
	c := &fileCard{
		w:           w,
		icon:        widget.NewIcon(theme.FileIcon()),
		name:        widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		size:        widget.NewLabel(""),
		state:       widget.NewLabel(""),
		bar:         newSlimBar(),
		barText:     widget.NewLabel(""),
		info:        widget.NewLabel(""),
		problem:     widget.NewLabel(""),
		verdictIcon: widget.NewIcon(nil),
		verdictText: widget.NewLabel(""),
		authIcon:    widget.NewIcon(nil),
		authText:    widget.NewLabel(""),
		rowBox:      container.New(tightVBox{}),
	}
	c.name.Truncation = fyne.TextTruncateEllipsis
	c.info.Truncation = fyne.TextTruncateEllipsis
	c.problem.Importance = widget.DangerImportance
	c.problem.Truncation = fyne.TextTruncateEllipsis
	c.verdictText.Truncation = fyne.TextTruncateEllipsis
	c.authText.Truncation = fyne.TextTruncateEllipsis
	c.cancel = w.newButton("", theme.CancelIcon(), func() {
		if c.item != nil {
			c.w.cancelItem(c.item)
		}
	})
	c.cancel.Importance = widget.LowImportance
	c.retry = w.newButton("", theme.ViewRefreshIcon(), func() {
		if c.item != nil {
			c.w.retry(c.item)
		}
	})
	c.retry.Importance = widget.LowImportance
	c.retry.Hide()
	c.use = c.newUseButton()
	c.running = container.NewBorder(nil, nil, nil, c.barText, c.bar)
	header := container.NewBorder(nil, nil,
		sized(fyne.NewSquareSize(24), c.icon),
		container.NewHBox(c.use, c.size, c.state, reserve(c.cancel, c.retry)),
		c.name)
	c.verdictRow = container.NewBorder(nil, nil, sized(fyne.NewSquareSize(20), c.verdictIcon), nil, c.verdictText)
	c.authRow = container.NewBorder(nil, nil, sized(fyne.NewSquareSize(20), c.authIcon), nil, c.authText)
	c.content = container.NewVBox(header, reserve(c.running, c.info, c.problem), c.verdictRow, c.authRow, c.rowBox)
	c.ExtendBaseWidget(c)
	c.bind(nil)
	return c
}

// MouseIn, MouseMoved and MouseOut make the card what the pointer is over,
// not the list's row that holds it: a card is not a row to choose (the list
// unselects it at once), so the row's hover highlight over it (a
// translucent rounded rectangle the card's size) offered what a click does
// not do. It cost 3-4 ms of each 16-21 ms frame's drawing under software
// OpenGL while the pointer was over the card, and each time the pointer
// came in or went out, the row was refreshed: every text and icon on the
// card drawn again into new textures. The card's buttons still
// light up under the pointer, and the row still shows the keyboard's focus.
func (c *fileCard) MouseIn(*desktop.MouseEvent)    {}
func (c *fileCard) MouseMoved(*desktop.MouseEvent) {}
func (c *fileCard) MouseOut()                      {}

func (c *fileCard) CreateRenderer() fyne.WidgetRenderer {
	bg := newRoundedFill(theme.Color(theme.ColorNameInputBackground), theme.InputRadiusSize())
	return &cardRenderer{c: c, bg: bg, objs: append(bg.objects(), c.content)}
}

type cardRenderer struct {
	c    *fileCard
	bg   *roundedFill
	objs []fyne.CanvasObject
}

func (r *cardRenderer) Layout(size fyne.Size) {
	r.bg.layout(size)
	p := padding()
	r.c.content.Move(fyne.NewPos(p, p/2))
	r.c.content.Resize(fyne.NewSize(size.Width-2*p, size.Height-p))
}

func (r *cardRenderer) MinSize() fyne.Size {
	p := padding()
	return r.c.content.MinSize().Add(fyne.NewSize(2*p, p))
}

func (r *cardRenderer) Refresh() {
	r.bg.fill(theme.Color(theme.ColorNameInputBackground), theme.InputRadiusSize())
	r.c.content.Refresh()
}

func (r *cardRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *cardRenderer) Destroy()                     {}

// bind shows item on the card; nil shows the template the list measures:
// a waiting file with the algorithms the list was made for.
func (c *fileCard) bind(it *fileItem) {
	c.item = it
	algs := c.w.files.templateAlgs
	if it != nil {
		algs = it.shown()
	}
	for len(c.rows) < len(algs) {
		r := newAlgRow(c.w)
		c.rows = append(c.rows, r)
		c.rowBox.Add(r.obj)
	}
	c.shown = len(algs)
	for i, r := range c.rows {
		if i < len(algs) {
			r.set(algs[i], it)
			r.obj.Show()
		} else {
			r.obj.Hide()
		}
	}
	if it == nil {
		c.name.SetText("")
		c.verdictRow.Hide()
		c.authRow.Hide()
		return
	}
	c.name.SetText(c.w.placeName(it))
	c.size.SetText(sizeText(it.size))
	c.update()
	layOutAgain(c.content)
}

// layOutAgain lays the containers in o out again, from the outside in, for
// parts shown, hidden or changed in size, without refreshing what is in
// them, as a container's Refresh would: that has every text and icon in it
// drawn again into a new texture at the next frame, which for a card bound
// to a file and bound again as its reading starts (its height measured) was
// 10-15 ms of the window's goroutine. What changed in a card refreshes
// itself (setText, setIcon, Show, Hide).
func layOutAgain(o fyne.CanvasObject) {
	c, ok := o.(*fyne.Container)
	if !ok || !c.Visible() {
		return
	}
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
	for _, child := range c.Objects {
		layOutAgain(child)
	}
}

// update redraws what changes while a file is hashed; cheap enough for the
// 10 Hz ticker.
func (c *fileCard) update() {
	it := c.item
	if it == nil {
		return
	}
	rows := it.shown()
	if c.shown != len(rows) {
		c.bind(it) // more algorithms were asked for, to compare a digest
		return
	}
	setText(c.state, it.stateText())
	setIcon(c.icon, it.icon())
	c.showUse()
	switch it.state {
	case stateFailed, stateCancelled, stateMissing:
		c.running.Hide()
		c.info.Hide()
		setText(c.problem, it.problemText())
		c.problem.Show()
		c.cancel.Hide()
		c.retry.Show()
		if it.state == stateMissing || it.refused {
			c.retry.Hide() // nothing to read again, or not to be read
		}
	case stateDone:
		c.running.Hide()
		c.problem.Hide()
		c.info.Importance = widget.MediumImportance
		if it.empty() {
			c.info.Importance = widget.WarningImportance
		}
		c.info.SetText(it.doneText()) // always: its importance may have changed
		c.info.Show()
		c.cancel.Hide()
		if len(it.unfinished()) > 0 { // cancelled after the verdict: finish them here
			c.retry.Show()
		} else {
			c.retry.Hide()
		}
	default:
		c.problem.Hide()
		c.info.Hide()
		c.running.Show()
		c.cancel.Show()
		c.retry.Hide()
		f := it.prog.Fraction()
		if f < 0 {
			f = 0
		}
		c.bar.SetValue(f)
		if it.state == stateWaiting {
			setText(c.barText, tr("waiting"))
		} else {
			setText(c.barText, progressText(it.prog.Fraction(), it.prog.Done, it.prog.BytesPerSec, it.prog.Remaining))
		}
	}
	if res, text := it.verdictLine(); text != "" {
		setIcon(c.verdictIcon, res)
		setText(c.verdictText, text)
		c.verdictRow.Show()
	} else {
		c.verdictRow.Hide()
	}
	if res, text := it.authLine(); text != "" {
		setIcon(c.authIcon, res)
		setText(c.authText, text)
		c.authRow.Show()
	} else {
		c.authRow.Hide()
	}
	for i, a := range rows {
		c.rows[i].set(a, it)
	}
}
