package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// itemState is where a file of the list is.
type itemState int

const (
	stateWaiting itemState = iota
	stateHashing
	stateDone
	stateFailed
	stateCancelled
	stateMissing // a checksum file lists it, and there is no such file
)

// fileItem is one file of the list. It is only touched on the Fyne
// goroutine; jobs report to it through Window.do.
type fileItem struct {
	index int
	path  string
	name  string
	size  int64

	base    []*hashing.Algorithm // chosen when it was added
	rows    []*hashing.Algorithm // the algorithms asked for so far, in order
	digests map[*hashing.Algorithm][]byte
	marks   map[*hashing.Algorithm]checksum.Outcome // Match / Mismatch beside a row

	job     Job // the job running now, or nil
	jobAlgs []*hashing.Algorithm
	jobSeq  int // tells a finished job from the one that replaced it
	prog    app.Progress
	state   itemState
	err     error
	started time.Time
	elapsed time.Duration
	hashed  int64 // bytes read by the finished jobs

	later []*hashing.Algorithm // chosen, to be read after the verdict's algorithm
	extra []*hashing.Algorithm // read after it: not needed for the verdict
	// declined: a re-read of these was cancelled; not read again to compare
	declined []*hashing.Algorithm

	beside    []checksum.Published   // digests found next to the file
	published []checksum.Published   // those, then the checksum files given for it (checksum.PublishedFor)
	ownSig    *checksum.Authenticity // the file's own signature (ubuntu.iso.sig), nil when none
	sidecar   *checksum.Decision     // the file against published (checksum.Decide), nil when none
	foundAs   *fileItem              // a row not here: the file that has its entry's digest under another name
	pasted    *checksum.Verdict      // the file against the expected-digest field
	fromFile  bool                   // that field holds another listed file's digest: pasted is no published verdict (Window.fromFile)
	named     *checksum.Verdict      // the file against the CRC32 in its name (namecrc.go), nil when none
	compared  *cardVerdict           // its line on Compare or on a file's digest expected (compare.go), nil when none

	// companionName: its name is a checksum file's or a signature's (a
	// companion when other files are listed: Window.companion), told once.
	companionName bool

	verdict     *verdict.FileVerdict // the engine's verdict on it: in Window.report (judge), noVerdict before
	gathered    evidenceKey          // what its evidence in Window.evidence was gathered from
	unsupported []string             // algorithms of digests published for it that Hashdrop lacks
	// refused: not read, for it is no regular file or its checksum file
	// names it outside its folder and the user said so (stateFailed)
	refused bool
	// verdictPass: its job reads what its verdict needs first, and is
	// counted in Window.verdictPasses until it ends.
	verdictPass bool
}

func newFileItem(path string, size int64, algs []*hashing.Algorithm) *fileItem {
	return &fileItem{
		path: path, name: displayName(path), size: size, verdict: &noVerdict,
		companionName: checksum.IsSumsName(filepath.Base(path)) || checksum.SignedPath(path) != "",
		base:          slices.Clone(algs),
		rows:          slices.Clone(algs),
		digests:       make(map[*hashing.Algorithm][]byte),
		marks:         make(map[*hashing.Algorithm]checksum.Outcome),
	}
}

// noVerdict is the verdict of a file not judged yet; never written.
var noVerdict = verdict.FileVerdict{FoundAs: -1, Group: -1}

// displayName is the file's base name, or the path for "-" and roots, with
// its invisible and bidirectional characters made visible
// (app.VisibleText): "ubuntu\u200b.iso" must not look like "ubuntu.iso".
func displayName(path string) string {
	if b := filepath.Base(path); b != "." && b != string(filepath.Separator) {
		return app.VisibleText(b)
	}
	return app.VisibleText(path)
}

// shown are the rows of its card: the algorithms chosen when it was added,
// and those it has a digest of or is reading or is to read. An algorithm
// tried for a digest pasted once, and given up, leaves no row behind.
func (it *fileItem) shown() []*hashing.Algorithm {
	var out []*hashing.Algorithm
	for _, a := range it.rows {
		if containsAlg(it.base, a) || it.digests[a] != nil || it.job != nil && containsAlg(it.jobAlgs, a) || containsAlg(it.later, a) {
			out = append(out, a)
		}
	}
	return out
}

// finished reports whether no job of the file is running or waiting.
func (it *fileItem) finished() bool { return it.job == nil }

