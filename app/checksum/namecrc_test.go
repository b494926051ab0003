package checksum

import (
	"encoding/hex"
	"testing"
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
