package ui

import (
	"encoding/hex"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/compare"
	"github.com/hashdrop/hashdrop/hashing"
)

// Files compared with each other rather than with a published digest:
// Compare (every file listed, with the others: package compare decides),
// and a file's digest made the expected one for the others (dropped on the
// field, or "Use this file's digest" on its card). Both are worded as a
// comparison, never as a publisher's digest: that two copies are the same
// says nothing about whether either is the file its publisher released.
// The CRC32 a release name carries is judged here too.

// comparing is the window's state for them; Clear resets it (reset).
type comparing struct {
	button *button         // Compare, shown with two files or more
	row    *fyne.Container // the action buttons it is among

	on     bool   // Compare was chosen
	at     string // the expected field's text then: a digest pasted since ends the comparison
	result compare.Result
	items  []*fileItem // the files result is about, in its order

	source     *fileItem // the file whose digest the expected field holds
	sourceText string    // the field's text it put there: changed since, it ends
	awaiting   string    // a file dropped on the field, used once it is read

	crcs  map[*fileItem]*checksum.ExpectedDigest // the CRC32 in each file's name, nil when none
	names map[*fileItem]string                   // names that tell files of one base name apart
	of    []*fileItem                            // the list names was made for (its ends)
}

// reset forgets what was compared (Clear).
func (c *comparing) reset() { *c = comparing{button: c.button, row: c.row} }

// cardVerdict is a card's line on a comparison.
type cardVerdict struct {
	outcome checksum.Outcome // its icon; Unknown: an information, neither good nor bad
	text    string
}

func (w *Window) newCompareButton() *button {
	b := w.newButton(tr("Compare the files"), theme.ContentCopyIcon(), w.compareFiles)
	b.Hide()
	return b
}

// cmpRow puts Compare beside the expected field's other button, under the
// field: the other way of comparing, where the width is.
func (w *Window) cmpRow(beside fyne.CanvasObject) fyne.CanvasObject {
	w.cmp.row = container.NewHBox(w.cmp.button, beside)
	return w.cmp.row
}

// compareItem is the ☰ menu's Compare, enabled with two files or more.
func (w *Window) compareItem() *fyne.MenuItem {
	m := fyne.NewMenuItem(tr("Compare the files with each other"), w.compareFiles)
	m.Disabled = len(w.files.items) < 2
	return m
}

// showCompare shows Compare when two files or more are listed.
func (w *Window) showCompare() {
	if show := len(w.files.items) >= 2; show != w.cmp.button.Visible() {
		if show {
			w.cmp.button.Show()
		} else {
			w.cmp.button.Hide()
		}
		w.cmp.row.Refresh() // laid out again with it, or without
	}
}

// compareFiles compares the files listed with each other: the banner gives
// the verdict, at once when their sizes differ.
func (w *Window) compareFiles() {
	if len(w.files.items) < 2 {
		return
	}
	w.cmp.on, w.cmp.at = true, w.expected.last
	w.cmp.source = nil
	w.tracef("compare the %d files listed", len(w.files.items))
	w.judge()
	w.refreshChrome()
}

// comparingOn reports whether Compare decides the banner: it was chosen,
// and no digest was pasted since.
func (w *Window) comparingOn() bool {
	return w.cmp.on && w.expected.last == w.cmp.at && len(w.files.items) >= 2
}

// fromFile reports whether the expected field holds a listed file's digest,
// put there by useDigestOf and not changed since.
func (w *Window) fromFile() bool {
	s := w.cmp.source
	return s != nil && w.expected.last == w.cmp.sourceText && w.expected.parsed != nil &&
		s.index < len(w.files.items) && w.files.items[s.index] == s
}

