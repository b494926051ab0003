package ui

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// showHeadline words the engine's headline in the banner. Which headline
// it is was decided in app/verdict; here are only its words.
func (w *Window) showHeadline(rep *verdict.Report) {
	h := rep.Headline
	items := w.files.items
	of := func(idx []int) []*fileItem {
		out := make([]*fileItem, len(idx))
		for k, i := range idx {
			out[k] = items[i]
		}
		return out
	}
	files := of(h.Files)
	var it *fileItem
	if len(files) > 0 {
		it = files[0]
	}
	w.traceReport(rep)
	switch h.Reason {
	case verdict.NoVerdict:
		w.banner.set(checksum.Unknown, "", "")
	case verdict.NotADigest:
		w.banner.set(checksum.Unknown, tr("Cannot compare: this is not a digest Hashdrop understands"), w.expected.problem)
	case verdict.PastedMatch:
		headline, detail := verdictWords(it.pasted, nil)
		if h.Targets > 1 {
			detail = joinSentences(tr("The matching file is {{.Name}}.", "Name", it.name), detail)
		}
		w.banner.set(checksum.Match, headline, detail)
	case verdict.PastedPending:
		v := it.pasted
		headline, detail := verdictWords(v, nil)
		switch h.Wait {
		case verdict.WaitRunning:
			running := intersect(v.Needs, it.jobAlgs)
			headline = trn(len(running), "Checking… the verdict comes when {{.Algorithms}} is done",
				"Checking… the verdict comes when {{.Algorithms}} are done", "Algorithms", algAnd(running))
		case verdict.WaitDeclined:
			headline = tr("No verdict: computing {{.Algorithms}} to compare was cancelled", "Algorithms", algAnd(intersect(v.Needs, it.declined)))
		case verdict.WaitEnter:
			headline = tr("Press Enter to compute {{.Algorithms}} and compare", "Algorithms", algAnd(v.Needs))
		}
		w.banner.set(checksum.Pending, headline, detail)
	case verdict.PastedMismatch:
		headline, detail := verdictWords(it.pasted, nil)
		headline = tr("{{.Headline}}. Do not use it.", "Headline", headline)
		if h.Targets > 1 {
			headline = tr("Does NOT match any of the {{.N}} files: do not use them", "N", h.Targets)
		} else if it.verdict.Typo {
			// Still red (it does not match), but not "this is not the file
			// they released": a slip in copying is far likelier.
			headline = tr("Does NOT match: most likely a slip in copying the digest. Do not use it until they match.")
			detail = tr("Only one or two digits differ from the file's: a slip in copying the digest is likelier than a damaged file. Check the digest against the download page before you download again.")
		}
		w.banner.set(checksum.Mismatch, headline, detail)
		if h.Targets == 1 {
			w.banner.showDigests(it.pasted, it.digests)
		}
	case verdict.PastedUnread:
		w.banner.set(checksum.Unknown, tr("Cannot compare: the file could not be read"), "")
	case verdict.PastedDisagrees:
		w.disagreementBanner(it)
	case verdict.SignatureDisagrees:
		w.signatureBanner(it)
	case verdict.OwnBadSignature:
		w.banner.set(checksum.Mismatch, tr("BAD signature: do not use {{.Name}}", "Name", it.name),
			tr("{{.Name}} was changed after its publisher signed it.", "Name", it.name))
	case verdict.SourceBadSignature:
		// A BAD signature wins over any match: the digests it vouches for
		// were changed after signing.
		detail := tr("The checksum file was changed after it was signed, so a match with its digests proves nothing.")
		if it.verdict.Trust == verdict.FetchedBad {
			detail = capitalize(it.trustText()) + "."
		}
		w.banner.set(checksum.Mismatch, tr("BAD signature: do not trust {{.Source}}", "Source", it.sourceText(it.sidecar.By[0])), detail)
	case verdict.FetchedUnconfirmed:
		source := tr("what was fetched")
		if d := it.sidecar; d != nil && len(d.By) > 0 {
			source = it.sourceText(d.By[0])
		}
		headline := tr("Not confirmed: {{.Name}} matches {{.Source}}, but the signature is missing", "Name", w.placeName(it), "Source", source)
		if it.verdict.Trust == verdict.FetchedOtherKey {
			headline = tr("Not confirmed: {{.Name}} matches {{.Source}}, but it is signed by a key Hashdrop does not know for this publisher",
				"Name", w.placeName(it), "Source", source)
		}
		w.banner.set(checksum.Unknown, headline, capitalize(it.trustText())+". "+
			tr("The file is intact if the checksums are the publisher's; check the signing key on the publisher's own page before you use it."))
	case verdict.PublishedMismatch:
		w.mismatchBanner(files, h.Given)
	case verdict.PublishedConflict:
		w.conflictBanner(files)
	case verdict.NameConflict:
		w.nameConflictBanner(files)
	case verdict.PublishedPending:
		if d := it.sidecar; d.Outcome == checksum.Match && !d.Settled() && it.finished() && len(intersect(d.Needs, it.declined)) > 0 {
			// The rest was cancelled: no verdict, and nothing is being read.
			w.banner.set(checksum.Unknown, tr("{{.Algorithm}} matches {{.Source}}, but {{.Others}} was not compared: computing it was cancelled",
				"Algorithm", d.Verdict.Algorithm.Name, "Source", it.sourceText(d.By[0]), "Others", it.uncheckedText(d.Unchecked)),
				tr("No verdict until every digest published for {{.Name}} is compared. Read it again (drop it again) to compare the rest.", "Name", it.name))
			break
		}
		if d := it.sidecar; d.Outcome == checksum.Match && !d.Settled() {
			// Said as it stands: what matched, and what is still compared.
			w.banner.set(checksum.Pending, tr("{{.Algorithm}} matches {{.Source}}; checking {{.Others}}…",
				"Algorithm", d.Verdict.Algorithm.Name, "Source", it.sourceText(d.By[0]), "Others", it.uncheckedText(d.Unchecked)),
				tr("The verdict comes once every digest published for {{.Name}} is compared.", "Name", it.name))
			break
		}
		if it.besideFile(it.sidecar.By[0]) {
			w.banner.set(checksum.Pending, tr("Checking {{.Name}} against the digest published next to it…", "Name", it.name), "")
		} else {
			w.banner.set(checksum.Pending, tr("Checking {{.Name}} against {{.Source}}…", "Name", it.name, "Source", it.sourceText(it.sidecar.By[0])), "")
		}
	case verdict.PublishedMatch:
		w.matchBanner(it, rep)
	case verdict.AllMatch:
		w.allMatchBanner(files, rep, h.Given)
	case verdict.NameMismatch, verdict.NamePending, verdict.NameMatch:
		w.nameBanner(h.Reason, files)
	case verdict.Identical, verdict.Differ, verdict.ComparePending, verdict.CompareTooFew:
		w.compareBanner()
	case verdict.SameAsSource, verdict.NotSameAsSource, verdict.SourcePending, verdict.NothingToCompare:
		w.sourceBanner(h, files, of(h.Others))
	case verdict.NotAllRead:
		cancelled := 0
		for _, f := range files {
			if f.state == stateCancelled {
				cancelled++
			}
		}
		var headline string
		switch {
		case cancelled == len(files) && len(files) == 1:
			headline = tr("Not every file was checked: {{.Name}} was cancelled", "Name", it.name)
		case cancelled == len(files):
			headline = tr("Not every file was checked: {{.N}} files were cancelled", "N", units.Thousands(len(files)))
		case len(files) == 1:
			headline = tr("Not every file could be checked: {{.Name}} could not be read", "Name", it.name)
		case cancelled > 0:
			headline = tr("Not every file was checked: {{.N}} could not be read or were cancelled", "N", units.Thousands(len(files)))
		default:
			headline = tr("Not every file could be checked: {{.N}} files could not be read", "N", units.Thousands(len(files)))
		}
		detail := ""
		if it.err != nil {
			detail = sentence(errorText(it.err))
		}
		if n := rep.Count[verdict.OK]; n > 0 {
			detail = joinSentences(detail, trn(n, "{{.N}} other file matches what was published for it.", "{{.N}} other files match what was published for them.", "N", units.Thousands(n)))
		}
		w.banner.set(checksum.Unknown, headline, detail)
	case verdict.NoneHere:
		headline := trn(len(files), "The file the checksum file lists is not here", "None of the {{.N}} files the checksum files list is here", "N", units.Thousands(len(files)))
		if src := sumsNames(files); len(src) == 1 {
			headline = trn(len(files), "The file {{.Name}} lists is not here", "None of the {{.N}} files {{.Name}} lists is here", "N", units.Thousands(len(files)), "Name", src[0])
		}
		w.banner.set(checksum.Unknown, headline,
			tr("Put the checksum file in the folder of the files you downloaded, or open it from there."))
	case verdict.OnlyUnsupported:
		w.banner.set(checksum.Unknown, tr("Could not be verified: Hashdrop cannot compute {{.Algorithms}}", "Algorithms", listText(it.unsupported, "and")),
			tr("No file was compared. Look for a checksum file of another algorithm (SHA256SUMS, SHA512SUMS)."))
	case verdict.SignedGenuine:
		headline := tr("{{.Name}} is the file they released: its signature is genuine", "Name", it.name)
		if len(files) > 1 {
			headline = tr("The {{.N}} files are the ones they released: their signatures are genuine", "N", len(files))
		}
		_, words := fileSignatureWords(it.ownSig)
		w.banner.set(checksum.Match, headline, joinSentences(tr("{{.Signature}}.", "Signature", words),
			tr("The signature covers every byte of the file: nothing else needs to be compared.")))
	}
}

