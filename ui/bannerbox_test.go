package ui

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// placedText is a text drawn on the canvas, where it lies.
type placedText struct {
	text string
	pos  fyne.Position
	size fyne.Size
}

// textsIn lists the visible texts under o, at their places on the canvas;
// at is o's parent's place.
func textsIn(o fyne.CanvasObject, at fyne.Position) []placedText {
	if o == nil || !o.Visible() {
		return nil
	}
	at = at.Add(o.Position())
	var out []placedText
	switch x := o.(type) {
	case *canvas.Text:
		if x.Text != "" {
			out = append(out, placedText{text: x.Text, pos: at, size: x.Size()})
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, textsIn(c, at)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, textsIn(c, at)...)
		}
	}
	return out
}

// frame does to o what Fyne's desktop driver does before it paints each
// frame (common.Canvas.EnsureMinSize) and its test driver does not: walking
// the tree children first, it lays out again the parent of every object
// whose MinSize changed since the last frame (seen), the way a text that
// wrapped to a second line gets its room. It reports whether o's own
// MinSize changed.
func frame(o fyne.CanvasObject, seen map[fyne.CanvasObject]fyne.Size) bool {
	if o == nil || !o.Visible() {
		return false
	}
	var children []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		children = x.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(x).Objects()
	}
	again := false
	for _, c := range children {
		again = frame(c, seen) || again
	}
	if again {
		switch x := o.(type) {
		case *fyne.Container:
			if x.Layout != nil {
				x.Layout.Layout(x.Objects, x.Size())
			}
		case fyne.Widget:
			test.WidgetRenderer(x).Layout(x.Size())
		}
	}
	m := o.MinSize()
	if old, ok := seen[o]; ok && old == m {
		return false
	}
	seen[o] = m
	return true
}

// bannerTextsOutside lists the texts of b drawn beyond its coloured band.
func bannerTextsOutside(t *testing.T, b *verdictBanner) []placedText {
	t.Helper()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
	bg := at.Add(b.bg.Position())
	var out []placedText
	texts := textsIn(b, at.Subtract(b.Position()))
	if len(texts) < 2 {
		t.Fatalf("the banner draws %d texts: %v", len(texts), texts)
	}
	for _, x := range texts {
		if x.pos.X < bg.X || x.pos.Y < bg.Y || x.pos.X+x.size.Width > bg.X+b.bg.Size().Width+0.5 ||
			x.pos.Y+x.size.Height > bg.Y+b.bg.Size().Height+0.5 {
			out = append(out, x)
		}
	}
	return out
}

// The BAD-signature banner draws all its lines inside its red band, in
// the main view and in the checksum file's, in English and Japanese, from
// a laptop's width down to the narrowest the window can be, where the
// headline and the detail wrap: as the window paints it, after the
// driver's pass over changed minimum sizes (frame) and the window's tick.
func TestBadSignatureBannerHoldsItsText(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			useLanguage(t, lang)
			h := newHarness(t)
			_, iso, sums, _, _ := signedDownload(t)
			os.WriteFile(sums, []byte(sha256Hex("abc")+"  ubuntu.iso\n"+sha256Hex("x")+"  evil.iso\n"), 0o644)
			narrowest := h.win.Content().MinSize().Width + 2*padding()
			sizes := []fyne.Size{laptop, defaultSize, fyne.NewSize(narrowest, 600)}
			seen := map[fyne.CanvasObject]fyne.Size{}
			paint := func(size fyne.Size) {
				h.win.Resize(size)
				h.w.Tick()
				frame(h.win.Content(), seen)
			}
			h.w.openSums(sums)
			h.waitFor("checked", func() bool {
				return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() != checksum.Pending
			})
			for _, size := range sizes {
				paint(size)
				if out := bannerTextsOutside(t, h.w.sums.banner); len(out) > 0 {
					t.Errorf("checksum-file view at %v: drawn outside the banner's band (%v+%v): %+v", size,
						h.w.sums.banner.bg.Position(), h.w.sums.banner.bg.Size(), out)
				}
			}

			h.w.show(nil)
			h.w.Add([]string{iso})
			h.waitFor("the sidecar verdict", func() bool {
				return h.allFinished() && h.w.banner.Outcome() == checksum.Mismatch && h.w.banner.Headline() != ""
			})
			for _, size := range sizes {
				paint(size)
				if out := bannerTextsOutside(t, h.w.banner); len(out) > 0 {
					t.Errorf("main view at %v: drawn outside the banner's band (%v+%v): %+v", size,
						h.w.banner.bg.Position(), h.w.banner.bg.Size(), out)
				}
			}
		})
	}
}
