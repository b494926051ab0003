package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/hashdrop/hashdrop/hashing"
)

// copiedFor is how long a copy button shows a check mark after its digest
// was copied, on the window's clock.
const copiedFor = 2 * time.Second

// copyButton is the button beside a digest of a card, the keyboard's way
// to copy one digest: Tab stops on it and rings its digest with it, and
// Space, Enter or Ctrl+C copy that digest. Other shortcuts are the
// window's, as if it had no focus.
type copyButton struct {
	button
	digest *digestLabel
	win    fyne.Window
}

func (w *Window) newCopyButton(digest *digestLabel, copy func()) *copyButton {
	b := &copyButton{digest: digest, win: w.win}
	b.Icon, b.OnTapped, b.escape = theme.ContentCopyIcon(), copy, w.escape
	b.ExtendBaseWidget(b)
	return b
}

func (b *copyButton) FocusGained() {
	b.button.FocusGained()
	b.digest.ring(true)
}

func (b *copyButton) FocusLost() {
	b.button.FocusLost()
	b.digest.ring(false)
}

func (b *copyButton) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter {
		b.OnTapped()
		return
	}
	b.button.TypedKey(k)
}

func (b *copyButton) TypedShortcut(s fyne.Shortcut) {
	if _, ok := s.(*fyne.ShortcutCopy); ok {
		b.OnTapped()
		return
	}
	if c, ok := b.win.Canvas().(fyne.Shortcutable); ok {
		c.TypedShortcut(s)
	}
}

// copiedDigest is the digest copied last, whose button shows a check mark
// until copiedFor has passed.
type copiedDigest struct {
	item *fileItem
	alg  *hashing.Algorithm
	at   time.Time
}

// copyDigest copies the digest of a of it, says so and marks its button.
func (w *Window) copyDigest(it *fileItem, a *hashing.Algorithm, hex string) {
	if old := w.copied.item; old != nil {
		w.files.changed(old)
	}
	w.copied = copiedDigest{item: it, alg: a, at: w.now()}
	w.files.changed(it)
	w.files.redraw()
	w.copyText(hex, tr("{{.Algorithm}} copied", "Algorithm", a.Name))
}

// copiedIcon is the icon of the copy button of a of it: a check mark for a
// moment after a copy.
func (w *Window) copiedIcon(it *fileItem, a *hashing.Algorithm) fyne.Resource {
	if c := w.copied; it != nil && c.item == it && c.alg == a {
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	}
	return theme.ContentCopyIcon()
}

// forgetCopied puts the copy icon back once copiedFor has passed (Tick).
func (w *Window) forgetCopied() {
	if c := w.copied; c.item != nil && w.now().Sub(c.at) >= copiedFor {
		w.copied = copiedDigest{}
		w.files.changed(c.item)
	}
}