// useDigestOf makes the digest of it the expected one for the other files
// listed; a file not read yet is used once it is.
func (w *Window) useDigestOf(it *fileItem) {
	a := strongestComputed(it)
	if it.state == stateFailed || it.state == stateCancelled {
		w.cmp.awaiting = ""
		w.flash(tr("{{.Name}} could not be read: it has no digest to compare with", "Name", w.placeName(it)))
		return
	}
	if it.state != stateDone || !it.finished() || a == nil {
		w.cmp.awaiting = it.path
		w.flash(tr("The digest of {{.Name}} is used once the file is read", "Name", w.placeName(it)))
		return
	}
	w.cmp.awaiting = ""
	text := a.ID + ":" + hex.EncodeToString(it.digests[a])
	w.cmp.on = false
	w.cmp.source, w.cmp.sourceText = it, text
	w.tracef("the digest of %s (%s) is the expected one for the others", it.path, a.Name)
	w.expected.SetText(text) // judged at once, as a paste, for every file listed
	delete(w.expected.forItems, it)
	w.describeSource()
	w.expected.judge()
}

// describeSource writes under the field whose digest it holds and how many
// files are compared with it.
func (w *Window) describeSource() {
	it, n := w.cmp.source, len(w.expected.forItems)
	a := w.expected.parsed.Candidates[0]
	w.expected.understood.SetText(trn(n, "The {{.Algorithm}} of {{.Name}} · compared with the other file",
		"The {{.Algorithm}} of {{.Name}} · compared with the {{.N}} other files", "Algorithm", a.Name, "Name", w.placeName(it), "N", n))
}

// useDigestOfPath is a file dropped on the expected field: listed already,
// its digest is used now; else it is listed, and used once read.
func (w *Window) useDigestOfPath(path string) {
	for _, it := range w.files.items {
		if sameFile(it.path, path) {
			w.useDigestOf(it)
			return
		}
	}
	w.cmp.awaiting = path
	w.Add([]string{path})
}

// dropAt takes a drop: one file dropped on the expected-digest field gives
// its digest; anything else is listed.
func (w *Window) dropAt(pos fyne.Position, uris []fyne.URI) {
	if len(uris) == 1 && uris[0].Scheme() == "file" && w.onExpectedField(pos) && !isSumsFile(uris[0].Path()) {
		w.tracef("dropped %q on the expected digest", uris[0].Path())
		w.useDigestOfPath(uris[0].Path())
		return
	}
	w.drop(uris)
}

// onExpectedField reports whether pos, in the window's coordinates, is on
// the expected-digest field or the line under it.
func (w *Window) onExpectedField(pos fyne.Position) bool {
	o := w.expected.object()
	if !o.Visible() || w.body.Objects[0] != w.mainView {
		return false
	}
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	size := o.Size()
	return pos.X >= at.X && pos.Y >= at.Y && pos.X < at.X+size.Width && pos.Y < at.Y+size.Height
}

// strongestComputed is the strongest algorithm it has a digest of.
func strongestComputed(it *fileItem) *hashing.Algorithm {
	var best *hashing.Algorithm
	for _, d := range it.computed() {
		if best == nil || checksum.Strength(d.Algorithm) > checksum.Strength(best) {
			best = d.Algorithm
		}
	}
	return best
}

// beforeJudge is judge's first step: a file dropped on the expected field,
// read now, gives its digest, and the files listed since a file's digest
// was made the expected one are compared with it too.
func (w *Window) beforeJudge() {
	if w.cmp.awaiting != "" {
		for _, it := range w.files.items {
			if it.path == w.cmp.awaiting && it.finished() && it.state != stateWaiting && it.state != stateHashing {
				w.useDigestOf(it)
				break
			}
		}
	}
	if w.fromFile() && len(w.expected.forItems) != len(w.files.items)-1 {
		for _, it := range w.files.items {
			if it != w.cmp.source {
				w.expected.forItems[it] = true
			}
		}
		w.describeSource()
	}
}

