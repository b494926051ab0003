package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// compactAbove is the handful of files shown as cards; above it the list
// turns compact, one row a file, and a file's card shows on demand.
const compactAbove = 5

// compactRow is one file of the compact list: its icon, name, size, status
// and verdict on one line.
type compactRow struct {
	icon    *widget.Icon
	name    *widget.Label
	size    *widget.Label
	status  *widget.Label
	verdict *widget.Label
	obj     *fyne.Container
}

func newCompactRow() *compactRow {
	r := &compactRow{icon: widget.NewIcon(nil), name: widget.NewLabel(""), size: widget.NewLabel(""),
		status: widget.NewLabel(""), verdict: widget.NewLabel("")}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.status.Truncation = fyne.TextTruncateEllipsis
	r.verdict.Truncation = fyne.TextTruncateEllipsis
	r.size.Alignment = fyne.TextAlignTrailing
	r.obj = container.NewBorder(nil, nil, sized(fyne.NewSquareSize(20), r.icon),
		container.NewHBox(container.New(fixedWidth(90), r.size), container.New(fixedWidth(170), r.status),
			container.New(fixedWidth(300), r.verdict)),
		r.name)
	return r
}

// set shows it on the row.
func (r *compactRow) set(it *fileItem) {
	r.icon.SetResource(it.icon())
	r.name.SetText(it.name)
	r.size.SetText(sizeText(it.size))
	status := it.stateText()
	switch it.state {
	case stateWaiting:
		status = tr("waiting")
	case stateHashing:
		status = units.Percent(max(it.prog.Fraction(), 0))
	}
	r.status.SetText(status)
	_, v := it.verdictLine()
	r.verdict.SetText(v)
}

// compactView is the compact list and, under it, the card of the file
// chosen in it.
type compactView struct {
	l      *fileList
	list   *keyList
	rows   map[fyne.CanvasObject]*compactRow
	bound  map[*compactRow]*fileItem
	card   *fileCard
	chosen *fileItem
	detail *fyne.Container
	obj    fyne.CanvasObject
}

func newCompactView(l *fileList) *compactView {
	v := &compactView{l: l, rows: make(map[fyne.CanvasObject]*compactRow), bound: make(map[*compactRow]*fileItem)}
	v.list = newKeyList(
		func() int { return len(l.items) },
		func() fyne.CanvasObject {
			r := newCompactRow()
			v.rows[r.obj] = r
			return r.obj
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(l.items) {
				r := v.rows[o]
				v.bound[r] = l.items[id]
				r.set(l.items[id])
			}
		}, l.w.escape)
	v.list.OnSelected = func(id widget.ListItemID) { v.choose(id) }
	v.card = newFileCard(l.w)
	closeBtn := l.w.newButton(tr("Close details"), theme.CancelIcon(), func() {
		v.chosen = nil
		v.list.UnselectAll()
		v.detail.Hide()
	})
	closeBtn.Importance = widget.LowImportance
	v.detail = container.NewBorder(container.NewBorder(nil, nil, nil, closeBtn, widget.NewSeparator()), nil, nil, nil,
		container.New(scrollRoom(260), container.NewVScroll(v.card)))
	v.detail.Hide()
	v.obj = container.NewBorder(nil, v.detail, nil, nil, v.list)
	return v
}

// choose shows the card of file id under the list.
func (v *compactView) choose(id widget.ListItemID) {
	if id < 0 || id >= len(v.l.items) {
		return
	}
	v.chosen = v.l.items[id]
	v.card.bind(v.chosen)
	v.detail.Show()
	v.obj.Refresh()
}

// redraw updates the visible rows whose files changed, and the card.
func (v *compactView) redraw(dirty map[*fileItem]bool) {
	for r, it := range v.bound {
		if dirty[it] {
			r.set(it)
		}
	}
	if v.chosen != nil && dirty[v.chosen] {
		v.card.update()
	}
}
