package ui

import (
	"fmt"
	"hash/crc32"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
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

// crcRelease writes an episode whose name carries crc and, beside it, a
// SHA256SUMS that lists it with its true SHA-256, and drops the episode.
func crcRelease(t *testing.T, h *harness, crc string) (name string) {
	t.Helper()
	dir := t.TempDir()
	name = "[Group] Title - 01 [" + crc + "].mkv"
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("an episode")+"  "+name+"\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, name), "an episode"))})
	h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	return name
}

// Beside a SHA256SUMS the file matches, a CRC32 in its name that it does
// not match is a source that disagrees: one verdict, a conflict naming
// both and what each says, on the banner, the card and the trace; never a
// green and a red, in English and in Japanese.
func TestCRC32InNameDisagreesWithSHA256SUMS(t *testing.T) {
	for _, tc := range []struct{ lang, headline, detail, card string }{
		{"en", "SHA256SUMS and the CRC32 in its name disagree about [Group] Title - 01 [BC5B1138].mkv: do not rely on it",
			"SHA256SUMS says SHA-256 " + sha256Hex("an episode")[:16] + "…, and the file matches it; the CRC32 in its name, BC5B1138, does not: the file is",
			"SHA256SUMS and the CRC32 in its name disagree"},
		{"ja", "SHA256SUMS と名前にある CRC32 とで [Group] Title - 01 [BC5B1138].mkv についての結果が食い違っています: 信頼しないでください",
			"SHA256SUMS の値は SHA-256 " + sha256Hex("an episode")[:16] + "… で、ファイルはこれと一致します。名前にある CRC32 (BC5B1138) とは一致しません",
			"SHA256SUMS と名前にある CRC32 の結果が食い違っています"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			useLanguage(t, tc.lang)
			h := newHarness(t)
			trace := &lockedLog{}
			h.w.trace = log.New(trace, "", 0)
			crcRelease(t, h, "BC5B1138")
			b := h.w.banner
			if b.Outcome() != checksum.Conflict || b.Headline() != tc.headline {
				t.Errorf("banner %v %q, want a conflict naming both", b.Outcome(), b.Headline())
			}
			if !strings.HasPrefix(b.Detail(), tc.detail) {
				t.Errorf("detail %q, want it to begin %q", b.Detail(), tc.detail)
			}
			it := h.w.files.items[0]
			if icon, line := it.verdictLine(); line != tc.card || icon.Name() != verdictIcon(checksum.Conflict, true).Name() {
				t.Errorf("card says %q (%s), want %q with the conflict's icon", line, icon.Name(), tc.card)
			}
			if len(it.marks) != 0 {
				t.Errorf("rows marked %v: a disagreement marks none right or wrong", it.marks)
			}
			got := trace.verdicts()
			if want := "verdict conflict: " + tc.headline; len(got) != 1 || got[0] != want {
				t.Errorf("traced %q, want only %q: no green before it", got, want)
			}
		})
	}
}

// A CRC32 in the name that agrees with the SHA256SUMS that decides is
// mentioned as agreeing, the SHA-256 deciding.
func TestCRC32InNameAgreesWithSHA256SUMS(t *testing.T) {
	for _, tc := range []struct{ lang, headline, agrees, card string }{
		{"en", "Matches the published SHA-256", "The CRC32 in its name agrees too.", "Matches the published SHA-256 (SHA256SUMS; the CRC32 in its name agrees)"},
		{"ja", "", "名前にある CRC32 も一致します。", "（SHA256SUMS、名前にある CRC32 も一致）"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			useLanguage(t, tc.lang)
			h := newHarness(t)
			crcRelease(t, h, fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte("an episode"))))
			b := h.w.banner
			if b.Outcome() != checksum.Match || tc.headline != "" && b.Headline() != tc.headline {
				t.Errorf("banner %v %q, want a match by SHA-256", b.Outcome(), b.Headline())
			}
			if !strings.Contains(b.Detail(), tc.agrees) {
				t.Errorf("detail %q, want %q", b.Detail(), tc.agrees)
			}
			if _, line := h.w.files.items[0].verdictLine(); !strings.HasSuffix(line, tc.card) {
				t.Errorf("card says %q, want it to end %q", line, tc.card)
			}
		})
	}
}

