package ui

import (
	"encoding/hex"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// Banner colours: dark enough for white text (WCAG AA) in light and dark
// themes. The icon and the first words carry the verdict too, for readers
// who do not see colour.
var (
	matchColour    = color.NRGBA{R: 0x1b, G: 0x7a, B: 0x3a, A: 0xff}
	mismatchColour = color.NRGBA{R: 0xb3, G: 0x1d, B: 0x1d, A: 0xff}
	pendingColour  = color.NRGBA{R: 0x37, G: 0x4a, B: 0x5e, A: 0xff}
	unknownColour  = color.NRGBA{R: 0x8a, G: 0x5a, B: 0x00, A: 0xff}
)

// verdictIcon is the icon of an outcome; coloured for a card, plain (the
// banner draws it white) otherwise.
func verdictIcon(o checksum.Outcome, coloured bool) fyne.Resource {
	return colourIcon(verdict.OutcomeColour(o), coloured)
}

// colourIcon is the icon of a verdict's colour (verdict.Colour, the one
// mapping), coloured or plain.
func colourIcon(c verdict.Colour, coloured bool) fyne.Resource {
	var r fyne.Resource
	switch c {
	case verdict.Green:
		r = theme.ConfirmIcon()
		if coloured {
			return theme.NewSuccessThemedResource(r)
		}
	case verdict.Red:
		r = theme.CancelIcon()
		if coloured {
			return theme.NewErrorThemedResource(r)
		}
	case verdict.Checking:
		r = theme.HistoryIcon()
	default:
		r = theme.WarningIcon()
		if coloured {
			return theme.NewWarningThemedResource(r)
		}
	}
	return r
}

// colourFill is the banner's background for a verdict's colour.
func colourFill(c verdict.Colour) color.Color {
	switch c {
	case verdict.Green:
		return matchColour
	case verdict.Red:
		return mismatchColour
	case verdict.Checking:
		return pendingColour
	}
	return unknownColour
}

// verdictBanner is the largest thing on screen once there is a verdict: a
// coloured band with an icon, a headline in large bold words and a detail.
type verdictBanner struct {
	widget.BaseWidget
	outcome  checksum.Outcome
	bg       *canvas.Rectangle
	icon     *widget.Icon
	headline *widget.RichText
	detail   *widget.Label
	compare  *widget.RichText // on a mismatch: the published digest above the file's
	inner    *fyne.Container  // the band and the lines on it (relayout)
	content  fyne.CanvasObject
	shown    func(o checksum.Outcome, headline string) // told every headline set (the trace)
}

func newVerdictBanner() *verdictBanner {
	b := &verdictBanner{
		bg:       canvas.NewRectangle(pendingColour),
		icon:     widget.NewIcon(nil),
		headline: widget.NewRichText(),
		detail:   widget.NewLabel(""),
		compare:  widget.NewRichText(),
	}
	b.compare.Hide()
	b.bg.CornerRadius = 2 * theme.InputRadiusSize()
	b.headline.Wrapping = fyne.TextWrapWord
	b.detail.Wrapping = fyne.TextWrapWord
	text := container.NewVBox(b.headline, b.detail, b.compare)
	body := container.NewBorder(nil, nil, container.NewCenter(sized(fyne.NewSquareSize(52), b.icon)), nil, text)
	b.inner = container.NewStack(b.bg, container.NewPadded(body))
	b.content = container.NewThemeOverride(b.inner, bannerTheme{})
	b.ExtendBaseWidget(b)
	b.Hide()
	return b
}

func (b *verdictBanner) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(b.content)
}

// Headline is what the banner says in large type ("" when hidden).
func (b *verdictBanner) Headline() string {
	if !b.Visible() {
		return ""
	}
	return b.headline.String()
}

// Detail is the smaller text under the headline.
func (b *verdictBanner) Detail() string { return b.detail.Text }

// Outcome is what the banner shows (Unknown when it is hidden).
func (b *verdictBanner) Outcome() checksum.Outcome { return b.outcome }

