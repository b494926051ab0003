package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
)

// Esc and Ctrl+V act on the whole window, wherever the focus is. Fyne hands
// a key to the focused widget alone, so each widget of the window that can
// take the focus passes these on: the lists (a click on a card or a row
// focuses them), the digest field. Digests take no focus: a click copies one.

// keyList is a list that cancels on Esc, like the rest of the window.
// Ctrl+V needs nothing: a list takes no shortcuts, the window's run.
type keyList struct {
	widget.List
	onEscape func()
}

func newKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject), onEscape func()) *keyList {
	l := &keyList{onEscape: onEscape}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

func (l *keyList) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		l.onEscape()
		return
	}
	l.List.TypedKey(k)
}

// digestLabel shows a digest; a click copies it. It takes no focus, so the
// window's keys keep working after the click.
type digestLabel struct {
	widget.Label
	onTap func()
}

func newDigestLabel(onTap func()) *digestLabel {
	l := &digestLabel{onTap: onTap}
	l.TextStyle = fyne.TextStyle{Monospace: true}
	l.Wrapping = fyne.TextWrapBreak
	l.ExtendBaseWidget(l)
	return l
}

func (l *digestLabel) Tapped(*fyne.PointEvent) { l.onTap() }

// expectedEntry is the digest field. Esc in it cancels like everywhere
// else; a paste of a whole digest replaces the field's text instead of
// being inserted into it (a SHA-256 then an MD5 would make 96 digits).
type expectedEntry struct {
	widget.Entry
	onEscape func()
}

func (e *expectedEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(k)
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
	_, err := app.ParseExpected(text)
	return err == nil
}