// judgeComparison judges what is compared here: the CRC32 in the files'
// names, Compare, and the files against the one whose digest is expected.
// Called by judge, before the banner is set.
func (w *Window) judgeComparison() {
	if w.cmp.crcs == nil {
		w.cmp.crcs = make(map[*fileItem]*checksum.ExpectedDigest)
	}
	on, fromFile := w.comparingOn(), w.fromFile()
	if on {
		w.cmp.items = w.files.items
		files := make([]compare.File, len(w.cmp.items))
		for i, it := range w.cmp.items {
			files[i] = compare.File{Size: it.size, Digests: it.computed(), Done: it.finished(),
				Failed: it.state == stateFailed || it.state == stateCancelled}
		}
		w.cmp.result = compare.Compare(files)
	}
	for i, it := range w.files.items {
		e, seen := w.cmp.crcs[it]
		if !seen {
			e = checksum.CRC32InName(it.path)
			w.cmp.crcs[it] = e
		}
		was := it.named
		it.named = nil
		if e != nil && (it.state == stateDone || it.state == stateHashing || it.state == stateWaiting) {
			v := e.Judge(it.computed())
			it.named = &v
			w.needMore(it, v, true)
		}
		renamed := (was == nil) != (it.named == nil) || was != nil && was.Outcome != it.named.Outcome
		var line *cardVerdict
		switch {
		case on:
			line = w.compareLine(i)
		case fromFile:
			line = w.sourceLine(it)
		}
		if !sameLine(line, it.compared) || renamed {
			it.compared = line
			w.files.changed(it)
			w.files.fit(it)
		}
	}
}

// compareLine is the card's line on Compare for the i-th file.
func (w *Window) compareLine(i int) *cardVerdict {
	r := w.cmp.result
	g := r.GroupOf(i)
	switch {
	case g < 0:
		return nil
	case r.Outcome == compare.Identical:
		return &cardVerdict{checksum.Match, tr("Identical to the other files")}
	case r.Outcome != compare.Differ:
		return nil
	case len(r.Groups[g]) == 1 && r.SizesDiffer && r.Algorithm == nil:
		return &cardVerdict{checksum.Mismatch, tr("Group {{.N}}: its size is unlike any other file's", "N", g+1)}
	case len(r.Groups[g]) == 1:
		return &cardVerdict{checksum.Mismatch, tr("Group {{.N}}: unlike any other file", "N", g+1)}
	}
	var others []string
	for _, m := range r.Groups[g] {
		if m != i {
			others = append(others, w.placeName(w.cmp.items[m]))
		}
	}
	if r.Algorithm == nil {
		return &cardVerdict{checksum.Unknown, tr("Group {{.N}}: the same size as {{.Names}}", "N", g+1, "Names", listText(others, "and"))}
	}
	return &cardVerdict{checksum.Unknown, tr("Group {{.N}}: the same as {{.Names}}", "N", g+1, "Names", listText(others, "and"))}
}

// sourceLine is the card's line when a file's digest is the expected one.
func (w *Window) sourceLine(it *fileItem) *cardVerdict {
	src := w.cmp.source
	if it == src {
		return &cardVerdict{checksum.Unknown, tr("Its digest is the one the other files are compared with")}
	}
	name := w.placeName(src)
	switch {
	case it.pasted == nil:
		return nil
	case it.pasted.Outcome == checksum.Match:
		return &cardVerdict{checksum.Match, tr("The same as {{.Name}}", "Name", name)}
	case it.pasted.Outcome == checksum.Mismatch || sizesDiffer(it, src):
		return &cardVerdict{checksum.Mismatch, tr("NOT the same as {{.Name}}", "Name", name)}
	}
	return nil
}

func sameLine(a, b *cardVerdict) bool { return a == b || a != nil && b != nil && *a == *b }

func sizesDiffer(a, b *fileItem) bool { return a.size >= 0 && b.size >= 0 && a.size != b.size }

// comparisonBanner sets the banner when Compare, or a file's digest,
// decides it, and reports whether one did.
func (w *Window) comparisonBanner(targets []*fileItem) bool {
	switch {
	case w.comparingOn():
		w.compareBanner()
	case w.fromFile():
		w.sourceBanner(targets)
	default:
		return false
	}
	return true
}

