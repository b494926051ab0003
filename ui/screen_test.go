package ui

import (
	"fmt"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// A 1366 x 768 laptop whose panel takes 32 pixels, and a 1920 x 1080
// screen, with a frame of 16 x 48 around the window.
var (
	laptopScreen = screenArea{work: fyne.NewSize(1366, 736), frame: windowFrame}
	fullHD       = screenArea{work: fyne.NewSize(1920, 1048), frame: windowFrame}
)

func TestFirstSizeFitsTheScreen(t *testing.T) {
	for _, c := range []struct {
		area  screenArea
		scale float32
		want  fyne.Size
	}{
		{laptopScreen, 1, fyne.NewSize(960, 680)},
		{laptopScreen, 1.25, fyne.NewSize(960, 550.4)},
		{laptopScreen, 2, fyne.NewSize(675, 344)},
		{fullHD, 1, fyne.NewSize(960, 680)},
		{fullHD, 2, fyne.NewSize(952, 500)},
		{screenArea{}, 2, defaultSize}, // unknown: as asked
	} {
		if got := firstSize(defaultSize, c.area.room(c.scale)); got != c.want {
			t.Errorf("on %v at scale %v the window opens at %v, want %v", c.area.work, c.scale, got, c.want)
		}
	}
}

// At FYNE_SCALE=2 a 1366 x 768 laptop gives the window 675 x 344 units,
// less than its content's minimum: the window is made to fit, and a long
// banner shown later does not make it ask for more; the page above the
// Algorithms bar scrolls, the banner whole in it, and the bar stays in the
// window.
func TestWindowHeldWithinTheScreenAtScale2(t *testing.T) {
	h := newHarness(t)
	h.win.Resize(defaultSize)
	room := laptopScreen.room(2)
	if m := h.win.Content().MinSize(); m.Width <= room.Width && m.Height <= room.Height {
		t.Fatalf("the content needs only %v: this test needs a screen smaller than that (%v)", m, room)
	}
	h.w.fitScreen(laptopScreen, 2)
	within := func(when string) {
		t.Helper()
		if s := h.win.Canvas().Size(); s.Width > room.Width || s.Height > room.Height {
			t.Errorf("%s: the window is %v, more than the screen's %v", when, s, room)
		}
		if m := h.win.Canvas().Content().MinSize(); m.Width > room.Width || m.Height > room.Height {
			t.Errorf("%s: the window asks for %v, more than the screen's %v", when, m, room)
		}
		body, bm := h.w.body.Size(), h.w.body.MinSize()
		if body.Width < bm.Width || body.Height < bm.Height {
			t.Errorf("%s: the view is laid out at %v, less than its minimum %v: cut rather than scrolled", when, body, bm)
		}
	}
	within("opened")

	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText("sha512:" + fmt.Sprintf("%x", hashOf(mustAlg("sha512"), "abd")))
	h.settle()
	if !h.w.banner.compare.Visible() {
		t.Fatal("no digest comparison under the mismatch")
	}
	within("with a long banner")
	// The banner lies whole in the page that scrolls above the Algorithms
	// bar; the bar lies whole in the window, under the page.
	d := fyne.CurrentApp().Driver()
	middle := h.w.mainView.(*fyne.Container).Objects[0].(*container.Scroll)
	page := middle.Content
	b := h.w.banner
	pos := d.AbsolutePositionForObject(b).Subtract(d.AbsolutePositionForObject(page))
	if !b.Visible() || pos.Y < 0 || pos.Y+b.Size().Height > page.Size().Height || b.Size().Height < b.MinSize().Height {
		t.Errorf("the banner lies at %v+%v (needing %v), outside the page of %v one scrolls through", pos, b.Size(), b.MinSize(), page.Size())
	}
	bar := h.w.picker.object()
	at, mid := d.AbsolutePositionForObject(bar), d.AbsolutePositionForObject(middle)
	if at.Y < mid.Y+middle.Size().Height || at.Y+bar.Size().Height > h.win.Canvas().Size().Height {
		t.Errorf("the Algorithms bar lies at %v+%v, not under the page (%v+%v) within the window %v", at, bar.Size(), mid, middle.Size(), h.win.Canvas().Size())
	}
}

// On a screen with room for the window nothing changes: the first size is
// kept and the view fills the window without scrolling.
func TestWindowOnALargeScreenKeepsItsSize(t *testing.T) {
	h := newHarness(t)
	h.win.Resize(defaultSize)
	h.w.fitScreen(fullHD, 1)
	h.w.Tick()
	if s := h.win.Canvas().Size(); s != defaultSize {
		t.Errorf("the window is %v, want %v", s, defaultSize)
	}
	if body, view := h.w.body.Size(), h.w.fit.scroll.Size(); body != view {
		t.Errorf("the view is %v in a window area of %v: it should fill it, not scroll", body, view)
	}
	if h.w.digits != digestLine {
		t.Errorf("digest lines of %d digits on a large screen, want %d", h.w.digits, digestLine)
	}
}

// On a small laptop at twice the scale a card's digest lines hold 32
// digits, so that the view needs no sideways scroll and the banner is read
// whole; the cards already listed take their new heights.
func TestNarrowDigestLinesAtScale2(t *testing.T) {
	h := newHarness(t)
	h.win.Resize(defaultSize)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(fmt.Sprintf("%x", hashOf(mustAlg("sha256"), "abd")))
	h.settle() // the card is higher than the template: its verdict line
	h.w.fitScreen(laptopScreen, 2)
	h.settle()
	if h.w.digits != narrowDigestLine {
		t.Fatalf("digest lines of %d digits at scale 2 on %v, want %d", h.w.digits, laptopScreen.work, narrowDigestLine)
	}
	if m, room := h.w.body.MinSize(), h.w.fit.room; m.Width > room.Width {
		t.Errorf("the view needs %v wide, more than the %v there is: it scrolls sideways", m.Width, room.Width)
	}
	if b, v := h.w.banner.Size().Width, h.w.fit.scroll.Size().Width; b > v {
		t.Errorf("the banner is %v wide in a view of %v: cut at the right", b, v)
	}
	var card *fileCard
	for _, c := range h.w.files.cards {
		if c.item == h.w.files.items[0] {
			card = c
		}
	}
	if card == nil {
		t.Fatal("no card shows the file")
	}
	for _, r := range card.rows[:card.shown] {
		if want := (r.alg.HexLen() + 31) / 32; r.box.lines != want || r.box.digits != narrowDigestLine {
			t.Errorf("%s: %d lines of %d digits, want %d of %d", r.alg.Name, r.box.lines, r.box.digits, want, narrowDigestLine)
		}
	}
	if got, need := card.Size().Height, card.MinSize().Height; got < need {
		t.Errorf("the card is laid out %v high, less than the %v its two-line digests need", got, need)
	}
}
