package ui

import (
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/verdict"
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
	r.obj = container.New(rowColumns{90, 170, 300}, sized(fyne.NewSquareSize(20), r.icon), r.name, r.size, r.status, r.verdict)
	return r
}

// rowColumns lays out a compact row: the icon, the name taking the rest,
// then columns of the widths given (size, status, verdict). On a narrow
// list (a small screen at twice the scale) the columns shrink together so
// that the name keeps at least nameShare of the row: a name cut to
// "s6bad…" tells the files apart no better than none.
type rowColumns []float32

const nameShare = 0.4

func (c rowColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(objs[0].MinSize().Width+float32(len(objs))*padding()+80, h)
}

func (c rowColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	icon := objs[0].MinSize().Width
	avail := size.Width - icon - float32(len(objs))*padding()
	fixed := float32(0)
	for _, w := range c {
		fixed += w
	}
	scale := float32(1)
	if fixed > (1-nameShare)*avail {
		scale = max(0, (1-nameShare)*avail) / fixed
	}
	x := float32(0)
	place := func(o fyne.CanvasObject, w float32) {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(x, (size.Height-h)/2))
		o.Resize(fyne.NewSize(max(0, w), h))
		x += w + padding()
	}
	place(objs[0], icon)
	place(objs[1], avail-fixed*scale)
	for i, w := range c {
		place(objs[2+i], w*scale)
	}
}

// set shows it on the row, by its base name.
func (r *compactRow) set(it *fileItem) { r.setNamed(it, it.name) }

