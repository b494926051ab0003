package checksum

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashdrop/hashdrop/hashing"
)

// ExpectedDigest is a digest someone published: pasted from a web page or
// read from a checksum file. The algorithm is known when the text names it
// ("sha256:", a BSD tag, SRI); otherwise the digest's length leaves one or
// more candidates, every one of which is compared before a mismatch is
// called: the likeliest first, the others only when it does not match
// (Next, likely.go).
type ExpectedDigest struct {
	Text       string               // the digest as given, trimmed
	Sum        []byte               // the decoded digest
	Candidates []*hashing.Algorithm // the likeliest first, then in table order; one when the text names the algorithm
	Tag        string               // the algorithm as the text named it ("SHA2-256"), or ""
	Encoding   string               // "hex" or "base64"
	Name       string               // the file name when a whole checksum line was given
}

// Tagged reports whether the text named its algorithm, so that the candidate
// is certain rather than inferred from the length.
func (e *ExpectedDigest) Tagged() bool { return e.Tag != "" }

// DigestError says why a text is not a digest Hashdrop can compare: "63 hex
// digits: no algorithm has this length (SHA-256, SHA3-256 and RIPEMD-256
// have 64; a digit may be missing)".
type DigestError struct {
	Text      string // the text as given, trimmed
	Kind      DigestProblem
	Encoding  string             // "hex" or "base64", for DigestWrongLength and DigestNoLength
	Length    int                // hex digits or base64 bytes given; characters for DigestTooLong
	Algorithm *hashing.Algorithm // the algorithm named, whose length differs (DigestWrongLength)
	Nearest   int                // hex digits of the nearest length some algorithm has, or 0 (DigestNoLength)
	Char      rune               // the first character that is not a hex digit (DigestNotDigest), or 0
	Label     string             // the algorithm named, unsupported (DigestUnsupported)
}

// DigestProblem is what is wrong with a text that is not a digest.
type DigestProblem int

const (
	DigestNotDigest   DigestProblem = iota // neither hex nor base64 of a digest; see Char
	DigestEmpty                            // nothing to compare
	DigestTooLong                          // far too long to be a digest
	DigestNotUTF8                          // not valid UTF-8 text
	DigestWrongLength                      // not the length of the algorithm it names
	DigestNoLength                         // no algorithm has this length
	DigestUnsupported                      // names an algorithm Hashdrop does not support
)

// maxDigestText bounds what ParseExpected looks at: a digest with a file name
// is well under this.
const maxDigestText = 64 << 10

// ParseExpected reads a published digest in any of the shapes people copy
// from web pages: hex in any case, with spaces, colons or dashes between
// groups, a 0x prefix; an algorithm prefix ("sha256:", "SHA256=", "SHA-256
// checksum:"); SRI ("sha256-" and base64); a whole GNU ("HEX  NAME") or BSD
// ("SHA256 (NAME) = HEX") line from a checksum file; base64, standard or
// URL-safe. Text that is hex of a valid length is always read as hex, never
// as base64. The error is a *DigestError.
func ParseExpected(text string) (*ExpectedDigest, error) {
	text = trimDigestText(text)
	switch {
	case text == "":
		return nil, &DigestError{Text: text, Kind: DigestEmpty}
	case len(text) > maxDigestText:
		return nil, &DigestError{Text: text, Kind: DigestTooLong, Length: len(text)}
	case !utf8.ValidString(text):
		return nil, &DigestError{Text: text, Kind: DigestNotUTF8}
	}

	// A bare digest first: "e3b0 c442 ..." would otherwise read as a GNU
	// line for a file named "c442 ...". Hex wins over base64, and base64 is
	// tried only without inner spaces ("sha256 e3b0..." is not base64).
	var bareErr error
	if strings.Contains(text, "  ") && !strings.ContainsAny(text, "\n\r") {
		// "352441c2  deadbeef" is a GNU line, a CRC32 for a file named
		// deadbeef, not an XXH64 split in two: people group digits with
		// one space, checksum files put two before the name.
		if l, ok := parseSumsLine(text); ok && l.form == formGNU {
			if e, err := expectedFromLine(l, nil); err == nil {
				return &e, nil
			}
		}
	}
	if h := stripHexSeparators(text); isAllHex(h) {
		e, err := decodeHexDigest(text, h, nil)
		if err == nil {
			return &e, nil
		}
		bareErr = err
	} else if !strings.ContainsAny(text, " \t") {
		e, err := decodeDigest(text, nil)
		if err == nil {
			return &e, nil
		}
		bareErr = err
	}
	e, prefixed, prefixErr := parsePrefixed(text)
	if prefixed && prefixErr == nil {
		return e, nil
	}
	if !strings.ContainsAny(text, "\n\r") {
		if l, ok := parseSumsLine(text); ok && l.form != formSFV {
			e, err := expectedFromLine(l, nil)
			if err != nil {
				return nil, err
			}
			return &e, nil
		}
	}
	switch {
	case prefixed:
		return nil, prefixErr // "blake2b:..." or "sha256:<32 digits>"
	case bareErr != nil:
		return nil, bareErr
	}
	// Words and spaces: base64 is not split by spaces, only wrapped.
	return nil, notDigest(text, stripHexSeparators(text))
}

