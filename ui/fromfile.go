package ui

import (
	"encoding/hex"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// A file's digest made the expected one for the other files listed: a file
// dropped on the expected-digest field, or "Use this file's digest" on its
// card. The field holds the digest ("sha512:..."), and the verdict is
// worded as a comparison with that file (the others are the same as it, or
// not), never as a publisher's digest.

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

// dropAt takes a drop: one file dropped on the expected-digest field
// itself gives its digest; anything else, anywhere else (the field's label
// and the line under it too), is listed.
func (w *Window) dropAt(pos fyne.Position, uris []fyne.URI) {
	w.expected.cue.show(false)
	if len(uris) == 1 && uris[0].Scheme() == "file" && w.onDropTarget(pos) && !isSumsFile(uris[0].Path()) {
		if w.holdsDigest() {
			// A digest pasted or typed is what the file is compared with:
			// a drop never replaces it ("Use this file's digest" does, asked).
			w.tracef("dropped %q on the field holding a digest: listed and compared with it", uris[0].Path())
			w.drop(uris)
			return
		}
		w.tracef("dropped %q on the expected digest", uris[0].Path())
		w.useDigestOfPath(uris[0].Path())
		return
	}
	w.drop(uris)
}

// holdsDigest reports whether the field holds text pasted or typed (not a
// listed file's digest put there): a file dropped on it is compared with
// it, never made the expected one.
func (w *Window) holdsDigest() bool {
	return strings.TrimSpace(w.expected.entry.Text) != "" && !w.fromFile()
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

func sizesDiffer(a, b *fileItem) bool { return a.size >= 0 && b.size >= 0 && a.size != b.size }

// sourceBanner words the files against the one whose digest is expected.
func (w *Window) sourceBanner(h verdict.Headline, files, same []*fileItem) {
	src := w.files.items[h.Of]
	name := w.placeName(src)
	switch h.Reason {
	case verdict.NotSameAsSource:
		differ := files
		headline := tr("{{.Name}} is NOT the same as {{.Source}}", "Name", w.placeName(differ[0]), "Source", name)
		if h.Targets > 1 {
			headline = trn(len(differ), "{{.N}} of the {{.M}} files is NOT the same as {{.Source}}", "{{.N}} of the {{.M}} files are NOT the same as {{.Source}}",
				"N", len(differ), "M", h.Targets, "Source", name)
		}
		detail := tr("Its digest is not that of {{.Source}}: the two files differ.", "Source", name)
		if h.Targets > 1 {
			detail = tr("NOT the same: {{.Names}}.", "Names", w.placeNames(differ))
			if len(same) > 0 {
				detail = joinSentences(detail, tr("The same: {{.Names}}.", "Names", w.placeNames(same)))
			}
		} else if sizesDiffer(differ[0], src) {
			detail = tr("{{.Name}} is {{.Size}} and {{.Source}} {{.SourceSize}}: they differ.", "Name", w.placeName(differ[0]), "Size", sizeText(differ[0].size),
				"Source", name, "SourceSize", sizeText(src.size))
		}
		w.banner.set(checksum.Mismatch, headline, detail)
	case verdict.SourcePending:
		w.banner.set(checksum.Pending, tr("Comparing with {{.Source}}…", "Source", name), "")
	case verdict.SameAsSource:
		a := files[0].pasted.Algorithm
		headline := tr("{{.Name}} is the same as {{.Source}}", "Name", w.placeName(files[0]), "Source", name)
		if len(files) > 1 {
			headline = tr("All {{.N}} files are the same as {{.Source}}", "N", units.Thousands(len(files)), "Source", name)
		}
		w.banner.set(checksum.Match, headline, joinSentences(tr("The same {{.Algorithm}}.", "Algorithm", a.Name), sameWords(a)))
	default:
		w.banner.set(checksum.Unknown, tr("Nothing to compare {{.Source}} with: drop the other files", "Source", name), "")
	}
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
