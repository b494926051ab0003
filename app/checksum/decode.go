package checksum

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashdrop/hashdrop/hashing"
)

// decodeDigest reads hex (any case, grouped with spaces, colons or dashes,
// optional 0x) or else base64. When a is known the digest must have its
// length; otherwise any length some algorithm has.
//
// The digest is a value, not a pointer: a checksum file's parser decodes
// one for each of its millions of entries at every reading, and keeps
// only its sum and candidates.
func decodeDigest(s string, a *hashing.Algorithm) (ExpectedDigest, error) {
	return decodeDigestAs(s, a, false)
}

// decodeLineDigest is decodeDigest for the digest of a checksum line, whose
// base64 coreutils reads only standard, padded and canonical (the unused
// bits of the last character zero): cksum's own tests
// (tests/cksum/cksum-base64.pl) call a line without its '=' improperly
// formatted. A digest pasted on its own is taken in any base64.
func decodeLineDigest(s string, a *hashing.Algorithm) (ExpectedDigest, error) {
	return decodeDigestAs(s, a, true)
}

func decodeDigestAs(s string, a *hashing.Algorithm, strict bool) (ExpectedDigest, error) {
	h := stripHexSeparators(s)
	if isAllHex(h) {
		return decodeHexDigest(s, h, a)
	}
	if nearlyHex(h) {
		// "ba78l6bf..." is a SHA-256 with a typo, not base64 of 48 bytes.
		return ExpectedDigest{}, notDigest(s, h)
	}
	e, err := decodeBase64Digest(s, a, strict)
	if err == errNotBase64 {
		return ExpectedDigest{}, notDigest(s, h)
	}
	return e, err
}

// nearlyHex reports whether h has the length of some algorithm's hex digest
// and at most three characters that are not hex digits.
func nearlyHex(h string) bool {
	if len(h)%2 != 0 || len(hashing.BySize(len(h)/2)) == 0 {
		return false
	}
	bad := 0
	for i := 0; i < len(h); i++ {
		if !isHexDigit(h[i]) {
			bad++
		}
	}
	return bad <= 3
}

// errNotBase64 is decodeBase64Digest's answer for text that is not base64
// at all, which decodeDigest words as not a digest.
var errNotBase64 = errors.New("not base64")

func decodeHexDigest(text, h string, a *hashing.Algorithm) (ExpectedDigest, error) {
	n := len(h)
	if a != nil && n != a.HexLen() {
		return ExpectedDigest{}, &DigestError{Text: text, Kind: DigestWrongLength, Encoding: "hex", Length: n, Algorithm: a}
	}
	if n%2 != 0 || len(hashing.BySize(n/2)) == 0 {
		return ExpectedDigest{}, &DigestError{Text: text, Kind: DigestNoLength, Encoding: "hex", Length: n, Nearest: nearest(n)}
	}
	sum, err := hex.DecodeString(h)
	if err != nil { // cannot happen after isAllHex and the even length
		return ExpectedDigest{}, &DigestError{Text: text, Kind: DigestNotDigest}
	}
	e := ExpectedDigest{Text: text, Sum: sum, Encoding: "hex"}
	if a != nil {
		e.Candidates = only(a)
	} else {
		e.Candidates = likeliest(hashing.BySize(len(sum)))
	}
	return e, nil
}

// decodeBase64Digest reads standard or URL-safe base64, padded or not;
// strict: standard and padded only, and text another form reads is a
// DigestNotDigest of Encoding "base64" (not the base64 coreutils reads).
func decodeBase64Digest(s string, a *hashing.Algorithm, strict bool) (ExpectedDigest, error) {
	b := strings.Join(strings.Fields(s), "")
	if b == "" {
		return ExpectedDigest{}, &DigestError{Text: s, Kind: DigestEmpty}
	}
	encodings := []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding}
	for k, enc := range encodings {
		sum, err := enc.Strict().DecodeString(b)
		if err != nil {
			continue
		}
		if strict && k > 0 {
			return ExpectedDigest{}, &DigestError{Text: s, Kind: DigestNotDigest, Encoding: "base64"}
		}
		if a != nil && len(sum) != a.Size {
			return ExpectedDigest{}, &DigestError{Text: s, Kind: DigestWrongLength, Encoding: "base64", Length: len(sum), Algorithm: a}
		}
		cands := likeliest(slices.DeleteFunc(hashing.BySize(len(sum)), NonCryptographic)) // never base64 ("sha256-AAAA")
		if a != nil {
			cands = only(a)
		}
		if len(cands) == 0 {
			return ExpectedDigest{}, &DigestError{Text: s, Kind: DigestNoLength, Encoding: "base64", Length: len(sum)}
		}
		return ExpectedDigest{Text: s, Sum: sum, Candidates: cands, Encoding: "base64"}, nil
	}
	return ExpectedDigest{}, errNotBase64
}

// stripHexSeparators removes a 0x prefix and the spaces, colons and dashes
// people put between groups of hex digits.
func stripHexSeparators(s string) string {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	plain := true // the common case, a digest as sha256sum writes it: nothing to strip
	for i := 0; i < len(s) && plain; i++ {
		switch c := s[i]; {
		case c >= 0x80, c == ' ', c >= '\t' && c <= '\r', c == ':', c == '-':
			plain = false
		}
	}
	if plain {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == ':' || r == '-' || r == '\u200b' {
			return -1
		}
		return r
	}, s)
}

// notDigest is the error for text s (h without separators) that is neither
// hex nor base64 of a digest.
func notDigest(s, h string) *DigestError {
	for _, r := range h {
		if !isHexDigitRune(r) {
			return &DigestError{Text: s, Kind: DigestNotDigest, Char: r}
		}
	}
	return &DigestError{Text: s, Kind: DigestNotDigest}
}

// nearest is the algorithm length, in hex digits, closest to n when it is
// close enough to explain a digit lost while copying; else 0.
func nearest(n int) int {
	best := 0
	for _, a := range hashing.All() {
		if best == 0 || abs(a.HexLen()-n) < abs(best-n) {
			best = a.HexLen()
		}
	}
	if abs(best-n) > 4 {
		return 0
	}
	return best
}

// isWeak reports whether a match on a proves only that the file is intact:
// anyone can make another file with the same SHA-1, MD5, RIPEMD-128,
// CRC32 or other non-cryptographic checksum (Strength).
func isWeak(a *hashing.Algorithm) bool {
	sha1, _ := hashing.Lookup("sha1")
	return Strength(a) <= Strength(sha1)
}

// hexDigits[c] says whether c is a hex digit: a checksum file's digits are
// looked at three times a line.
var hexDigits = func() (t [256]bool) {
	for c := range t {
		t[c] = isDigit(byte(c)) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	return t
}()

func isAllHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isHexDigit(s[i]) {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool     { return hexDigits[c] }
func isHexDigitRune(r rune) bool { return r < utf8.RuneSelf && isHexDigit(byte(r)) }
func isDigit(c byte) bool        { return c >= '0' && c <= '9' }
func isLetter(c byte) bool       { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