// mismatchBanner says that files do NOT match the digests published for
// them; given: a checksum file elsewhere than beside them says so.
func (w *Window) mismatchBanner(bad []*fileItem, given bool) {
	it := bad[0]
	v := &it.sidecar.Verdict
	headline, _ := verdictWords(v, it.sidecar.By[0].Authenticity)
	headline = tr("{{.Headline}}. Do not use it.", "Headline", headline)
	// Named by its place when another file of the list has its name (two
	// copies, one bad): the banner says which.
	name := w.placeName(it)
	detail := tr("{{.Name}} does not match the digest in {{.Source}}, next to it.", "Name", name, "Source", it.sourceText(it.sidecar.By[0]))
	if !it.besideFile(it.sidecar.By[0]) {
		detail = tr("{{.Name}} does not match the digest in {{.Source}}.", "Name", name, "Source", it.sourceText(it.sidecar.By[0]))
	}
	if len(bad) > 1 {
		headline = tr("{{.N}} files do NOT match the digests published next to them: do not use them", "N", len(bad))
		if given {
			headline = tr("{{.N}} files do NOT match the digests published for them: do not use them", "N", len(bad))
		}
		// The banner names the files that fail when there are few.
		detail = tr("NOT matching: {{.Names}}.", "Names", w.fewNames(bad))
	}
	w.banner.set(checksum.Mismatch, headline, detail)
	if len(bad) == 1 {
		w.banner.showDigests(v, it.digests)
	}
}