// computed lists the digests known so far, for judging.
func (it *fileItem) computed() []app.Digest {
	var ds []app.Digest
	for _, a := range it.rows {
		if s := it.digests[a]; s != nil {
			ds = append(ds, app.Digest{Algorithm: a, Sum: s})
		}
	}
	return ds
}

// rowState is what an algorithm's row says before its digest is known.
func (it *fileItem) rowState(a *hashing.Algorithm) string {
	if it == nil {
		return tr("waiting")
	}
	switch it.state {
	case stateFailed, stateCancelled, stateMissing:
		return "-"
	}
	if containsAlg(it.later, a) {
		return tr("after the verdict: not needed for it")
	}
	if it.job == nil || !slices.Contains(it.jobAlgs, a) {
		return "-"
	}
	for _, p := range it.prog.Algorithms {
		if p.Algorithm == a {
			if p.Digest != nil {
				return tr("finishing")
			}
			if p.BytesPerSec > 0 {
				if containsAlg(it.extra, a) {
					return tr("{{.Speed}} · not needed for the verdict", "Speed", units.Rate(p.BytesPerSec))
				}
				return units.Rate(p.BytesPerSec)
			}
		}
	}
	if it.state == stateWaiting || it.prog.State == app.Waiting {
		return tr("waiting")
	}
	return tr("starting")
}

func (it *fileItem) stateText() string {
	switch it.state {
	case stateWaiting:
		return ""
	case stateHashing:
		return ""
	case stateDone:
		if len(it.unfinished()) > 0 {
			return tr("partly cancelled") // Esc after the verdict's algorithm: not "done"
		}
		return tr("done")
	case stateFailed:
		return tr("failed")
	case stateMissing:
		return tr("not here")
	}
	return tr("cancelled")
}

func (it *fileItem) icon() fyne.Resource {
	if st := it.verdict.Status; st == verdict.Failed || st == verdict.Conflict || st == verdict.BadSignature || st == verdict.OK {
		// Decided while other algorithms are still read: the verdict's
		// mark, not a neutral one beside "Does NOT match".
		if it.state == stateHashing || it.state == stateWaiting {
			return colourIcon(st.Colour(), true)
		}
	}
	switch it.state {
	case stateDone:
		// The engine's status, by the one mapping (verdict.Colour): green
		// and the check mark mean a match of every digest published, and
		// nothing else; a file hashed with nothing to compare gets a plain
		// document.
		switch st := it.verdict.Status; {
		case st == verdict.NotCompared && it.pasted != nil && it.pasted.Outcome != checksum.Pending:
			// compared with the file whose digest is in the field: the same
			// file, or not
			return verdictIcon(it.pasted.Outcome, true)
		case st == verdict.NotCompared:
			return theme.DocumentIcon()
		case it.badSignature() && st.Colour() != verdict.Red:
			return colourIcon(verdict.Red, true)
		default:
			return colourIcon(st.Colour(), true)
		}
	case stateFailed:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case stateCancelled:
		return theme.NewDisabledResource(theme.CancelIcon())
	case stateMissing:
		// Listed beside the files, not downloaded: a detail, not a warning.
		return theme.NewDisabledResource(theme.FileIcon())
	}
	return theme.FileIcon()
}

// problemText says why the file has no digests, without repeating its name.
func (it *fileItem) problemText() string {
	if it.state == stateCancelled {
		return tr("Cancelled before the end: no digest.")
	}
	if it.state == stateMissing && it.foundAs != nil {
		return tr("Here under another name: {{.Name}} has the digest {{.Source}} lists for it.", "Name", it.foundAs.name, "Source", it.sourceText(it.published[0]))
	}
	if it.state == stateMissing && len(it.published) > 0 {
		return tr("Not here: {{.Source}} lists it, and there is no such file.", "Source", it.sourceText(it.published[0]))
	}
	if it.refused && outsideCause(it.err) {
		return tr("Not read: its checksum file names it outside its own folder, and you chose only the folder. Drop the file itself to read it.")
	}
	var fe *app.FileError
	if errors.As(it.err, &fe) {
		return tr("Cannot read this file: {{.Cause}}", "Cause", causeText(app.CauseOf(fe), fe.Err))
	}
	if it.err != nil {
		return errorText(it.err)
	}
	return ""
}

