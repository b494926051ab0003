package ui

import (
	"encoding/hex"
	"image/color"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
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
	var r fyne.Resource
	switch o {
	case checksum.Match:
		r = theme.ConfirmIcon()
		if coloured {
			return theme.NewSuccessThemedResource(r)
		}
	case checksum.Mismatch:
		r = theme.CancelIcon()
		if coloured {
			return theme.NewErrorThemedResource(r)
		}
	case checksum.Pending:
		r = theme.HistoryIcon()
	default:
		r = theme.WarningIcon()
		if coloured {
			return theme.NewWarningThemedResource(r)
		}
	}
	return r
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
	b.bg.FillColor = map[checksum.Outcome]color.Color{checksum.Match: matchColour, checksum.Mismatch: mismatchColour,
		checksum.Pending: pendingColour, checksum.Unknown: unknownColour, checksum.Conflict: unknownColour}[o]
	b.icon.SetResource(verdictIcon(o, false))
	size := theme.SizeNameHeadingText
	if o == checksum.Pending || o == checksum.Unknown {
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
// the one closest to the published digest is shown: a copying mistake.
func digestComparison(v *checksum.Verdict, digests map[*hashing.Algorithm][]byte) []widget.RichTextSegment {
	if v == nil || v.Outcome != checksum.Mismatch || v.Expected == nil {
		return nil
	}
	want := hex.EncodeToString(v.Expected.Sum)
	var best *hashing.Algorithm
	have, fewest := "", 0
	for _, a := range v.Compared {
		if got := digests[a]; got != nil {
			h := hex.EncodeToString(got)
			if n := strings.Count(carets(want, h), "^"); best == nil || n < fewest {
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

// judge compares every file with the pasted digest (or, when none is
// pasted, with the digests published next to it), marks the cards, hashes
// again with an algorithm a comparison needs, and sets the banner.
func (w *Window) judge() {
	w.beforeJudge()
	e := w.expected.parsed
	var targets []*fileItem
	for _, it := range w.files.items {
		old := it.pasted
		it.pasted = nil
		if w.expected.appliesTo(it) {
			targets = append(targets, it)
		}
		if old != nil {
			w.files.changed(it)
		}
	}
	if e != nil && e.Name != "" && len(targets) == 0 {
		for _, it := range w.files.items { // the line named another file: compare anyway, it may be renamed
			if w.expected.forItems[it] {
				targets = append(targets, it)
			}
		}
	}
	matched := false
	typed := w.expected.typed // compared with what is computed; nothing read again for it
	for _, it := range targets {
		if it.state == stateFailed || it.state == stateCancelled {
			continue
		}
		if !typed {
			w.prioritise(it)
		}
		v := e.Judge(it.computed())
		it.pasted = &v
		matched = matched || v.Outcome == checksum.Match
	}
	// The digest is one file's: once a file matches, the others are not
	// suspects, and nothing more is hashed to compare them.
	recompute := !matched && len(targets) <= maxRecompute && !typed
	for _, it := range targets {
		if it.pasted == nil {
			continue
		}
		if matched && it.pasted.Outcome != checksum.Match && !w.fromFile() { // a file's digest: each other file is compared
			it.pasted = nil
		} else {
			w.needMore(it, *it.pasted, recompute)
		}
		w.files.changed(it)
	}
	for _, it := range w.files.items {
		had := it.sidecar != nil || len(it.marks) > 0 || it.pasted != nil
		it.sidecar = nil
		if len(it.published) > 0 && (it.state == stateDone || it.state == stateHashing || it.state == stateWaiting) {
			d := checksum.Decide(w.sources(it), it.computed())
			it.sidecar = &d
			if d.Outcome == checksum.Pending {
				w.needMore(it, d.Verdict, true)
			}
		}
		if had || it.sidecar != nil || it.pasted != nil {
			w.mark(it)
			w.files.fit(it)
		}
	}
	w.judgeComparison()
	w.setBanner(e, targets)
	w.fitTop()
	w.files.redraw()
}

// needMore hashes it again with the algorithms v still needs, once the
// file's first job is done.
func (w *Window) needMore(it *fileItem, v checksum.Verdict, allowed bool) {
	if v.Outcome != checksum.Pending || !it.finished() || it.state != stateDone || !allowed {
		return
	}
	var more = v.Needs[:0:0]
	for _, a := range v.Needs {
		if it.digests[a] == nil && !containsAlg(it.declined, a) {
			more = append(more, a)
		}
	}
	w.hashMore(it, more)
}

// mark puts a tick or a cross beside the rows a verdict compared.
func (w *Window) mark(it *fileItem) {
	clear(it.marks)
	if source, _ := it.signatureDisagrees(); it.pastedDisagrees() || source != "" { // a disagreement marks no row right or wrong
		w.files.changed(it)
		return
	}
	var sidecar *checksum.Verdict
	if it.sidecar != nil && it.sidecar.Outcome != checksum.Conflict { // a conflict marks no row right or wrong
		sidecar = &it.sidecar.Verdict
	}
	for _, v := range []*checksum.Verdict{sidecar, it.pasted} {
		if v == nil {
			continue
		}
		switch v.Outcome {
		case checksum.Match:
			it.marks[v.Algorithm] = checksum.Match
		case checksum.Mismatch:
			for _, a := range v.Compared {
				it.marks[a] = checksum.Mismatch
			}
		}
	}
	w.files.changed(it)
}

// setBanner sums the files' verdicts up in the banner.
func (w *Window) setBanner(e *checksum.ExpectedDigest, targets []*fileItem) {
	if w.comparisonBanner(targets) {
		return
	}
	if w.expected.problem != "" {
		w.banner.set(checksum.Unknown, tr("Cannot compare: this is not a digest Hashdrop understands"), w.expected.problem)
		return
	}
	// Without a digest pasted, or when it condemns no file while what was
	// published for one condemns it: a match with the pasted digest never
	// turns the banner green over a file that fails its own checksum file.
	if e == nil || !slices.ContainsFunc(targets, (*fileItem).pastedCondemns) &&
		slices.ContainsFunc(w.files.items, func(it *fileItem) bool { return it.condemned(false) }) {
		w.sidecarBanner()
		w.nameBanner() // when nothing published decided, or one is wrong
		return
	}
	for _, it := range targets {
		if it.pastedDisagrees() {
			w.disagreementBanner(it)
			return
		}
		if source, _ := it.signatureDisagrees(); source != "" {
			w.signatureBanner(it)
			return
		}
	}
	var match, mismatch, pending *fileItem
	nMismatch, nFailed := 0, 0
	for _, it := range targets {
		switch {
		case it.pasted == nil:
			nFailed++
		case it.pasted.Outcome == checksum.Match && match == nil:
			match = it
		case it.pasted.Outcome == checksum.Mismatch:
			nMismatch++
			if mismatch == nil {
				mismatch = it
			}
		case it.pasted.Outcome == checksum.Pending && pending == nil:
			pending = it
		}
	}
	switch {
	case len(targets) == 0:
		w.banner.set(checksum.Unknown, "", "")
	case match != nil:
		headline, detail := verdictWords(match.pasted, nil)
		if len(targets) > 1 {
			detail = joinSentences(tr("The matching file is {{.Name}}.", "Name", match.name), detail)
		}
		w.banner.set(checksum.Match, headline, detail)
	case pending != nil:
		v := pending.pasted
		headline, detail := verdictWords(v, nil)
		if running := intersect(v.Needs, pending.jobAlgs); !pending.finished() && len(running) > 0 {
			headline = trn(len(running), "Checking… the verdict comes when {{.Algorithms}} is done",
				"Checking… the verdict comes when {{.Algorithms}} are done", "Algorithms", algAnd(running))
		} else if no := intersect(v.Needs, pending.declined); pending.finished() && len(no) > 0 {
			headline = tr("No verdict: computing {{.Algorithms}} to compare was cancelled", "Algorithms", algAnd(no))
		} else if w.expected.typed {
			headline = tr("Press Enter to compute {{.Algorithms}} and compare", "Algorithms", algAnd(v.Needs))
		}
		w.banner.set(checksum.Pending, headline, detail)
	case mismatch != nil:
		headline, detail := verdictWords(mismatch.pasted, nil)
		headline = tr("{{.Headline}}. Do not use it.", "Headline", headline)
		if len(targets) > 1 {
			headline = tr("Does NOT match any of the {{.N}} files: do not use them", "N", len(targets))
		}
		w.banner.set(checksum.Mismatch, headline, detail)
		if len(targets) == 1 {
			w.banner.showDigests(mismatch.pasted, mismatch.digests)
		}
	case nFailed == len(targets):
		w.banner.set(checksum.Unknown, tr("Cannot compare: the file could not be read"), "")
	}
}

// sidecarBanner sums up the verdicts against the digests published for
// the files (next to them, or in a checksum file given for them), when
// nothing is pasted.
func (w *Window) sidecarBanner() {
	var judged, ok, bad, pending, conflict []*fileItem
	given := false // a verdict came from a checksum file elsewhere
	for _, it := range w.files.items {
		d := it.sidecar
		if d == nil || len(d.By) == 0 {
			continue
		}
		judged = append(judged, it)
		given = given || !it.besideFile(d.By[0])
		switch d.Outcome {
		case checksum.Match:
			ok = append(ok, it)
		case checksum.Mismatch:
			bad = append(bad, it)
		case checksum.Pending:
			pending = append(pending, it)
		case checksum.Conflict:
			conflict = append(conflict, it)
		}
	}
	var badSig *fileItem
	for _, it := range judged {
		if a := it.sidecar.By[0].Authenticity; a != nil && a.Verdict.Kind == signature.Bad {
			badSig = it
			break
		}
	}
	var badOwn *fileItem
	for _, it := range w.files.items {
		if it.ownSig != nil && it.ownSig.Verdict.Kind == signature.Bad {
			badOwn = it
			break
		}
	}
	switch {
	case badOwn != nil:
		w.banner.set(checksum.Mismatch, tr("BAD signature: do not use {{.Name}}", "Name", badOwn.name),
			tr("{{.Name}} was changed after its publisher signed it.", "Name", badOwn.name))
	case len(judged) == 0:
		w.banner.set(checksum.Unknown, "", "")
	case badSig != nil:
		// A BAD signature wins over any match: the digests it vouches for
		// were changed after signing.
		w.banner.set(checksum.Mismatch, tr("BAD signature: do not trust {{.Source}}", "Source", filepath.Base(badSig.sidecar.By[0].Source)),
			tr("The checksum file was changed after it was signed, so a match with its digests proves nothing."))
	case slices.ContainsFunc(bad, func(it *fileItem) bool { s, _ := it.signatureDisagrees(); return s != "" }):
		w.signatureBanner(bad[slices.IndexFunc(bad, func(it *fileItem) bool { s, _ := it.signatureDisagrees(); return s != "" })])
	case len(bad) > 0:
		it := bad[0]
		v := &it.sidecar.Verdict
		headline, _ := verdictWords(v, it.sidecar.By[0].Authenticity)
		headline = tr("{{.Headline}}. Do not use it.", "Headline", headline)
		detail := tr("{{.Name}} does not match the digest in {{.Source}}, next to it.", "Name", it.name, "Source", it.sourceText(it.sidecar.By[0]))
		if !it.besideFile(it.sidecar.By[0]) {
			detail = tr("{{.Name}} does not match the digest in {{.Source}}.", "Name", it.name, "Source", it.sourceText(it.sidecar.By[0]))
		}
		if len(bad) > 1 {
			headline = tr("{{.N}} files do NOT match the digests published next to them: do not use them", "N", len(bad))
			if given {
				headline = tr("{{.N}} files do NOT match the digests published for them: do not use them", "N", len(bad))
			}
		}
		w.banner.set(checksum.Mismatch, headline, detail)
		if len(bad) == 1 {
			w.banner.showDigests(v, it.digests)
		}
	case len(conflict) > 0:
		w.conflictBanner(conflict)
	case len(pending) > 0:
		it := pending[0]
		if it.besideFile(it.sidecar.By[0]) {
			w.banner.set(checksum.Pending, tr("Checking {{.Name}} against the digest published next to it…", "Name", it.name), "")
		} else {
			w.banner.set(checksum.Pending, tr("Checking {{.Name}} against {{.Source}}…", "Name", it.name, "Source", it.sourceText(it.sidecar.By[0])), "")
		}
	case len(judged) == 1:
		it := judged[0]
		by := it.sidecar.By[0]
		detail := tr("Compared with {{.Source}}, found next to the file.", "Source", filepath.Base(by.Source))
		if !it.besideFile(by) {
			detail = tr("Compared with {{.Source}}.", "Source", it.sourceText(by))
		}
		if agree := it.sidecar.Agreeing; len(agree) > 0 {
			detail = joinSentences(detail, trn(len(agree), "The published {{.Algorithms}} agrees too.", "The published {{.Algorithms}} agree too.", "Algorithms", algAnd(agree)))
		}
		if it.sidecar.NameAgrees() {
			detail = joinSentences(detail, tr("The CRC32 in its name agrees too."))
		}
		if n := it.sidecar.OtherSources(); n > 0 { // files, not entries
			detail = joinSentences(detail, trn(n, "{{.N}} more checksum file agrees.", "{{.N}} more checksum files agree.", "N", n))
		}
		if _, auth := authenticityWords(by.Authenticity); auth != "" {
			detail = joinSentences(detail, tr("{{.Signature}}.", "Signature", auth))
		}
		headline, more := verdictWords(&it.sidecar.Verdict, by.Authenticity)
		detail = joinSentences(detail, more)
		detail = joinSentences(detail, w.nameCounts()) // the numbers add up with the list's
		w.banner.set(checksum.Match, headline, detail)
	default:
		detail := ""
		if _, auth := authenticityWords(judged[0].sidecar.By[0].Authenticity); auth != "" {
			detail = tr("{{.Signature}}.", "Signature", auth)
		}
		headline := tr("All {{.N}} files match the digests published next to them", "N", len(ok))
		if given {
			headline = tr("All {{.N}} files match the digests published for them", "N", len(ok))
		}
		// The numbers add up with the list's: the files no checksum file
		// decided are counted, not left out of "all".
		if others := w.nameCounts(); others != "" {
			headline = trn(len(ok), "{{.N}} file matches the digests published for it", "{{.N}} files match the digests published for them", "N", len(ok))
			detail = joinSentences(others, detail)
		}
		w.banner.set(checksum.Match, headline, detail)
	}
}

// unpublished counts the files of the list read well that no digest was
// published for (beside them, in a checksum file given, or in their name),
// so not compared.
// The checksum files and signatures of a folder dropped whole are not
// counted: no one publishes digests of them.
func (w *Window) unpublished() int {
	n := 0
	for _, it := range w.files.items {
		if it.state == stateDone && (it.sidecar == nil || len(it.sidecar.By) == 0) && w.inName(it) == nil &&
			!checksum.IsSumsName(filepath.Base(it.path)) && checksum.SignedPath(it.path) == "" {
			n++
		}
	}
	return n
}

// pastedCondemns reports whether the pasted digest condemns it: it does
// not match it, or it and what else was published for it disagree.
func (it *fileItem) pastedCondemns() bool {
	s, _ := it.signatureDisagrees()
	return it.pasted != nil && it.pasted.Outcome == checksum.Mismatch || it.pastedDisagrees() || s != ""
}

// pastedDisagrees reports whether the digest pasted for it and the
// digests published for it disagree: the file matches one and not the
// other. That is one verdict, a conflict, never a green and a red. A
// listed file's digest in the field is no published digest: it never
// disagrees.
func (it *fileItem) pastedDisagrees() bool {
	if it.pasted == nil || it.fromFile || it.sidecar == nil || len(it.sidecar.By) == 0 {
		return false
	}
	p, s := it.pasted.Outcome, it.sidecar.Outcome
	return p == checksum.Match && s == checksum.Mismatch || p == checksum.Mismatch && s == checksum.Match
}

// signatureDisagrees says what disagrees with the file's own signature,
// one Hashdrop trusts: the pasted digest or a checksum file that it does
// not match; "" when nothing does.
func (it *fileItem) signatureDisagrees() (source string, v *checksum.Verdict) {
	if !it.ownSig.Trusted() {
		return "", nil
	}
	if it.pasted != nil && !it.fromFile && it.pasted.Outcome == checksum.Mismatch {
		return tr("the pasted digest"), it.pasted
	}
	if d := it.sidecar; d != nil && len(d.By) > 0 && d.Outcome == checksum.Mismatch {
		return it.sourceText(d.By[0]), &d.Verdict
	}
	return "", nil
}

// signatureBanner says that the file's own signature, good, and a digest
// published for it disagree, naming both and what each says.
func (w *Window) signatureBanner(it *fileItem) {
	source, v := it.signatureDisagrees()
	alg := ""
	if v.Algorithm != nil {
		alg = v.Algorithm.Name + " "
	}
	w.banner.set(checksum.Conflict, tr("{{.Name}}'s signature and {{.Source}} disagree: do not rely on it", "Name", it.name, "Source", source),
		tr("{{.Name}} is signed by {{.Signer}} and the signature is good, but the file does not match the digest {{.Digest}} of {{.Source}}. One of them is wrong or was changed: find out which before using the file.",
			"Name", it.name, "Signer", signerText(it.ownSig.Verdict.Signer), "Digest", alg+shortDigest(v.Expected), "Source", source))
}

// disagreementBanner says that the pasted digest and a checksum file
// disagree about it, naming both and what each says.
func (w *Window) disagreementBanner(it *fileItem) {
	by := it.sidecar.By[0]
	source := it.sourceText(by)
	pasted := shortDigest(it.pasted.Expected)
	published := tr("{{.Algorithm}} {{.Digest}}", "Algorithm", it.sidecar.Verdict.Algorithm.Name, "Digest", shortDigest(by.Expected))
	headline := tr("The pasted digest and {{.Source}} disagree about {{.Name}}: do not rely on it", "Source", source, "Name", it.name)
	var detail string
	if it.sidecar.Outcome == checksum.Match {
		detail = tr("The file matches {{.Source}} ({{.Published}}), not the pasted digest ({{.Pasted}}). Check what you pasted; if it came from the official site, find out which is wrong before using the file.",
			"Source", source, "Published", published, "Pasted", pasted)
	} else {
		detail = tr("The file matches the pasted digest ({{.Pasted}}), not {{.Source}} ({{.Published}}). One of them is wrong or was changed: find out which before using the file.",
			"Source", source, "Published", published, "Pasted", pasted)
	}
	w.banner.set(checksum.Conflict, headline, detail)
}

// shortDigest is the first digits of a digest, enough to tell two apart
// by eye.
func shortDigest(e *checksum.ExpectedDigest) string {
	h := hex.EncodeToString(e.Sum)
	if len(h) > 16 {
		h = h[:16] + "…"
	}
	return h
}

// conflictBanner says that the checksum files given for a file disagree
// about it: which one it matches, if any, and which not.
func (w *Window) conflictBanner(conflict []*fileItem) {
	if _, _, ok := nameConflict(conflict[0].sidecar); ok {
		w.nameConflictBanner(conflict)
		return
	}
	it := conflict[0]
	d := it.sidecar
	by, against := sourcePlace(d.By[0]), sourcePlace(d.Against[0])
	headline := tr("The checksum files disagree about {{.Name}}: do not rely on it", "Name", it.name)
	if len(conflict) > 1 {
		headline = tr("The checksum files disagree about {{.N}} files: do not rely on them", "N", len(conflict))
	}
	var detail string
	if d.Verdict.Outcome == checksum.Match {
		detail = tr("It matches {{.Source}}, not {{.Other}}: one of them is wrong or was changed. Find out which before using the file.",
			"Source", by, "Other", against)
	} else {
		detail = tr("{{.Source}} and {{.Other}} give it different digests: one of them is wrong or was changed. Find out which before using the file.",
			"Source", by, "Other", against)
	}
	w.banner.set(checksum.Conflict, headline, detail)
}