// expectedFromLine turns one parsed checksum line into an expected digest;
// hint is the algorithm the checksum file's name or a header gives, if any.
func expectedFromLine(l sumsLine, hint *hashing.Algorithm) (ExpectedDigest, error) {
	tagged := hint
	if l.tag != "" {
		a, ok := hashing.Lookup(l.tag)
		if !ok {
			return ExpectedDigest{}, &DigestError{Text: l.digest, Kind: DigestUnsupported, Label: l.tag}
		}
		tagged = a
	}
	e, err := decodeLineDigest(l.digest, tagged)
	if err != nil {
		return ExpectedDigest{}, err
	}
	e.Tag, e.Name = l.tag, l.name
	return e, nil
}

// trimDigestText removes what surrounds a copied digest: spaces (including
// no-break and zero-width ones), a byte order mark, quotes and backticks.
func trimDigestText(s string) string {
	isSpace := func(r rune) bool {
		return unicode.IsSpace(r) || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\ufeff'
	}
	s = strings.TrimFunc(s, isSpace)
	for len(s) >= 2 {
		first, last := s[0], s[len(s)-1]
		if first == last && (first == '"' || first == '\'' || first == '`') {
			s = strings.TrimFunc(s[1:len(s)-1], isSpace)
			continue
		}
		break
	}
	return s
}

// parsePrefixed reads "sha256:HEX", "SHA256=HEX", "SHA-256 checksum: HEX",
// "sha256 HEX" and SRI "sha256-BASE64". ok is false when the text has no
// algorithm prefix at all.
func parsePrefixed(text string) (e *ExpectedDigest, ok bool, err error) {
	// SRI: only SHA-256/384/512 are defined, always base64.
	if i := strings.IndexByte(text, '-'); i > 0 {
		switch p := strings.ToLower(text[:i]); p {
		case "sha256", "sha384", "sha512":
			a, _ := hashing.Lookup(p)
			if e, err := decodeBase64Digest(text[i+1:], a, false); err == nil {
				e.Tag = text[:i]
				return &e, true, nil
			}
		}
	}
	i := strings.IndexAny(text, ":=")
	if i < 0 {
		// "SHA256 e3b0..." : a name then one digest.
		i = strings.IndexAny(text, " \t")
		if i < 0 {
			return nil, false, nil
		}
	}
	prefix, rest := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+1:])
	if text[i] == '=' || text[i] == ':' {
		rest = strings.TrimLeft(rest, ":= \t")
	}
	if strings.Trim(rest, "= \t") == "" || !looksLikeName(prefix) {
		return nil, false, nil
	}
	label := stripLabelWords(prefix)
	a, known := hashing.Lookup(label)
	if !known {
		if _, err := decodeDigest(rest, nil); err != nil {
			return nil, false, nil // "hello world" is not a digest at all
		}
		return nil, true, &DigestError{Text: text, Kind: DigestUnsupported, Label: strings.ToUpper(label)}
	}
	d, err := decodeDigest(rest, a)
	if err != nil {
		return nil, true, err
	}
	d.Tag = label
	return &d, true, nil
}

// looksLikeName reports whether s can be an algorithm label such as
// "SHA-256", "sha3_512", "MD5 checksum": short, starting with a letter, and
// not all hex digits (so "e3:b0:..." is not taken for a label).
func looksLikeName(s string) bool {
	if s == "" || len(s) > 32 || !isLetter(s[0]) {
		return false
	}
	nonHex := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c) || isDigit(c) || c == '-' || c == '_' || c == ' ' || c == '/':
		default:
			return false
		}
		if !isHexDigit(c) {
			nonHex = true
		}
	}
	return nonHex
}

// stripLabelWords removes words such as "checksum" or "hash" that web pages
// put after the algorithm name: "SHA-256 checksum" -> "SHA-256".
func stripLabelWords(s string) string {
	f := strings.Fields(s)
	for len(f) > 1 {
		switch strings.ToLower(f[len(f)-1]) {
		case "checksum", "checksums", "hash", "digest", "sum", "sums", "value", "fingerprint":
			f = f[:len(f)-1]
			continue
		}
		break
	}
	return strings.Join(f, " ")
}