func (it *fileItem) doneText() string {
	if it.empty() {
		return tr("This file is empty (0 bytes): a download that failed or did not finish? Download it again.")
	}
	if rest := it.unfinished(); len(rest) > 0 {
		return trn(len(rest), "{{.Algorithms}} was cancelled: ↻ computes it", "{{.Algorithms}} were cancelled: ↻ computes them", "Algorithms", algAnd(rest))
	}
	if it.elapsed < 50*time.Millisecond { // between two looks of the ticker, or "0.0 s"
		return tr("Hashed in less than 0.1 s")
	}
	s := tr("Hashed in {{.Duration}}", "Duration", durationText(it.elapsed))
	if secs := it.elapsed.Seconds(); secs > 0.05 && it.hashed > 0 {
		s += " · " + units.Rate(float64(it.hashed)/secs)
	}
	return s
}

// unfinished lists the algorithms of a file read well that have no
// digest: their pass was cancelled after the verdict's.
func (it *fileItem) unfinished() []*hashing.Algorithm {
	if it.state != stateDone {
		return nil
	}
	var out []*hashing.Algorithm
	for _, a := range it.rows {
		if it.digests[a] == nil {
			out = append(out, a)
		}
	}
	return out
}

// empty reports whether the file was read whole and held nothing: its
// digests are those of no data, which no one publishes for a download.
func (it *fileItem) empty() bool { return it.state == stateDone && it.size == 0 }

// verdictLine is the line a card shows under its progress: how the file
// compares with the digests published for it (saying which checksum file
// decided), or with the pasted one when there are several files.
func (it *fileItem) verdictLine() (fyne.Resource, string) {
	// A digest published for the file gives the card its own verdict,
	// which a pasted digest does not replace (the banner says that one's).
	if res, text := it.comparedLine(); text != "" {
		return res, text
	}
	if it.pastedDisagrees() {
		return verdictIcon(checksum.Conflict, true), tr("The pasted digest and {{.Source}} disagree", "Source", it.sourceText(it.sidecar.By[0]))
	}
	if source, _ := it.signatureDisagrees(); source != "" {
		return verdictIcon(checksum.Conflict, true), tr("Its signature is good, but it does not match {{.Source}}", "Source", source)
	}
	if d := it.sidecar; d != nil && d.Outcome != checksum.Unknown || it.pasted == nil || it.pasted.Outcome == checksum.Unknown {
		if d == nil || len(d.By) == 0 {
			return it.nameLine()
		}
		if text := it.nameConflictLine(); text != "" {
			return verdictIcon(checksum.Conflict, true), text
		}
		if d.Outcome == checksum.Conflict {
			return verdictIcon(checksum.Conflict, true), tr("The checksum files disagree: {{.Source}} and {{.Other}}",
				"Source", sourcePlace(d.By[0]), "Other", sourcePlace(d.Against[0]))
		}
		headline, _ := verdictWords(&d.Verdict, d.By[0].Authenticity)
		if d.Outcome == checksum.Match && !d.Settled() {
			// A match, not yet a verdict: the other digests published for it
			// are still being compared (rule 6).
			return verdictIcon(checksum.Pending, true), tr("{{.Algorithm}} matches {{.Source}}; checking {{.Others}}…",
				"Algorithm", d.Verdict.Algorithm.Name, "Source", it.sourceText(d.By[0]), "Others", it.uncheckedText(d.Unchecked))
		}
		if d.Outcome == checksum.Match && it.verdict.Status == verdict.Unconfirmed {
			// Fetched, and not signed as its publisher signs: amber.
			return verdictIcon(checksum.Unknown, true), tr("{{.Headline}}, but not confirmed ({{.Source}}): {{.Why}}", "Headline", headline,
				"Source", it.sourceText(d.By[0]), "Why", it.trustText())
		}
		if d.Outcome == checksum.Match && it.badSignature() {
			// Under a BAD signature no match is worded as reassurance.
			return verdictIcon(checksum.Mismatch, true), tr("{{.Headline}}, but the signature is BAD: do not use it ({{.Source}})", "Headline", headline, "Source", it.sourceText(d.By[0]))
		}
		if d.NameAgrees() {
			return verdictIcon(d.Outcome, true), tr("{{.Headline}} ({{.Source}}; the CRC32 in its name agrees)", "Headline", headline, "Source", it.sourceText(d.By[0]))
		}
		return verdictIcon(d.Outcome, true), tr("{{.Headline}} ({{.Source}})", "Headline", headline, "Source", it.sourceText(d.By[0]))
	}
	headline, _ := verdictWords(it.pasted, nil)
	if v := it.pasted; v.Outcome == checksum.Pending && (it.job == nil || len(intersect(v.Needs, it.jobAlgs)) == 0) {
		// Nothing is computing what it needs (a typed digest waits for Enter).
		return verdictIcon(checksum.Pending, true), tr("Press Enter to compute {{.Algorithms}} and compare", "Algorithms", algAnd(v.Needs))
	}
	if it.pasted.Outcome == checksum.Match && it.badSignature() {
		return verdictIcon(checksum.Mismatch, true), tr("{{.Headline}}, but the signature is BAD: do not use it", "Headline", headline)
	}
	return verdictIcon(it.pasted.Outcome, true), headline
}

