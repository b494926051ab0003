package ui

import (
	"fmt"
	"hash/crc32"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// A release name carrying its CRC32: Hashdrop compares it, and words a
// match as evidence against accidental damage only.
func TestCRC32InName(t *testing.T) {
	content := "an episode"
	crc := fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte(content)))
	for _, tc := range []struct {
		name, headline string
		outcome        checksum.Outcome
	}{
		{"[Group] Title - 01 [" + crc + "].mkv", "[Group] Title - 01 [" + crc + "].mkv matches the CRC32 in its name", checksum.Match},
		{"title_(DEADBEEF).mkv", "title_(DEADBEEF).mkv does NOT match the CRC32 in its name", checksum.Mismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.dropped(writeFile(t, filepath.Join(t.TempDir(), tc.name), content))
			if got := h.w.banner.Headline(); got != tc.headline || h.w.banner.Outcome() != tc.outcome {
				t.Errorf("headline %q (%v), want %q", got, h.w.banner.Outcome(), tc.headline)
			}
			d := h.w.banner.Detail()
			if tc.outcome == checksum.Match && !strings.Contains(d, "only catches accidental damage") {
				t.Errorf("detail %q, want the match worded as weak evidence", d)
			}
			if tc.outcome == checksum.Mismatch && !strings.Contains(d, "DEADBEEF") {
				t.Errorf("detail %q, want the CRC32 of the name", d)
			}
			if _, line := h.w.files.items[0].verdictLine(); !strings.Contains(line, "CRC32 in its name") {
				t.Errorf("card line %q", line)
			}
		})
	}
}

// Without CRC32 among the algorithms chosen, a name carrying one has it
// computed after the others.
func TestCRC32InNameComputedWhenNotChosen(t *testing.T) {
	h := newHarness(t)
	sha256, _ := hashing.Lookup("sha256")
	h.w.picker.set([]*hashing.Algorithm{sha256})
	content := "an episode"
	name := fmt.Sprintf("Title [%08x].mkv", crc32.ChecksumIEEE([]byte(content)))
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(t.TempDir(), name), content))})
	h.waitFor("the CRC32 verdict", func() bool { return h.w.banner.Outcome() == checksum.Match })
	crc, _ := hashing.Lookup("crc32")
	if h.w.files.items[0].digests[crc] == nil {
		t.Error("no CRC32 computed")
	}
}
