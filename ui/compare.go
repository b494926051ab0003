package ui

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/compare"
	"github.com/hashdrop/hashdrop/hashing"
)

// Files compared with each other rather than with a published digest:
// Compare (every file listed, with the others: package compare decides),
// and a file's digest made the expected one for the others (dropped on the
// field, or "Use this file's digest" on its card: fromfile.go). Both are
// worded as a comparison, never as a publisher's digest: that two copies
// are the same says nothing about whether either is the file its publisher
// released. The CRC32 a release name carries is judged here too
// (judgeComparison) and worded in namecrc.go.

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

	crcs  map[*fileItem]*checksum.Published // the CRC32 in each file's name (Window.inName), nil when none
	names map[*fileItem]string              // names that tell files of one base name apart
	of    []*fileItem                       // the list names was made for (its ends)
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
	m.Disabled = !w.twoReal()
	return m
}

// twoReal reports whether two files or more of the list are here to be
// compared: rows of files not here, and checksum files and signatures
// among the files, are not.
func (w *Window) twoReal() bool {
	n := 0
	for _, it := range w.files.items {
		if it.state != stateMissing && !w.companion(it) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// showCompare shows Compare when two files or more are listed.
func (w *Window) showCompare() {
	if show := w.twoReal(); show != w.cmp.button.Visible() {
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
	if !w.twoReal() {
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

// judgeComparison judges what is compared here: the CRC32 in the files'
// names, Compare, and the files against the one whose digest is expected.
// Called by judge, before the banner is set.
func (w *Window) judgeComparison() {
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
		it.fromFile = fromFile
		var line *cardVerdict
		switch {
		case it.condemned():
			// its own verdict stays on its card (verdictLine)
		case on:
			line = w.compareLine(i)
		case fromFile:
			line = w.sourceLine(it)
		}
		if !sameLine(line, it.compared) {
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

func sameLine(a, b *cardVerdict) bool { return a == b || a != nil && b != nil && *a == *b }

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
