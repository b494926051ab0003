package checksum

import "testing"

func TestLikelyFromName(t *testing.T) {
	for name, want := range map[string]string{
		"checksums.txt":            "",
		"checksums_blake3.txt":     "blake3",
		"dl/release-sha3-256.list": "sha3-256",
		"hashes.sha3.txt":          "sha3-256",
		"BLAKE2b-256-digests":      "blake2b-256",
		"blake2b.txt":              "blake2b",
		"wp-content-hashes.txt":    "", // two letters: a word of another name
		"SHASUMS256.txt":           "",
		"tool_1.2_sha512sums":      "sha512",
	} {
		got := ""
		if a := likelyFromName(name); a != nil {
			got = a.ID
		}
		if got != want {
			t.Errorf("likelyFromName(%q) = %q, want %q", name, got, want)
		}
	}
}
