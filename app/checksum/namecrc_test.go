package checksum

import (
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func TestCRC32InName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"[Group] Title - 01 [BC5B1138].mkv", "bc5b1138"},
		{"name_(3A5F9C10).zip", "3a5f9c10"},
		{"/downloads/anime/[Group] Title - 02 [deadbeef].mkv", "deadbeef"},
		{"Title [0A1B2C3D]", "0a1b2c3d"},         // no extension
		{"backup [3A5F9C10].tar.gz", "3a5f9c10"}, // a double extension
		{"Episode 3 [12345678].mp4", "12345678"}, // digits alone, not a date
		{"[Group] Title [1080p] [BC5B1138].mkv", "bc5b1138"},
		// Must not match:
		{"Title - 01 BC5B1138.mkv", ""},           // not bracketed
		{"Title_BC5B1138.mkv", ""},                // not bracketed
		{"[BC5B1138] Title - 01.mkv", ""},         // not at the end
		{"Title [BC5B1138] - 01.mkv", ""},         // not at the end
		{"Title [BC5B113].mkv", ""},               // 7 digits
		{"Title [BC5B11380].mkv", ""},             // 9 digits
		{"Title [BC5B113G].mkv", ""},              // G is not hex
		{"Title [BC5B1138).mkv", ""},              // brackets that do not pair
		{"Title {BC5B1138}.mkv", ""},              // braces are not the convention
		{"Scan (20240131).pdf", ""},               // a date
		{"Title [BC5B1138].mkv.part", "bc5b1138"}, // still a name ending in the group, then extensions
		{"Title [BC5B1138].mkv.part.old.bak", ""}, // three extensions: the group is not at the end
		{"ubuntu-24.04-desktop-amd64.iso", ""},
		{"", ""},
	} {
		e := CRC32InName(tc.name)
		got := ""
		if e != nil {
			got = hex.EncodeToString(e.Sum)
			if len(e.Candidates) != 1 || e.Candidates[0].ID != "crc32" || !e.Tagged() {
				t.Errorf("%q: candidates %v tag %q, want CRC32 alone, tagged", tc.name, e.Candidates, e.Tag)
			}
		}
		if got != tc.want {
			t.Errorf("CRC32InName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The CRC32 in a file's name is one more source for Decide, the weakest:
// beside a SHA256SUMS the file matches, a CRC32 in its name that it does
// not match makes a Conflict naming both; one it matches agrees, said
// apart from the checksum files' algorithms and not counted as another
// checksum file.
func TestDecideWithTheCRC32InName(t *testing.T) {
	data := []byte("abc")
	dir := apptest.Tree(t, map[string]string{
		"ok [" + apptest.ABCCRC32 + "].mkv": "abc",
		"bad [DEADBEEF].mkv":                "abc",
		"SHA256SUMS":                        apptest.ABCSHA256 + "  ok [" + apptest.ABCCRC32 + "].mkv\n" + apptest.ABCSHA256 + "  bad [DEADBEEF].mkv\n",
		"wrong/SHA256SUMS":                  strings.Repeat("0", 64) + "  ok [" + apptest.ABCCRC32 + "].mkv\n",
	})
	both := vDigests(data, "sha256", "crc32")
	sums := func(folder, file string) Published {
		return pubOf(t, dir, folder+"SHA256SUMS", filepath.Join(dir, file))
	}
	ok, bad := "ok ["+apptest.ABCCRC32+"].mkv", "bad [DEADBEEF].mkv"

	inName := InName(filepath.Join(dir, bad))
	if inName == nil || !inName.InName || inName.Expected.Text != "deadbeef" {
		t.Fatalf("InName(%q) = %+v", bad, inName)
	}
	if InName(filepath.Join(dir, "plain.mkv")) != nil {
		t.Error("a name without a CRC32 gives a published digest")
	}

	d := Decide([]Published{*inName, sums("", bad)}, both)
	if d.Outcome != Conflict || d.Verdict.Outcome != Match || d.Verdict.Algorithm.ID != "sha256" {
		t.Fatalf("SHA256SUMS matches, the name's CRC32 does not: %v (verdict %v by %v), want a conflict the SHA-256 matches", d.Outcome, d.Verdict.Outcome, d.Verdict.Algorithm)
	}
	if len(d.By) != 1 || d.By[0].InName || len(d.Against) != 1 || !d.Against[0].InName {
		t.Errorf("by %+v against %+v, want SHA256SUMS against the name", d.By, d.Against)
	}
	// Until CRC32 is computed, SHA-256 decides alone.
	if d := Decide([]Published{sums("", bad), *inName}, vDigests(data, "sha256")); d.Outcome != Match || d.NameAgrees() {
		t.Errorf("CRC32 not computed yet: %v (name agrees %v), want a match by SHA-256 alone", d.Outcome, d.NameAgrees())
	}

	d = Decide([]Published{sums("", ok), *InName(filepath.Join(dir, ok))}, both)
	if d.Outcome != Match || d.Verdict.Algorithm.ID != "sha256" || !d.NameAgrees() {
		t.Errorf("both match: %v by %v (name agrees %v), want a match by SHA-256 with the name agreeing", d.Outcome, d.Verdict.Algorithm, d.NameAgrees())
	}
	if len(d.Agreeing) != 0 || d.OtherSources() != 0 {
		t.Errorf("agreeing %v, %d more checksum files: the name is neither a published algorithm nor a checksum file", ids(d.Agreeing), d.OtherSources())
	}

	// The file matches its name's CRC32, not the SHA256SUMS: a conflict too.
	d = Decide([]Published{sums("wrong/", ok), *InName(filepath.Join(dir, ok))}, both)
	if d.Outcome != Conflict || len(d.By) != 1 || !d.By[0].InName || len(d.Against) != 1 || d.Against[0].InName {
		t.Errorf("the name matches, SHA256SUMS does not: %v by %+v against %+v, want a conflict", d.Outcome, d.By, d.Against)
	}
}
