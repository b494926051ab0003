package ui

import (
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// Esc and Ctrl+V act on the whole window, wherever the focus is. Fyne hands
// a key to the focused widget alone, so each widget of the window that can
// take the focus passes these on: the lists (a click on a card or a row
// focuses them), the digest field. Digests take no focus: a click copies one,
// and Tab stops on the copy button beside each (copyButton).

// keyList is a list that cancels on Esc, like the rest of the window.
// Ctrl+V needs nothing: a list takes no shortcuts, the window's run.
// It knows which item each of its rows was bound to last (RefreshRows).
type keyList struct {
	widget.List
	onEscape func()
	update   func(widget.ListItemID, fyne.CanvasObject)
	bound    map[fyne.CanvasObject]widget.ListItemID
}

func newKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject), onEscape func()) *keyList {
	l := &keyList{onEscape: onEscape, update: update, bound: make(map[fyne.CanvasObject]widget.ListItemID)}
	l.Length, l.CreateItem = length, create
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		l.bound[o] = id
		l.update(id, o)
	}
	l.ExtendBaseWidget(l)
	return l
}

// RefreshRows binds again the rows that show the items first to last, and
// no others. Fyne's RefreshItem, like Refresh, binds every row shown again
// and makes a new row to measure, at each call: a running check, whose
// results come hundreds of times a second and mostly for items out of view,
// would lay out and shape the words of every row shown at each, making
// garbage by the gigabyte. A row Fyne keeps for later, out of view, may be
// bound again too; it is bound anew when it comes back into view.
func (l *keyList) RefreshRows(first, last widget.ListItemID) {
	for o, id := range l.bound {
		if id >= first && id <= last {
			l.update(id, o)
		}
	}
}

// Refresh forgets which rows were bound: a full refresh may make its rows
// anew, and binds all those shown.
func (l *keyList) Refresh() {
	clear(l.bound)
	l.List.Refresh()
}

func (l *keyList) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		l.onEscape()
		return
	}
	l.List.TypedKey(k)
}

// digestLabel shows a digest; a click copies it. It takes no focus, so the
// window's keys keep working after the click; while the copy button beside
// it has the focus, it is ringed too (ringed), so that one sees which
// digest Enter copies.
type digestLabel struct {
	widget.Label
	onTap  func()
	ringed bool
}

func newDigestLabel(onTap func()) *digestLabel {
	l := &digestLabel{onTap: onTap}
	l.TextStyle = fyne.TextStyle{Monospace: true}
	l.Wrapping = fyne.TextWrapBreak
	l.ExtendBaseWidget(l)
	return l
}

func (l *digestLabel) Tapped(*fyne.PointEvent) { l.onTap() }

func (l *digestLabel) CreateRenderer() fyne.WidgetRenderer {
	return newRingRenderer(l.Label.CreateRenderer(), l, func() bool { return l.ringed })
}

// ring shows or hides the ring around the digest.
func (l *digestLabel) ring(on bool) {
	if l.ringed != on {
		l.ringed = on
		l.Refresh()
	}
}

// escEntry is a text field that passes Esc on: Fyne's entries give Esc no
// meaning.
type escEntry struct {
	widget.Entry
	onEscape func()
}