// fewNames lists the names of items, the first three and how many more.
func (w *Window) fewNames(items []*fileItem) string {
	if len(items) <= 3 {
		return w.placeNames(items)
	}
	return tr("{{.Names}} and {{.N}} more", "Names", w.placeNames(items[:3]), "N", units.Thousands(len(items)-3))
}

// matchBanner says that the one file judged matches what was published
// for it, with what agrees, who signed it and how the others fared.
func (w *Window) matchBanner(it *fileItem, rep *verdict.Report) {
	by := it.sidecar.By[0]
	detail := tr("Compared with {{.Source}}, found next to the file.", "Source", filepath.Base(by.Source))
	if !it.besideFile(by) || pastedSums(by.Source) {
		detail = tr("Compared with {{.Source}}.", "Source", it.sourceText(by))
	}
	if r := it.verdict.Renamed; r != nil {
		detail = joinSentences(detail, tr("It is listed there as {{.Name}}: the same file under another name, found by its digest.", "Name", r.Name))
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
	if it.verdict.Trust == verdict.FetchedHTTPS {
		// Unsigned by its publisher's way: as far as that host goes (rule 8).
		detail = joinSentences(detail, tr("{{.Signature}}.", "Signature", capitalize(it.trustText())))
	} else if _, auth := authenticityWords(by.Authenticity); auth != "" {
		detail = joinSentences(detail, tr("{{.Signature}}.", "Signature", auth))
	}
	headline, more := verdictWords(&it.sidecar.Verdict, by.Authenticity)
	detail = joinSentences(detail, more)
	detail = joinSentences(detail, w.otherCounts(rep)) // the numbers add up with the list's
	w.banner.set(checksum.Match, headline, detail)
}

// allMatchBanner says that every file judged matches.
func (w *Window) allMatchBanner(ok []*fileItem, rep *verdict.Report, given bool) {
	detail := ""
	if _, auth := authenticityWords(ok[0].sidecar.By[0].Authenticity); auth != "" {
		detail = tr("{{.Signature}}.", "Signature", auth)
	}
	headline := tr("All {{.N}} files match the digests published next to them", "N", units.Thousands(len(ok)))
	if given {
		headline = tr("All {{.N}} files match the digests published for them", "N", units.Thousands(len(ok)))
	}
	// The numbers add up with the list's: the files no checksum file
	// decided are counted, not left out of "all".
	if others := w.otherCounts(rep); others != "" {
		headline = trn(len(ok), "{{.N}} file matches the digests published for it", "{{.N}} files match the digests published for them", "N", len(ok))
		detail = joinSentences(others, detail)
	}
	// A weak algorithm deciding any of them says so, as it does for one.
	var plain *hashing.Algorithm // the last algorithm found neither weak nor non-cryptographic
	for _, it := range ok {
		a := it.sidecar.Verdict.Algorithm
		if a == nil || a == plain && !it.sidecar.Verdict.Weak {
			continue
		}
		if !checksum.NonCryptographic(a) && !it.sidecar.Verdict.Weak {
			plain = a
			continue // worded only for the first weak one: a release's thousands are not
		}
		if _, caveat := matchWords(nil, a, nil); caveat != "" {
			detail = joinSentences(detail, caveat)
			break
		}
	}
	w.banner.set(checksum.Match, headline, detail)
}

// otherCounts says, under a match, how the other files fared: those the
// CRC32 in their name only was compared with, those nothing was published
// for, those listed that are not here, so that the numbers add up with
// the list's.
func (w *Window) otherCounts(rep *verdict.Report) string {
	named := 0
	for _, it := range w.files.items {
		if it.nameOnly() && it.named.Outcome == checksum.Match {
			named++
		}
	}
	var s string
	if named > 0 {
		s = trn(named, "{{.N}} other file matches the CRC32 in its name, which catches accidental damage only.",
			"{{.N}} other files match the CRC32 in their names, which catches accidental damage only.", "N", named)
	}
	if none := rep.Count[verdict.NotCompared]; none > 0 {
		s = joinSentences(s, trn(none, "{{.N}} other file has no published digest to compare with.",
			"{{.N}} other files have no published digest to compare with.", "N", none))
	}
	if missing := rep.Count[verdict.Missing]; missing > 0 {
		s = joinSentences(s, trn(missing, "{{.N}} other file listed is not here.", "{{.N}} other files listed are not here.", "N", units.Thousands(missing)))
	}
	return s
}

// signatureBanner says that the file's own signature, good, and a digest
// published for it disagree, naming both and what each says.
func (w *Window) signatureBanner(it *fileItem) {
	source, v := it.signatureDisagrees()
	if v == nil {
		return
	}
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
		if it.verdict.Typo {
			detail = joinSentences(tr("Only one or two digits of the pasted digest differ: most likely a slip in copying it."), detail)
		}
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

// traceReport logs (HASHDROP_TRACE) the headline's reason and the count of
// each status, as "reason REASON" and "statuses ok=N failed=N ...", once
// until they change: what the status filter finds, for a script to follow
// and to compare with hashdrop verify.
func (w *Window) traceReport(rep *verdict.Report) {
	if w.trace == nil {
		return
	}
	s := "reason " + rep.Headline.Reason.String() + "\nstatuses"
	for st, n := range rep.Count {
		if n > 0 {
			s += fmt.Sprintf(" %s=%d", verdict.Status(st), n)
		}
	}
	if s != w.tracedReport {
		w.tracedReport = s
		for _, line := range strings.Split(s, "\n") {
			w.tracef("%s", line)
		}
	}
}

// uncheckedText names the sources of the digests not compared yet: the
// checksum files, or the CRC32 in the file's name.
func (it *fileItem) uncheckedText(pubs []checksum.Published) string {
	var names []string
	for _, p := range pubs {
		name := tr("the CRC32 in its name")
		if !p.InName {
			name = it.sourceText(p)
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return listText(names, "and")
}

// sumsNames are the names of the checksum files that list files, once each.
func sumsNames(files []*fileItem) []string {
	var names []string
	for _, it := range files {
		for _, p := range it.published {
			if n := displayName(p.Source); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// sentence ends text as a sentence, when it does not end so already.
func sentence(text string) string {
	for _, end := range []string{".", "!", "?", "。"} {
		if text == "" || strings.HasSuffix(text, end) {
			return text
		}
	}
	return tr("{{.Text}}.", "Text", text)
}