// badSignature reports whether a signature over the file (its own) or
// over the checksum file its verdict came from is BAD.
func (it *fileItem) badSignature() bool {
	if it.ownSig != nil && it.ownSig.Verdict.Kind == signature.Bad || it.verdict.Trust == verdict.FetchedBad {
		return true // fetched, a signature that cannot be read is as bad (rule 8)
	}
	d := it.sidecar
	return d != nil && len(d.By) > 0 && d.By[0].Authenticity != nil && d.By[0].Authenticity.Verdict.Kind == signature.Bad
}

// sourceText names the checksum file p came from for the file it: its
// name when it lies beside the file, else with its folder too.
func (it *fileItem) sourceText(p checksum.Published) string {
	if pastedSums(p.Source) {
		return tr("the checksum lines you pasted")
	}
	if fetched(p) {
		return fetchedText(p)
	}
	if filepath.Dir(p.Source) == filepath.Dir(it.path) {
		return displayName(p.Source)
	}
	return sourcePlace(p)
}

// sourcePlace names the checksum file p came from with its folder, for
// telling two of the same name apart.
func sourcePlace(p checksum.Published) string {
	if pastedSums(p.Source) {
		return tr("the checksum lines you pasted")
	}
	if fetched(p) {
		return fetchedText(p)
	}
	return tr("{{.Name}} in {{.Folder}}", "Name", displayName(p.Source), "Folder", homeTilde(filepath.Dir(p.Source)))
}

// besideFile reports whether the checksum file of p lies beside it.
func (it *fileItem) besideFile(p checksum.Published) bool {
	return !fetched(p) && filepath.Dir(p.Source) == filepath.Dir(it.path)
}

// fetchedText names a checksum file fetched from its publisher's host.
func fetchedText(p checksum.Published) string {
	host, _ := release.FetchedFrom(p.Source)
	if h := urlHost(p.Fetched); h != "" {
		host = h
	}
	return tr("{{.Name}} from {{.Host}}", "Name", displayName(p.Source), "Host", app.VisibleText(host))
}

// fetched reports whether p's checksum file was fetched.
func fetched(p checksum.Published) bool {
	_, ok := release.FetchedFrom(p.Source)
	return p.Fetched != "" || ok
}

// authLine is the card's line on who signed the file (its own signature,
// ubuntu.iso.sig) or the checksum file its verdict came from, beside (never
// merged into) that verdict; "" when there is none.
func (it *fileItem) authLine() (fyne.Resource, string) {
	if it.ownSig != nil {
		o, text := fileSignatureWords(it.ownSig)
		return authenticityIcon(o), text
	}
	if it.sidecar == nil || len(it.sidecar.By) == 0 || it.pasted != nil && it.pasted.Outcome != checksum.Unknown {
		return nil, ""
	}
	o, text := authenticityWords(it.sidecar.By[0].Authenticity)
	if text == "" {
		return nil, ""
	}
	return authenticityIcon(o), text
}

// fileList is the list of files: the items and the virtual list showing
// them as cards.
type fileList struct {
	w            *Window
	items        []*fileItem
	list         *keyList
	holder       *fyne.Container
	cards        []*fileCard
	scratch      *fileCard
	heights      map[string]float32 // card height by shape
	custom       map[int]float32    // heights given to the list
	templateAlgs []*hashing.Algorithm
	poll         int                // items before it are finished
	again        map[*fileItem]bool // finished items hashing more algorithms
	dirty        map[*fileItem]bool // items whose cards need redrawing
	compact      *compactView       // above a handful of files; nil below
	rejudged     bool               // judged since the last redraw: a status filter chooses again
	redrawn      int                // rows and cards redrawn so far (tests)
}

func newFileList(w *Window) *fileList {
	l := &fileList{w: w, holder: container.NewStack()}
	return l
}