// setNamed shows it on the row, named name (Window.placeName tells files
// of one base name apart).
func (r *compactRow) setNamed(it *fileItem, name string) {
	r.icon.SetResource(it.icon())
	r.name.SetText(name)
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

// compactView is the compact list under a filter and, beside it in a split
// the user can drag, the card of the file chosen in it.
type compactView struct {
	l      *fileList
	list   *keyList
	rows   map[fyne.CanvasObject]*compactRow
	bound  map[*compactRow]*fileItem
	card   *fileCard
	chosen *fileItem
	detail *fyne.Container
	split  *container.Split
	obj    fyne.CanvasObject

	filter *widget.Entry
	status *widget.Select
	shown  []*fileItem // the files that pass the filter; nil when none is set
}

// cardShare is the part of the split's height the card is given when a
// file is chosen: the card is what the user came to read, and the list
// keeps a few rows in view.
const cardShare = 0.55

func newCompactView(l *fileList) *compactView {
	v := &compactView{l: l, rows: make(map[fyne.CanvasObject]*compactRow), bound: make(map[*compactRow]*fileItem)}
	v.list = newKeyList(
		func() int { return len(v.items()) },
		func() fyne.CanvasObject {
			r := newCompactRow()
			v.rows[r.obj] = r
			return r.obj
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if items := v.items(); id < len(items) {
				r := v.rows[o]
				v.bound[r] = items[id]
				r.setNamed(items[id], v.l.w.placeName(items[id]))
			}
		}, l.w.escape)
	v.list.OnSelected = func(id widget.ListItemID) { v.choose(id) }
	v.card = newFileCard(l.w)
	closeBtn := l.w.newButton(tr("Close details"), theme.CancelIcon(), func() {
		v.chosen = nil
		v.list.UnselectAll()
		v.detail.Hide()
		v.split.Refresh()
	})
	closeBtn.Importance = widget.LowImportance
	v.detail = container.NewBorder(container.NewBorder(nil, nil, nil, closeBtn, widget.NewSeparator()), nil, nil, nil,
		container.NewVScroll(v.card))
	v.detail.Hide()
	// A hidden card leaves the whole split to the list.
	v.split = container.NewVSplit(v.list, v.detail)
	v.split.Offset = 1 - cardShare

	v.filter = widget.NewEntry()
	v.filter.SetPlaceHolder(tr("Filter by name"))
	v.filter.OnChanged = func(string) { v.refilter() }
	v.status = widget.NewSelect(statusFilterWords(), func(string) { v.refilter() })
	// Fyne sizes a choice by its placeholder: the longest one, so that no
	// choice is cut ("All, worst fi…"). A choice is always made, so the
	// placeholder itself is never shown.
	for _, w := range statusFilterWords() {
		if len([]rune(w)) > len([]rune(v.status.PlaceHolder)) {
			v.status.PlaceHolder = w
		}
	}
	v.status.SetSelectedIndex(int(showAll))
	// The filter controls come before the list they drive, in the order
	// Tab moves the focus too (NewBorder would put the list first).
	controls := container.New(layout.NewBorderLayout(nil, nil, nil, v.status), v.filter, v.status)
	v.obj = container.New(layout.NewBorderLayout(controls, nil, nil, nil), controls, container.NewThemeOverride(v.split, focusTheme{}))
	return v
}

// statusFilter is which files the status filter keeps, by the verdict
// engine's status of each, or in which order it shows them all.
type statusFilter int

const (
	showAll         statusFilter = iota
	showWorstFirst               // every file, the worst verdict first
	showFailed                   // FAILED, a conflict, a BAD signature: not to be used
	showMissing                  // listed in a checksum file, not here
	showUnreadable               // could not be read, refused or cancelled
	showOK                       // matches what was published for it
	showNotCompared              // nothing was published for it, or not decided yet
)

// statusFilterWords are the status filter's choices, in statusFilter's order.
func statusFilterWords() []string {
	return []string{tr("All"), tr("All, worst first"), tr("Failed"), tr("Missing"), tr("Unreadable"), tr("OK"), tr("Not compared")}
}

// keeps says whether the status filter f keeps it.
func (f statusFilter) keeps(it *fileItem) bool { return f.keepsStatus(it.verdict.Status) }

// keepsStatus says whether the status filter f keeps a file of status s.
func (f statusFilter) keepsStatus(s verdict.Status) bool {
	switch f {
	case showFailed:
		return s.Condemns()
	case showMissing:
		return s == verdict.Missing
	case showUnreadable:
		return s.Unread()
	case showOK:
		return s == verdict.OK
	case showNotCompared:
		return s == verdict.NotCompared || s == verdict.Pending || s == verdict.NotVerified
	}
	return true
}

// items are the files the list shows: all of them, or those the filter keeps.
func (v *compactView) items() []*fileItem {
	if v.shown == nil {
		return v.l.items
	}
	return v.shown
}

// filtering says whether a name or a status narrows the list.
func (v *compactView) filtering() bool {
	return v.filter.Text != "" || v.statusFilter() != showAll
}

func (v *compactView) statusFilter() statusFilter {
	if i := v.status.SelectedIndex(); i > 0 {
		return statusFilter(i)
	}
	return showAll
}

// refilter chooses again the files shown, after the filter or the files
// changed, and keeps the chosen file selected while it is shown.
func (v *compactView) refilter() {
	if v.filter == nil || v.status == nil {
		return // still being made
	}
	var shown []*fileItem
	if v.filtering() {
		name, status := strings.ToLower(v.filter.Text), v.statusFilter()
		shown = make([]*fileItem, 0, len(v.shown))
		for _, it := range v.l.items {
			if status.keeps(it) && (name == "" || strings.Contains(strings.ToLower(it.name), name)) {
				shown = append(shown, it)
			}
		}
		if status == showWorstFirst {
			slices.SortStableFunc(shown, func(a, b *fileItem) int { return int(b.verdict.Status) - int(a.verdict.Status) })
		}
		if v.shown != nil && slices.Equal(shown, v.shown) {
			return // the same rows: a running check need not bind them again
		}
	}
	v.shown = shown
	v.list.Refresh()
	v.reselect()
}

// reselect marks the chosen file's row, wherever the filter put it; the
// card stays open when the filter hides its row.
func (v *compactView) reselect() {
	if v.chosen == nil {
		return
	}
	if i := slices.Index(v.items(), v.chosen); i >= 0 {
		v.list.Select(i)
		return
	}
	v.list.UnselectAll()
}

// refresh shows the files added to the list, if the filter keeps them.
func (v *compactView) refresh() {
	if v.filtering() {
		v.refilter()
		return
	}
	v.list.Refresh()
}

// choose shows the card of row id beside the list.
func (v *compactView) choose(id widget.ListItemID) {
	items := v.items()
	if id < 0 || id >= len(items) {
		return
	}
	if v.chosen == items[id] && v.detail.Visible() {
		return
	}
	v.chosen = items[id]
	v.card.bind(v.chosen)
	v.detail.Show()
	v.split.Refresh()
}

// redraw updates the visible rows whose files changed, and the card; a
// status filter chooses its files again, as their statuses change.
func (v *compactView) redraw(dirty map[*fileItem]bool) {
	if v.statusFilter() != showAll && v.l.rejudged {
		v.refilter() // statuses change only when the files are judged
	}
	v.l.rejudged = false
	for r, it := range v.bound {
		if dirty[it] {
			r.setNamed(it, v.l.w.placeName(it))
		}
	}
	if v.chosen != nil && dirty[v.chosen] {
		v.card.update()
	}
}

// focusTheme marks the row that has the keyboard focus plainly: the
// theme's focus colour is a faint tint, easy to miss on a list of
// thousands of rows walked with the arrow keys.
type focusTheme struct{}

func (focusTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	c := fyne.CurrentApp().Settings().Theme().Color(n, v)
	if n == theme.ColorNameFocus {
		return withAlpha(fyne.CurrentApp().Settings().Theme().Color(theme.ColorNamePrimary, v), 0x70)
	}
	return c
}
func (focusTheme) Font(s fyne.TextStyle) fyne.Resource {
	return fyne.CurrentApp().Settings().Theme().Font(s)
}
func (focusTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return fyne.CurrentApp().Settings().Theme().Icon(n)
}
func (focusTheme) Size(n fyne.ThemeSizeName) float32 {
	return fyne.CurrentApp().Settings().Theme().Size(n)
}