func newEscEntry(onEscape func()) *escEntry {
	e := &escEntry{onEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

func (e *escEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(k)
}

// expectedEntry is the digest field. Esc in it cancels like everywhere
// else; a paste of a whole digest replaces the field's text instead of
// being inserted into it (a SHA-256 then an MD5 would make 96 digits).
type expectedEntry struct {
	escEntry
}

func (e *expectedEntry) TypedShortcut(s fyne.Shortcut) {
	if p, ok := s.(*fyne.ShortcutPaste); ok && p.Clipboard != nil && wholeDigest(p.Clipboard.Content()) {
		e.SetText(strings.TrimSpace(p.Clipboard.Content()))
		e.CursorColumn = len([]rune(e.Text))
		return
	}
	e.Entry.TypedShortcut(s)
}

// wholeDigest reports whether text is a digest (or a checksum line) on its
// own, as copied from a download page.
func wholeDigest(text string) bool {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > 1024 {
		return false
	}
	_, err := checksum.ParseExpected(text)
	return err == nil
}

// Esc cancels wherever the focus is: the window's buttons, checkboxes and
// choices pass it on (Fyne's would keep it to themselves, a button once
// Tab has moved the focus onto it). In a dialog it closes the dialog, as
// its Cancel or Close button would. Fyne's entries give Esc no meaning,
// so in the digest field it cancels too.

// escape is Esc: it closes the dialog on top, if one is open, else cancels
// every job, walk and check (Cancel all).
func (w *Window) escape() {
	if w.shown.dismissTop() {
		return
	}
	w.CancelAll()
}

// dialogStack are the window's open Fyne dialogs, the last shown on top,
// each with what Esc does to it.
type dialogStack struct {
	open []openDialog
}

type openDialog struct {
	d      closable
	escape func()
}

// closable is a Fyne dialog (dialog.Dialog, *dialog.FileDialog).
type closable interface {
	Show()
	SetOnClosed(func())
}

// show shows d; Esc then calls escape (nil: d is dismissed, as its
// dismiss button would).
func (s *dialogStack) show(d closable, escape func()) {
	if escape == nil {
		escape = d.(interface{ Dismiss() }).Dismiss
	}
	s.open = append(s.open, openDialog{d, escape})
	d.SetOnClosed(func() {
		s.open = slices.DeleteFunc(s.open, func(o openDialog) bool { return o.d == d })
	})
	d.Show()
}

// dismissTop closes the dialog on top as Esc does, and reports whether
// there was one.
func (s *dialogStack) dismissTop() bool {
	if s == nil || len(s.open) == 0 {
		return false
	}
	s.open[len(s.open)-1].escape()
	return true
}

// button is a widget.Button that passes Esc on and shows its keyboard focus
// with a ring: Fyne blends the focus colour into a button's background,
// which does not show on a blue (high-importance) button.
type button struct {
	widget.Button
	escape  func()
	focused bool
}

func (b *button) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
}

func (b *button) FocusLost() {
	b.focused = false
	b.Button.FocusLost()
}

func (b *button) CreateRenderer() fyne.WidgetRenderer {
	return newRingRenderer(b.Button.CreateRenderer(), b, func() bool { return b.focused })
}

// ringRenderer draws a widget with a ring while on says so (a button's
// focus), in the text's colour so that it stands out on every background
// of every importance.
type ringRenderer struct {
	fyne.WidgetRenderer
	ring  *canvas.Rectangle
	owner fyne.Widget
	on    func() bool
}

func newRingRenderer(inner fyne.WidgetRenderer, owner fyne.Widget, on func() bool) *ringRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	ring.Hide()
	return &ringRenderer{WidgetRenderer: inner, ring: ring, owner: owner, on: on}
}

func (r *ringRenderer) Objects() []fyne.CanvasObject {
	return append(slices.Clip(r.WidgetRenderer.Objects()), r.ring)
}

func (r *ringRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.Move(fyne.NewPos(0, 0))
	r.ring.Resize(size)
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.StrokeColor = theme.ColorForWidget(theme.ColorNameForeground, r.owner)
	r.ring.CornerRadius = theme.SizeForWidget(theme.SizeNameInputRadius, r.owner)
	r.ring.Hidden = !r.on()
	r.ring.Refresh()
}

// newButton makes a button of the window's: Esc on it is the window's.
func (w *Window) newButton(label string, icon fyne.Resource, tapped func()) *button {
	return newEscButton(label, icon, tapped, w.escape)
}

func newEscButton(label string, icon fyne.Resource, tapped func(), escape func()) *button {
	b := &button{escape: escape}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *button) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		b.escape()
		return
	}
	b.Button.TypedKey(k)
}

// checkBox is a widget.Check that passes Esc on.
type checkBox struct {
	widget.Check
	escape func()
}

func (w *Window) newCheck(label string, changed func(bool)) *checkBox {
	c := &checkBox{escape: w.escape}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *checkBox) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		c.escape()
		return
	}
	c.Check.TypedKey(k)
}

// choice is a widget.Select that passes Esc on (its open list of options
// takes Esc itself: it closes).
type choice struct {
	widget.Select
	escape func()
}

func (w *Window) newSelect(options []string, changed func(string)) *choice {
	s := &choice{escape: w.escape}
	s.Options, s.OnChanged = options, changed // the placeholder is Fyne's
	s.ExtendBaseWidget(s)
	return s
}

func (s *choice) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		s.escape()
		return
	}
	s.Select.TypedKey(k)
}

// radioChoice is one choice among a few options, drawn as radio buttons.
// widget.RadioGroup's items keep Esc to themselves once Tab reaches them;
// these are buttons that pass it on.
type radioChoice struct {
	Options   []string
	Selected  string
	OnChanged func(string)
	buttons   []*button
	obj       *fyne.Container
}

func (w *Window) newRadio(options []string, changed func(string)) *radioChoice {
	r := &radioChoice{Options: options, OnChanged: changed, obj: container.NewVBox()}
	for _, o := range options {
		b := w.newButton(o, theme.RadioButtonIcon(), func() { r.SetSelected(o) })
		b.Importance = widget.LowImportance
		b.Alignment = widget.ButtonAlignLeading
		r.buttons = append(r.buttons, b)
		r.obj.Add(b)
	}
	return r
}

// SetSelected chooses option s, and calls OnChanged when that changes it.
func (r *radioChoice) SetSelected(s string) {
	if s == r.Selected {
		return
	}
	r.Selected = s
	for i, b := range r.buttons {
		if r.Options[i] == s {
			b.SetIcon(theme.RadioButtonCheckedIcon())
		} else {
			b.SetIcon(theme.RadioButtonIcon())
		}
	}
	if r.OnChanged != nil {
		r.OnChanged(s)
	}
}