// compareBanner words Compare's verdict.
func (w *Window) compareBanner() {
	r, items := w.cmp.result, w.cmp.items
	name := func(i int) string { return w.placeName(items[i]) }
	switch r.Outcome {
	case compare.Identical:
		headline := tr("Identical: the {{.N}} files are the same", "N", len(r.Groups[0]))
		if len(r.Groups[0]) == 2 {
			headline = tr("Identical: {{.Name}} and {{.Other}} are the same", "Name", name(r.Groups[0][0]), "Other", name(r.Groups[0][1]))
		}
		w.banner.set(checksum.Match, headline, joinSentences(tr("Same size and the same {{.Algorithm}}, the strongest algorithm computed.", "Algorithm", r.Algorithm.Name),
			sameWords(r.Algorithm)))
	case compare.Differ:
		var detail string
		if r.SizesDiffer {
			detail = tr("Their sizes differ, so they differ whatever is in them.")
		} else {
			detail = tr("Their {{.Algorithm}} differs, the strongest algorithm computed.", "Algorithm", r.Algorithm.Name)
		}
		if len(r.Groups) == 2 && len(r.Groups[0])+len(r.Groups[1]) == 2 {
			w.banner.set(checksum.Mismatch, tr("They differ: {{.Name}} and {{.Other}} are not the same", "Name", name(r.Groups[0][0]), "Other", name(r.Groups[1][0])), detail)
			return
		}
		var groups []string
		for g, members := range r.Groups {
			var names []string
			for _, m := range members {
				names = append(names, name(m))
			}
			groups = append(groups, tr("group {{.N}}: {{.Names}}", "N", g+1, "Names", listText(names, "and")))
		}
		if r.Algorithm == nil {
			detail = joinSentences(detail, tr("By size, until they are read: {{.Groups}}.", "Groups", strings.Join(groups, "; ")))
		} else {
			detail = joinSentences(detail, tr("The same as each other: {{.Groups}}.", "Groups", strings.Join(groups, "; ")))
		}
		w.banner.set(checksum.Mismatch, tr("They differ: the {{.N}} files fall in {{.Groups}} groups", "N", len(items)-failedCount(items), "Groups", len(r.Groups)), detail)
	case compare.Pending:
		w.banner.set(checksum.Pending, tr("Comparing the {{.N}} files…", "N", len(items)), tr("They have the same size; the verdict comes when every file is read."))
	default:
		w.banner.set(checksum.Unknown, tr("Cannot compare: fewer than two of the files could be read"), "")
	}
}

func failedCount(items []*fileItem) int {
	n := 0
	for _, it := range items {
		if it.state == stateFailed || it.state == stateCancelled {
			n++
		}
	}
	return n
}

// sameWords says what the same digest means of two files: with a weak
// algorithm, only that no accident happened.
func sameWords(a *hashing.Algorithm) string {
	switch {
	case checksum.NonCryptographic(a):
		return tr("{{.Algorithm}} only catches accidental damage: compute SHA-256 to be sure.", "Algorithm", a.Name)
	case a.ID == "md5" || a.ID == "sha1":
		return tr("Two files can be made to have the same {{.Algorithm}}: compute SHA-256 to rule that out.", "Algorithm", a.Name)
	}
	return tr("The files are the same byte for byte; that says nothing about whether either is the file its publisher released.")
}