// set shows a verdict; an empty headline hides the banner.
func (b *verdictBanner) set(o checksum.Outcome, headline, detail string) {
	b.compare.Hide()
	if headline == "" {
		b.outcome = checksum.Unknown // a hidden banner shows no verdict
		b.Hide()
		return
	}
	b.outcome = o
	c := verdict.OutcomeColour(o)
	b.bg.FillColor = colourFill(c)
	b.icon.SetResource(colourIcon(c, false))
	size := theme.SizeNameHeadingText
	if c == verdict.Checking || c == verdict.Amber {
		size = theme.SizeNameSubHeadingText
	}
	b.headline.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: headline,
		Style: widget.RichTextStyle{SizeName: size, TextStyle: fyne.TextStyle{Bold: true}}}}
	b.headline.Refresh()
	b.detail.SetText(detail)
	if detail == "" {
		b.detail.Hide()
	} else {
		b.detail.Show()
	}
	b.bg.Refresh()
	b.Show()
	b.Refresh()
	b.relayout()
	if b.shown != nil {
		b.shown(o, headline)
	}
}

// showDigests writes, under a mismatch, the published digest above the
// file's digest of the same algorithm, 64 digits a line, with a caret under
// each digit that differs, so that one can compare them by eye.
func (b *verdictBanner) showDigests(v *checksum.Verdict, digests map[*hashing.Algorithm][]byte) {
	segs := digestComparison(v, digests)
	if len(segs) == 0 {
		b.compare.Hide()
		return
	}
	b.compare.Segments = segs
	b.compare.Show()
	b.compare.Refresh()
	b.relayout()
}

// relayout lays the lines out again on the band as they are now. The
// banner keeps its size when one verdict follows another of the same
// height (a long headline alone, then a short one with a detail), and
// Fyne lays a container out again only when its size changes: the lines
// would stay where the last verdict's were, the detail drawn under the
// band. Container.Refresh lays out each container under it, parents first.
func (b *verdictBanner) relayout() {
	b.inner.Refresh()
}

// digestComparison is showDigests' text: a line naming the algorithm,
// then the published and the computed digest, one above the other, and the
// carets. Of several candidates (64 digits: SHA-256, SHA3-256, RIPEMD-256)
// the likeliest is shown, or one a digit or two from it: a copying mistake.
func digestComparison(v *checksum.Verdict, digests map[*hashing.Algorithm][]byte) []widget.RichTextSegment {
	if v == nil || v.Outcome != checksum.Mismatch || v.Expected == nil {
		return nil
	}
	want := hex.EncodeToString(v.Expected.Sum)
	var best *hashing.Algorithm
	have, fewest := "", 0
	// The likeliest candidate (the first: SHA-256 of 64 digits), unless
	// another differs in a digit or two only: a copying mistake.
	for _, a := range v.Compared {
		if got := digests[a]; got != nil {
			h := hex.EncodeToString(got)
			if n := strings.Count(carets(want, h), "^"); best == nil || n < fewest && n <= 2 {
				best, have, fewest = a, h, n
			}
		}
	}
	if best == nil {
		return nil
	}
	mono := widget.RichTextStyle{TextStyle: fyne.TextStyle{Monospace: true}}
	segs := []widget.RichTextSegment{&widget.TextSegment{Text: tr("Published (above) and this file's {{.Algorithm}} (below):", "Algorithm", best.Name),
		Style: widget.RichTextStyleParagraph}}
	for at := 0; at < len(want); at += digestLine {
		w, h := want[at:min(at+digestLine, len(want))], have[min(at, len(have)):min(at+digestLine, len(have))]
		segs = append(segs, &widget.TextSegment{Text: w, Style: mono}, &widget.TextSegment{Text: h, Style: mono},
			&widget.TextSegment{Text: carets(w, h), Style: mono})
	}
	return segs
}

// carets marks with ^ each place where a and b differ.
func carets(a, b string) string {
	out := make([]byte, max(len(a), len(b)))
	for i := range out {
		out[i] = ' '
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			out[i] = '^'
		}
	}
	return strings.TrimRight(string(out), " ")
}

// bannerTheme draws white text and icons on the banner's colour.
type bannerTheme struct{}

func (bannerTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameForeground {
		return color.White
	}
	return theme.DefaultTheme().Color(n, v)
}
func (bannerTheme) Font(s fyne.TextStyle) fyne.Resource {
	return fyne.CurrentApp().Settings().Theme().Font(s)
}
func (bannerTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }
func (bannerTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameHeadingText {
		return 22
	}
	return theme.DefaultTheme().Size(n)
}
