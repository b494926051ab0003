package ui

import (
	"strings"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// The CRC32 a release name carries ("[Group] Title - 01 [BC5B1138].mkv",
// checksum.CRC32InName) is compared in judgeComparison, and worded here as
// what it is: evidence against accidental damage, nothing more.

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