// A file whose name carries a CRC32 has a (weak) published digest: beside
// a file a SHA256SUMS decides, it is counted as matching its name's CRC32,
// not as having no published digest, and only the file with nothing
// published is; one that does not match its name's CRC32 turns the banner
// red, not hidden under the other's green.
func TestCRC32InNameCounted(t *testing.T) {
	const episode = "an episode"
	crc := fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte(episode)))
	for _, tc := range []struct {
		lang, crc string
		outcome   checksum.Outcome
		headline  string
		detail    []string
	}{
		{"en", crc, checksum.Match, "2 files match the digests published for them",
			[]string{"1 other file matches the CRC32 in its name, which catches accidental damage only.", "1 other file has no published digest to compare with."}},
		{"ja", crc, checksum.Match, "",
			[]string{"ほかの 1 個のファイルは名前にある CRC32 と一致します", "ほかの 1 個のファイルには、比べる公開ハッシュ値がありません。"}},
		{"en", "DEADBEEF", checksum.Mismatch, "Title [DEADBEEF].mkv does NOT match the CRC32 in its name", []string{"DEADBEEF"}},
	} {
		t.Run(tc.lang+"/"+tc.crc, func(t *testing.T) {
			useLanguage(t, tc.lang)
			h := newHarness(t)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n"+sha256Hex("abc")+"  b.iso\n")
			var uris []fyne.URI
			for name, data := range map[string]string{"a.iso": "abc", "b.iso": "abc", "Title [" + tc.crc + "].mkv": episode, "notes.txt": "text"} {
				uris = append(uris, storage.NewFileURI(writeFile(t, filepath.Join(dir, name), data)))
			}
			h.w.drop(uris)
			h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
			h.settle()
			b := h.w.banner
			if b.Outcome() != tc.outcome || tc.headline != "" && b.Headline() != tc.headline {
				t.Errorf("banner %v %q, want %v %q", b.Outcome(), b.Headline(), tc.outcome, tc.headline)
			}
			for _, want := range tc.detail {
				if !strings.Contains(b.Detail(), want) {
					t.Errorf("detail %q, want %q", b.Detail(), want)
				}
			}
			if n := h.w.report.Count[verdict.NotCompared]; n != 1 {
				t.Errorf("%d files counted with no published digest, want 1 (notes.txt)", n)
			}
		})
	}
}

// The file matches the CRC32 in its name but not the SHA-256 of the
// SHA256SUMS beside it: a conflict too, never a green for the weaker
// source, saying which one the file matches.
func TestCRC32InNameMatchesButSHA256SUMSDoesNot(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	crc := fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte("an episode")))
	name := "Title [" + crc + "].mkv"
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("another episode")+"  "+name+"\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, name), "an episode"))})
	h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	b := h.w.banner
	if b.Outcome() != checksum.Conflict || b.Headline() != "SHA256SUMS and the CRC32 in its name disagree about "+name+": do not rely on it" {
		t.Errorf("banner %v %q, want a conflict naming both", b.Outcome(), b.Headline())
	}
	if want := "The file matches the CRC32 in its name, " + crc + ", but NOT SHA256SUMS, which says SHA-256 " + sha256Hex("another episode")[:16] + "…"; !strings.HasPrefix(b.Detail(), want) {
		t.Errorf("detail %q, want it to begin %q", b.Detail(), want)
	}
	if _, line := h.w.files.items[0].verdictLine(); line != "SHA256SUMS and the CRC32 in its name disagree" {
		t.Errorf("card says %q", line)
	}
}