// sourceBanner words the files against the one whose digest is expected.
func (w *Window) sourceBanner(targets []*fileItem) {
	src := w.cmp.source
	name := w.placeName(src)
	var same, differ, pending []*fileItem
	for _, it := range targets {
		switch {
		case it == src || it.pasted == nil:
		case it.pasted.Outcome == checksum.Mismatch || sizesDiffer(it, src):
			differ = append(differ, it)
		case it.pasted.Outcome == checksum.Match:
			same = append(same, it)
		default:
			pending = append(pending, it)
		}
	}
	n := len(same) + len(differ) + len(pending)
	switch {
	case len(differ) > 0:
		headline := tr("{{.Name}} is NOT the same as {{.Source}}", "Name", w.placeName(differ[0]), "Source", name)
		if n > 1 {
			headline = trn(len(differ), "{{.N}} of the {{.M}} files is NOT the same as {{.Source}}", "{{.N}} of the {{.M}} files are NOT the same as {{.Source}}",
				"N", len(differ), "M", n, "Source", name)
		}
		detail := tr("Its digest is not that of {{.Source}}: the two files differ.", "Source", name)
		if n > 1 {
			detail = tr("NOT the same: {{.Names}}.", "Names", w.placeNames(differ))
			if len(same) > 0 {
				detail = joinSentences(detail, tr("The same: {{.Names}}.", "Names", w.placeNames(same)))
			}
		} else if sizesDiffer(differ[0], src) {
			detail = tr("{{.Name}} is {{.Size}} and {{.Source}} {{.SourceSize}}: they differ.", "Name", w.placeName(differ[0]), "Size", sizeText(differ[0].size),
				"Source", name, "SourceSize", sizeText(src.size))
		}
		w.banner.set(checksum.Mismatch, headline, detail)
	case len(pending) > 0:
		w.banner.set(checksum.Pending, tr("Comparing with {{.Source}}…", "Source", name), "")
	case len(same) == 1:
		a := same[0].pasted.Algorithm
		w.banner.set(checksum.Match, tr("{{.Name}} is the same as {{.Source}}", "Name", w.placeName(same[0]), "Source", name),
			joinSentences(tr("The same {{.Algorithm}}.", "Algorithm", a.Name), sameWords(a)))
	case len(same) > 1:
		a := same[0].pasted.Algorithm
		w.banner.set(checksum.Match, tr("All {{.N}} files are the same as {{.Source}}", "N", len(same), "Source", name),
			joinSentences(tr("The same {{.Algorithm}}.", "Algorithm", a.Name), sameWords(a)))
	default:
		w.banner.set(checksum.Unknown, tr("Nothing to compare {{.Source}} with: drop the other files", "Source", name), "")
	}
}

// nameBanner gives the verdict on the CRC32 in the files' names when
// nothing else gave one.
func (w *Window) nameBanner() {
	if w.banner.Headline() != "" {
		return
	}
	var ok, bad, pending []*fileItem
	for _, it := range w.files.items {
		switch v := it.named; {
		case v == nil:
		case v.Outcome == checksum.Match:
			ok = append(ok, it)
		case v.Outcome == checksum.Mismatch:
			bad = append(bad, it)
		default:
			pending = append(pending, it)
		}
	}
	weak := tr("A CRC32 only catches accidental damage: anyone can make a file with any CRC32, so it says nothing about who made the file.")
	switch {
	case len(bad) == 1:
		w.banner.set(checksum.Mismatch, tr("{{.Name}} does NOT match the CRC32 in its name", "Name", w.placeName(bad[0])),
			tr("Its CRC32 is not {{.Digest}}: the file is damaged or incomplete, or the name is wrong. Download it again.", "Digest", strings.ToUpper(bad[0].named.Expected.Text)))
	case len(bad) > 1:
		w.banner.set(checksum.Mismatch, tr("{{.N}} files do NOT match the CRC32 in their names", "N", len(bad)),
			tr("They are damaged or incomplete, or their names are wrong. Download them again."))
	case len(pending) > 0:
		w.banner.set(checksum.Pending, tr("Computing CRC32 to compare with the one in {{.Name}}'s name…", "Name", w.placeName(pending[0])), "")
	case len(ok) == 1:
		w.banner.set(checksum.Match, tr("{{.Name}} matches the CRC32 in its name", "Name", w.placeName(ok[0])), weak)
	case len(ok) > 1:
		w.banner.set(checksum.Match, tr("{{.N}} files match the CRC32 in their names", "N", len(ok)), weak)
	}
}

// nameLine is the card's line on the CRC32 in its name, "" when none.
func (it *fileItem) nameLine() (fyne.Resource, string) {
	switch v := it.named; {
	case v == nil:
		return nil, ""
	case v.Outcome == checksum.Match:
		return verdictIcon(checksum.Match, true), tr("Matches the CRC32 in its name (it catches accidental damage only)")
	case v.Outcome == checksum.Mismatch:
		return verdictIcon(checksum.Mismatch, true), tr("Does NOT match the CRC32 in its name ({{.Digest}})", "Digest", strings.ToUpper(v.Expected.Text))
	}
	return nil, ""
}

