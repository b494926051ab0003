package ui

import (
	"strings"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// The CRC32 a release name carries ("[Group] Title - 01 [BC5B1138].mkv",
// checksum.CRC32InName) is compared in judgeComparison, and worded here as
// what it is: evidence against accidental damage, nothing more. Beside a
// checksum file that lists the file it is one more source, the weakest,
// of the file's Decision (sources): it agrees, or it makes a conflict.

// inName is the CRC32 in its name as a published digest (checksum.InName),
// nil when none; its name is read once.
func (w *Window) inName(it *fileItem) *checksum.Published {
	p, seen := w.cmp.crcs[it]
	if !seen {
		if w.cmp.crcs == nil {
			w.cmp.crcs = make(map[*fileItem]*checksum.Published)
		}
		p = checksum.InName(it.path)
		w.cmp.crcs[it] = p
	}
	return p
}

// nameBanner words the verdict on the CRC32 in the names of the files
// nothing else was published for (the engine chose it).
func (w *Window) nameBanner(reason verdict.Reason, files []*fileItem) {
	weak := tr("A CRC32 only catches accidental damage: anyone can make a file with any CRC32, so it says nothing about who made the file.")
	switch {
	case reason == verdict.NameMismatch && len(files) == 1:
		w.banner.set(checksum.Mismatch, tr("{{.Name}} does NOT match the CRC32 in its name", "Name", w.placeName(files[0])),
			tr("Its CRC32 is not {{.Digest}}: the file is damaged or incomplete, or the name is wrong. Download it again.", "Digest", strings.ToUpper(files[0].named.Expected.Text)))
	case reason == verdict.NameMismatch:
		w.banner.set(checksum.Mismatch, tr("{{.N}} files do NOT match the CRC32 in their names", "N", len(files)),
			tr("They are damaged or incomplete, or their names are wrong. Download them again."))
	case reason == verdict.NamePending:
		w.banner.set(checksum.Pending, tr("Computing CRC32 to compare with the one in {{.Name}}'s name…", "Name", w.placeName(files[0])), "")
	case len(files) == 1:
		w.banner.set(checksum.Match, tr("{{.Name}} matches the CRC32 in its name", "Name", w.placeName(files[0])), weak)
	default:
		w.banner.set(checksum.Match, tr("{{.N}} files match the CRC32 in their names", "N", len(files)), weak)
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

// nameConflict tells, of a Conflict between a checksum file and the CRC32
// in the file's name, the checksum file's digest and whether the file
// matches it (else it matches the name's, or neither is known yet); ok is
// false when the name is not a side of d.
func nameConflict(d *checksum.Decision) (sums checksum.Published, sumsMatch, ok bool) {
	if d == nil || d.Outcome != checksum.Conflict || len(d.By) == 0 || len(d.Against) == 0 {
		return sums, false, false
	}
	switch {
	case d.Against[0].InName:
		return d.By[0], d.Verdict.Outcome == checksum.Match, true
	case d.By[0].InName:
		return d.Against[0], false, true
	}
	return sums, false, false
}

// nameConflictLine is the card's line on a conflict with the CRC32 in its
// name, "" when there is none.
func (it *fileItem) nameConflictLine() string {
	sums, _, ok := nameConflict(it.sidecar)
	if !ok {
		return ""
	}
	return tr("{{.Source}} and the CRC32 in its name disagree", "Source", it.sourceText(sums))
}

// nameConflictBanner says that a checksum file and the CRC32 in the name
// of conflict[0] disagree about it, naming both and what each says.
func (w *Window) nameConflictBanner(conflict []*fileItem) {
	it := conflict[0]
	sums, sumsMatch, _ := nameConflict(it.sidecar)
	source, crc := it.sourceText(sums), strings.ToUpper(w.inName(it).Expected.Text)
	digest := shortDigest(sums.Expected)
	if len(sums.Expected.Candidates) == 1 {
		digest = tr("{{.Algorithm}} {{.Digest}}", "Algorithm", sums.Expected.Candidates[0].Name, "Digest", digest)
	}
	headline := tr("{{.Source}} and the CRC32 in its name disagree about {{.Name}}: do not rely on it", "Source", source, "Name", it.name)
	if len(conflict) > 1 {
		headline = tr("The digests published for {{.N}} files disagree: do not rely on them", "N", len(conflict))
	}
	var detail string
	switch {
	case sumsMatch:
		detail = tr("{{.Source}} says {{.Digest}}, and the file matches it; the CRC32 in its name, {{.CRC}}, does not: the file is the one {{.Source}} lists, but not the one its name says, or the name is wrong. Find out which before using the file.",
			"Source", source, "Digest", digest, "CRC", crc)
	case it.sidecar.Verdict.Outcome == checksum.Match:
		detail = tr("The file matches the CRC32 in its name, {{.CRC}}, but NOT {{.Source}}, which says {{.Digest}}: the file is not the one {{.Source}} lists, or one of them is wrong. Anyone can make a file with a given CRC32: do not use it before you know which.",
			"Source", source, "Digest", digest, "CRC", crc)
	default:
		detail = tr("{{.Source}} says its CRC32 is {{.Digest}}, its name says {{.CRC}}: one of them is wrong. Find out which before using the file.",
			"Source", source, "Digest", shortDigest(sums.Expected), "CRC", crc)
	}
	if len(conflict) > 1 {
		detail = tr("{{.Name}}: {{.Detail}}", "Name", it.name, "Detail", detail)
	}
	w.banner.set(checksum.Conflict, headline, detail)
}
