package checksum

import (
	"strings"
)

// lineForm is the dialect one checksum line is written in.
type lineForm int

const (
	formGNU lineForm = iota // "HEX  NAME", "HEX *NAME", "HEX NAME" (md5 -r)
	formBSD                 // "TAG (NAME) = HEX", OpenSSL "TAG(NAME)= HEX"
	formSFV                 // "NAME CRC32"
)

// sumsLine is one checksum line taken apart, before its digest is decoded.
type sumsLine struct {
	form    lineForm
	tag     string // BSD tag as written; "" otherwise
	name    string // unescaped file name
	digest  string // the digest text
	binary  bool   // GNU '*' marker
	escaped bool   // the line starts with '\' (coreutils escaping)
	// spacing says which GNU forms a GNU line can be read in; whole is
	// its name read in the one-space form, with the ' ' or '*' that the
	// two-space form takes for its marker (spacingEither only).
	spacing gnuSpacing
	whole   string
}

// gnuSpacing is how a GNU line separates its digest from its name: two
// characters ("HEX  NAME", "HEX *NAME": sha256sum) or one ("HEX NAME": md5
// -r, openssl -r, which coreutils' md5sum calls BSD reversed).
type gnuSpacing uint8

const (
	spacingEither gnuSpacing = iota // "HEX  NAME", "HEX *NAME": the name is NAME, or " NAME", "*NAME" in a one-space file
	spacingOne                      // "HEX NAME": only the one-space form
)

// parseSumsLine takes one line (without its line end) apart as a GNU, BSD
// or OpenSSL line, or else as an SFV line. It does not decide whether the
// digest is valid.
func parseSumsLine(line string) (sumsLine, bool) {
	s := strings.TrimLeft(line, " \t")
	escaped := strings.HasPrefix(s, `\`)
	if escaped {
		s = s[1:]
	}
	if l, ok := parseBSDLine(s, escaped); ok {
		return l, true
	}
	if l, ok := parseGNULine(s, escaped); ok {
		return l, true
	}
	if !escaped {
		return parseSFVLine(line)
	}
	return sumsLine{}, false
}

// parseBSDLine reads "TAG (NAME) = DIGEST" the way coreutils does: the name
// ends at the last ')' so it may itself hold ") = ".
func parseBSDLine(s string, escaped bool) (sumsLine, bool) {
	open := strings.IndexByte(s, '(')
	if open <= 0 {
		return sumsLine{}, false
	}
	tag := strings.TrimRight(s[:open], " \t")
	if !isTag(tag) {
		return sumsLine{}, false
	}
	end := strings.LastIndexByte(s, ')')
	if end < open {
		return sumsLine{}, false
	}
	after := strings.TrimLeft(s[end+1:], " \t")
	if !strings.HasPrefix(after, "=") {
		return sumsLine{}, false
	}
	digest := strings.TrimSpace(after[1:])
	if digest == "" || strings.ContainsAny(digest, " \t") {
		return sumsLine{}, false
	}
	name := s[open+1 : end]
	if escaped {
		var ok bool
		if name, ok = unescapeName(name); !ok {
			return sumsLine{}, false
		}
	}
	if name == "" {
		return sumsLine{}, false
	}
	return sumsLine{form: formBSD, tag: tag, name: name, digest: digest, escaped: escaped}, true
}

// isTag reports whether s can be a BSD tag: "SHA256", "SHA2-256", "RMD160",
// "BLAKE2b-256", "SHA512/256". Tags always hold a letter that is not a hex
// digit, which keeps "HEX  (name) = x" a GNU line.
func isTag(s string) bool {
	if s == "" || len(s) > 32 || !isLetter(s[0]) {
		return false
	}
	nonHex := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !isDigit(c) && c != '-' && c != '_' && c != '/' {
			return false
		}
		if !isHexDigit(c) {
			nonHex = true
		}
	}
	return nonHex
}

// parseGNULine reads "HEX  NAME" (text), "HEX *NAME" (binary) and the one
// space form "HEX NAME" that md5 -r and openssl -r write. A line that can be
// read in both ("HEX  b": " b" or "b") is read in the two-space form, and
// keeps the other reading in whole: the file's other lines decide
// (sumsParser.spaced), as in coreutils.
func parseGNULine(s string, escaped bool) (sumsLine, bool) {
	// The shortest digest is CRC32's 8 digits: "bad line" or "a b.txt CRC"
	// are not GNU lines.
	i := strings.IndexAny(s, " \t")
	if i < 8 || !isAllHex(s[:i]) {
		return sumsLine{}, false
	}
	l := sumsLine{form: formGNU, digest: s[:i], escaped: escaped, spacing: spacingOne}
	rest := s[i+1:]
	// coreutils' rule: the one-space form when the name would be empty in
	// the other ("HEX  ": a file named " "), or the character after the
	// digest's space is not a marker.
	if len(rest) > 1 && (rest[0] == ' ' || rest[0] == '*') {
		l.spacing, l.whole = spacingEither, rest
		l.binary = rest[0] == '*'
		rest = rest[1:]
	}
	if escaped {
		var ok bool
		if rest, ok = unescapeName(rest); !ok {
			return sumsLine{}, false
		}
		if l.whole != "" {
			l.whole, _ = unescapeName(l.whole) // rest with one more plain character
		}
	}
	if rest == "" {
		return sumsLine{}, false
	}
	l.name = rest
	return l, true
}

// oneSpace reads l, a GNU line, in the one-space form.
func (l sumsLine) oneSpace() sumsLine {
	if l.spacing == spacingEither {
		l.name, l.binary = l.whole, false
	}
	return l
}

// parseSFVLine reads "NAME CRC32": the CRC is the last token, so names may
// hold spaces.
func parseSFVLine(line string) (sumsLine, bool) {
	s := strings.TrimRight(line, " \t")
	i := strings.LastIndexAny(s, " \t")
	if i <= 0 {
		return sumsLine{}, false
	}
	crc := s[i+1:]
	name := strings.TrimRight(s[:i], " \t")
	if len(crc) != 8 || !isAllHex(crc) || name == "" {
		return sumsLine{}, false
	}
	return sumsLine{form: formSFV, name: name, digest: crc}, true
}

// unescapeName undoes coreutils escaping: \\ \n and \r. Any other escape is
// malformed.
func unescapeName(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}