// comparedLine is the card's line on Compare or the file whose digest is
// expected, "" when neither is on.
func (it *fileItem) comparedLine() (fyne.Resource, string) {
	if it.compared == nil {
		return nil, ""
	}
	if it.compared.outcome == checksum.Unknown {
		return theme.InfoIcon(), it.compared.text
	}
	return verdictIcon(it.compared.outcome, true), it.compared.text
}

// placeName is it's name, with as much of its folder as tells it apart
// from the other files listed of the same name ("usb/ubuntu.iso" beside
// "Downloads/ubuntu.iso").
func (w *Window) placeName(it *fileItem) string {
	items := w.files.items
	if n := len(items); n < 2 || len(w.cmp.of) != 2 || w.cmp.of[0] != items[0] || w.cmp.of[1] != items[n-1] {
		w.cmp.names = distinctNames(items)
		if n > 0 {
			w.cmp.of = []*fileItem{items[0], items[n-1]}
		}
	}
	if s, ok := w.cmp.names[it]; ok {
		return s
	}
	return it.name
}

// placeNames lists the names of items for a sentence (placeName).
func (w *Window) placeNames(items []*fileItem) string {
	var names []string
	for _, it := range items {
		names = append(names, w.placeName(it))
	}
	return listText(names, "and")
}

// distinctNames names the files of items that share a base name with their
// shortest trailing folders that tell them apart.
func distinctNames(items []*fileItem) map[*fileItem]string {
	byName := make(map[string][]*fileItem)
	for _, it := range items {
		byName[it.name] = append(byName[it.name], it)
	}
	out := make(map[*fileItem]string)
	for _, same := range byName {
		if len(same) < 2 {
			continue
		}
		for _, it := range same {
			out[it] = distinctTail(it, same)
		}
	}
	return out
}

// distinctTail is the name of it with the fewest folders above it that no
// other file of same has: "usb/ubuntu.iso".
func distinctTail(it *fileItem, same []*fileItem) string {
	dirs := strings.Split(filepath.ToSlash(filepath.Dir(it.path)), "/")
	for k := 1; k <= len(dirs); k++ {
		tail := strings.Join(dirs[len(dirs)-k:], "/")
		if strings.Trim(tail, "/") == "" {
			continue
		}
		unique := true
		for _, o := range same {
			if o != it && strings.HasSuffix("/"+filepath.ToSlash(filepath.Dir(o.path)), "/"+tail) {
				unique = false
				break
			}
		}
		if unique {
			if k == len(dirs) {
				return homeTilde(filepath.Dir(it.path)) + string(filepath.Separator) + it.name
			}
			return filepath.FromSlash(tail + "/" + it.name)
		}
	}
	return homeTilde(it.path)
}

// newUseButton is a card's "Use this file's digest": its digest becomes
// the expected one for the other files.
func (c *fileCard) newUseButton() *button {
	b := c.w.newButton(tr("Use this file's digest"), theme.ContentPasteIcon(), func() {
		if c.item != nil {
			c.w.useDigestOf(c.item)
		}
	})
	b.Importance = widget.LowImportance
	b.Hide()
	return b
}

// showUse shows "Use this file's digest" on a file read well, beside
// others, whose digest is not the expected one already. A file checked
// against a published digest (beside it, in a checksum file, or pasted)
// does not offer it: there the publisher's digest is the one to compare.
func (c *fileCard) showUse() {
	it, w := c.item, c.w
	if it != nil && it.state == stateDone && len(w.files.items) >= 2 && !(w.fromFile() && w.cmp.source == it) &&
		(it.sidecar == nil || len(it.sidecar.By) == 0) && (it.pasted == nil || w.fromFile()) {
		c.use.Show()
	} else {
		c.use.Hide()
	}
}
