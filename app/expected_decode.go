package app

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashdrop/hashdrop/hashing"
)

// decodeDigest reads hex (any case, grouped with spaces, colons or dashes,
// optional 0x) or else base64. When a is known the digest must have its
// length; otherwise any length some algorithm has.
func decodeDigest(s string, a *hashing.Algorithm) (*ExpectedDigest, error) {
	h := stripHexSeparators(s)
	if isAllHex(h) {
		return decodeHexDigest(s, h, a)
	}
	if nearlyHex(h) {
		// "ba78l6bf..." is a SHA-256 with a typo, not base64 of 48 bytes.
		return nil, notDigest(s, h)
	}
	e, err := decodeBase64Digest(s, a)
	if err == nil {
		return e, nil
	}
	if err.(*DigestError).Reason == notBase64 {
		return nil, notDigest(s, h)
	}
	return nil, err
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

const notBase64 = "not base64"

func decodeHexDigest(text, h string, a *hashing.Algorithm) (*ExpectedDigest, error) {
	n := len(h)
	if a != nil && n != a.HexLen() {
		return nil, &DigestError{Text: text, Reason: fmt.Sprintf("%d hex digits, but %s has %d%s", n, a.Name, a.HexLen(), digitHint(n, a.HexLen())),
			Problem: DigestWrongLength, Encoding: "hex", Length: n, Algorithm: a}
	}
	if n%2 != 0 || len(hashing.BySize(n/2)) == 0 {
		return nil, &DigestError{Text: text, Reason: fmt.Sprintf("%d hex digits: no algorithm has this length%s", n, nearestLength(n)),
			Problem: DigestNoLength, Encoding: "hex", Length: n, Nearest: nearest(n)}
	}
	sum, err := hex.DecodeString(h)
	if err != nil { // cannot happen after isAllHex and the even length
		return nil, &DigestError{Text: text, Reason: fmt.Sprintf("not a digest: %v", err)}
	}
	e := &ExpectedDigest{Text: text, Sum: sum, Encoding: "hex"}
	if a != nil {
		e.Candidates = []*hashing.Algorithm{a}
	} else {
		e.Candidates = hashing.BySize(len(sum))
	}
	return e, nil
}

// decodeBase64Digest reads standard or URL-safe base64, padded or not.
func decodeBase64Digest(s string, a *hashing.Algorithm) (*ExpectedDigest, error) {
	b := strings.Join(strings.Fields(s), "")
	if b == "" {
		return nil, &DigestError{Text: s, Reason: "nothing to compare", Problem: DigestEmpty}
	}
	encodings := []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding}
	for _, enc := range encodings {
		sum, err := enc.Strict().DecodeString(b)
		if err != nil {
			continue
		}
		if a != nil && len(sum) != a.Size {
			return nil, &DigestError{Text: s, Reason: fmt.Sprintf("base64 of %d bytes, but %s has %d", len(sum), a.Name, a.Size),
				Problem: DigestWrongLength, Encoding: "base64", Length: len(sum), Algorithm: a}
		}
		cands := hashing.BySize(len(sum))
		if a != nil {
			cands = []*hashing.Algorithm{a}
		}
		if len(cands) == 0 {
			return nil, &DigestError{Text: s, Reason: fmt.Sprintf("base64 of %d bytes: no algorithm has this length", len(sum)),
				Problem: DigestNoLength, Encoding: "base64", Length: len(sum)}
		}
		return &ExpectedDigest{Text: s, Sum: sum, Candidates: cands, Encoding: "base64"}, nil
	}
	return nil, &DigestError{Text: s, Reason: notBase64}
}

// stripHexSeparators removes a 0x prefix and the spaces, colons and dashes
// people put between groups of hex digits.
func stripHexSeparators(s string) string {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
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
			return &DigestError{Text: s, Reason: fmt.Sprintf("not a digest: %q is not a hex digit, and the text is not base64 of a digest either", r),
				Problem: DigestNotDigest, Char: r}
		}
	}
	return &DigestError{Text: s, Reason: "not a digest", Problem: DigestNotDigest}
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

// nearestLength suggests the algorithm length closest to n hex digits, to
// explain a digit lost while copying.
func nearestLength(n int) string {
	best := nearest(n)
	if best == 0 {
		return ""
	}
	names := algorithmNames(hashing.BySize(best/2), "and")
	verb := "has"
	if len(hashing.BySize(best/2)) > 1 {
		verb = "have"
	}
	return fmt.Sprintf(" (%s %s %d%s)", names, verb, best, digitHint(n, best))
}

func digitHint(got, want int) string {
	switch {
	case got == want-1:
		return "; a digit may be missing"
	case got == want+1:
		return "; a digit may be repeated"
	}
	return ""
}

// algorithmNames lists names for people: "MD5", "MD5 or RIPEMD-128",
// "SHA-256, SHA3-256 or RIPEMD-256".
func algorithmNames(algs []*hashing.Algorithm, conj string) string {
	names := make([]string, len(algs))
	for i, a := range algs {
		names[i] = a.Name
	}
	switch len(names) {
	case 0:
		return "no algorithm"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// isWeak reports whether a match on a proves only that the file is intact:
// anyone can make another file with the same MD5, SHA-1 or CRC32.
func isWeak(a *hashing.Algorithm) bool {
	return slices.Contains([]string{"crc32", "md5", "sha1"}, a.ID)
}

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

func isHexDigit(c byte) bool     { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isHexDigitRune(r rune) bool { return r < utf8.RuneSelf && isHexDigit(byte(r)) }
func isDigit(c byte) bool        { return c >= '0' && c <= '9' }
func isLetter(c byte) bool       { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
