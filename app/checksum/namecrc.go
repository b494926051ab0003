package checksum

import (
	"encoding/hex"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashdrop/hashdrop/hashing"
)

// nameCRC finds the CRC32 that release names carry, the convention of SFV
// users: 8 hex digits in square brackets or parentheses, last in the name
// before its extension ("[Group] Title - 01 [BC5B1138].mkv",
// "name_(3A5F9C10).zip", "name [3A5F9C10].tar.gz"). Only that place
// counts: 8 digits anywhere else in a name (a date, a build number, a
// bare "deadbeef") are not a published digest.
var nameCRC = regexp.MustCompile(`(?:\[([0-9A-Fa-f]{8})\]|\(([0-9A-Fa-f]{8})\))((?:\.[A-Za-z0-9]{1,8}){0,2})$`)

// CRC32InName returns the CRC32 the file name at path carries (see
// nameCRC), as a published digest tagged CRC32; nil when the name carries
// none. A group of decimal digits that reads as a date (20240131) is taken
// for one, not for a CRC32: people put dates in parentheses far more often
// than a CRC32 falls on digits alone.
func CRC32InName(path string) *ExpectedDigest {
	m := nameCRC.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return nil
	}
	digits := m[1] + m[2]
	if looksLikeDate(digits) {
		return nil
	}
	sum, err := hex.DecodeString(digits)
	if err != nil {
		return nil
	}
	crc, _ := hashing.Lookup("crc32")
	return &ExpectedDigest{Text: strings.ToLower(digits), Sum: sum, Candidates: []*hashing.Algorithm{crc},
		Tag: crc.Tag, Encoding: "hex"}
}

// InName is the CRC32 the name of the file at path carries (CRC32InName)
// as one more digest published for it, nil when the name carries none.
// Given to Decide with the others, it is the weakest of them: it never
// decides over a checksum file, but agrees with it or, disagreeing, makes
// a Conflict like any other source.
func InName(path string) *Published {
	e := CRC32InName(path)
	if e == nil {
		return nil
	}
	return &Published{Expected: e, Source: path, InName: true}
}

// looksLikeDate reports whether 8 digits read as a date YYYYMMDD of the
// years 1900 to 2099.
func looksLikeDate(s string) bool {
	n, err := strconv.Atoi(s)
	if err != nil {
		return false
	}
	y, m, d := n/10000, n/100%100, n%100
	return y >= 1900 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= 31
}