// reset empties the list. A new widget.List is made because the old one
// remembers item heights by index.
func (l *fileList) reset(algs []*hashing.Algorithm) {
	l.items = nil
	l.cards = nil
	l.poll = 0
	l.again = make(map[*fileItem]bool)
	l.dirty = make(map[*fileItem]bool)
	l.templateAlgs = slices.Clone(algs)
	l.heights = make(map[string]float32)
	l.custom = make(map[int]float32)
	l.scratch = newFileCard(l.w)
	l.list = newKeyList(
		func() int { return len(l.items) },
		func() fyne.CanvasObject {
			c := newFileCard(l.w)
			l.cards = append(l.cards, c)
			return c
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(l.items) {
				o.(*fileCard).bind(l.items[id])
			}
		}, l.w.escape)
	l.list.HideSeparators = true
	l.list.OnSelected = func(widget.ListItemID) { l.list.UnselectAll() }
	l.compact = nil
	l.holder.Objects = []fyne.CanvasObject{l.list}
	l.holder.Refresh()
}

// refresh redraws the list after files were added; above a handful of
// files it turns compact.
func (l *fileList) refresh() {
	if l.compact == nil && len(l.items) > compactAbove {
		l.compact = newCompactView(l)
		l.holder.Objects = []fyne.CanvasObject{l.compact.obj}
		l.holder.Refresh()
	}
	if l.compact != nil {
		l.compact.refresh()
		return
	}
	l.list.Refresh()
}

// shape names what decides a card's height, at digits a digest line.
func shape(it *fileItem, digits int) string {
	var b strings.Builder
	// Never "": that is the template's key (fit), whose height is the
	// list's default; a row of a file not here, which shows no digest,
	// took it and was drawn as tall as a card of every algorithm.
	b.WriteString("|")
	for _, a := range it.shown() {
		fmt.Fprintf(&b, "%d,", digestLines(a, digits))
	}
	if _, v := it.verdictLine(); v != "" {
		b.WriteString("v")
	}
	if _, a := it.authLine(); a != "" {
		b.WriteString("a")
	}
	return b.String()
}

// fit tells the list the height of item it's card when it differs from the
// template's, as it does when its algorithms or verdict line do.
func (l *fileList) fit(it *fileItem) {
	if l.compact != nil || len(l.items) > compactAbove {
		return // one line a file: the cards' heights do not matter
	}
	key := shape(it, l.w.digits)
	h, ok := l.heights[key]
	if !ok {
		l.scratch.bind(it)
		h = l.scratch.MinSize().Height
		l.scratch.bind(nil)
		l.heights[key] = h
	}
	tmpl, ok := l.heights[""]
	if !ok {
		tmpl = l.scratch.MinSize().Height
		l.heights[""] = tmpl
	}
	if old, ok := l.custom[it.index]; ok && old == h || !ok && h == tmpl {
		return
	}
	l.custom[it.index] = h
	l.list.SetItemHeight(it.index, h)
}

// changed marks the card of it for redrawing at the next redraw.
func (l *fileList) changed(it *fileItem) { l.dirty[it] = true }

// redraw updates the cards showing changed items.
func (l *fileList) redraw() {
	if len(l.dirty) == 0 {
		return
	}
	l.redrawn += len(l.dirty)
	if l.compact != nil {
		l.compact.redraw(l.dirty)
	} else {
		for _, c := range l.cards {
			if c.item != nil && l.dirty[c.item] {
				c.update()
			}
		}
	}
	clear(l.dirty)
}

// active returns up to n unfinished items from the front of the list: the
// queue starts files in the order they were added, so these are the ones
// being hashed now.
func (l *fileList) active(n int) []*fileItem {
	for l.poll < len(l.items) && l.items[l.poll].finished() {
		l.poll++
	}
	var out []*fileItem
	for it := range l.again {
		switch {
		case it.finished():
			delete(l.again, it)
		case len(out) == n:
			// enough: the rest are looked at in later ticks (each
			// finished one is forgotten once, whatever the list's length)
		default:
			out = append(out, it)
		}
		if len(out) == n {
			break
		}
	}
	for _, it := range l.items[l.poll:] {
		if len(out) == n {
			break
		}
		if !it.finished() {
			out = append(out, it)
		}
	}
	return out
}

// cancelled reports whether err is the "cancelled" error of a job.
func cancelled(err error) bool { return errors.Is(err, context.Canceled) }

func containsAlg(algs []*hashing.Algorithm, a *hashing.Algorithm) bool {
	return slices.Contains(algs, a)
}

// intersect lists the algorithms of a that are also in b, in a's order.
func intersect(a, b []*hashing.Algorithm) []*hashing.Algorithm {
	var out []*hashing.Algorithm
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
