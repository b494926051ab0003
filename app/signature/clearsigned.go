package signature

import (
	"bytes"
	"slices"
	"strings"
)

// go-crypto's clearsign.Decode builds the signed text twice (with "\n"
// and with "\r\n" line ends), each by appending, so a 60 MB checksum file
// costs several times its size at once. decodeClearSigned reads the same
// messages, the same way, into at most one copy of the text (none when no
// line needs changing).

var (
	clearStart = []byte("\n-----BEGIN PGP SIGNED MESSAGE-----")
	clearEnd   = []byte("-----BEGIN PGP SIGNATURE-----")
	sigEnd     = []byte("\n-----END PGP SIGNATURE-----")
	hashNames  = []string{"MD5", "SHA1", "RIPEMD160", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-256", "SHA3-512"}
)

// textLine returns the first line of data without its "\n" or "\r\n", and
// the rest after it.
func textLine(data []byte) (line, rest []byte) {
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return data, data[len(data):]
	}
	j := i + 1
	if i > 0 && data[i-1] == '\r' {
		i--
	}
	return data[:i], data[j:]
}

// signedLine is a message line as signed: without its dash-escape and
// trailing blanks.
func signedLine(line []byte) []byte {
	line, _ = bytes.CutPrefix(line, []byte("- "))
	return bytes.TrimRight(line, " \t")
}

// decodeClearSigned finds the first clear-signed message in data: its
// text (lines as signed, joined by "\n"), its armored signature and the
// bytes after it. ok is false when there is none, or it is malformed.
func decodeClearSigned(data []byte) (text, armored, rest []byte, ok bool) {
	switch i := bytes.Index(data, clearStart); {
	case bytes.HasPrefix(data, clearStart[1:]):
		rest = data[len(clearStart)-1:]
	case i >= 0:
		rest = data[i+len(clearStart):]
	default:
		return nil, nil, nil, false
	}
	suffix, rest := textLine(rest)
	if len(suffix) != 0 {
		return nil, nil, nil, false
	}
	for { // armor headers: only Hash, naming digests OpenPGP knows
		if len(rest) == 0 {
			return nil, nil, nil, false
		}
		var line []byte
		if line, rest = textLine(rest); len(bytes.TrimSpace(line)) == 0 {
			break
		}
		if bytes.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r > 0x7e }) {
			return nil, nil, nil, false
		}
		key, val, found := strings.Cut(string(line), ":")
		if !found || strings.TrimSpace(key) != "Hash" {
			return nil, nil, nil, false
		}
		for _, v := range strings.Split(val, ",") {
			if !slices.Contains(hashNames, strings.ToUpper(strings.TrimSpace(v))) {
				return nil, nil, nil, false
			}
		}
	}
	// The message runs to the signature's first line; find it, and
	// whether any line needs changing.
	body, at, changed := rest, 0, false
	for {
		line, next := textLine(rest)
		if len(line) == 0 && len(next) == 0 {
			return nil, nil, nil, false // no signature follows
		}
		if bytes.Equal(line, clearEnd) {
			break
		}
		// A dash-escape, trailing blanks or a "\r\n" line end.
		changed = changed || len(signedLine(line)) != len(line) || len(rest)-len(next) != len(line)+1
		at += len(rest) - len(next)
		rest = next
	}
	if at > 0 && !changed {
		text = body[: at-1 : at-1] // the lines as they are, less the last "\n"
	} else if at > 0 {
		text = make([]byte, 0, at)
		for b := body[:at]; len(b) > 0; {
			var line []byte
			line, b = textLine(b)
			text = append(append(text, signedLine(line)...), '\n')
		}
		text = text[: len(text)-1 : len(text)-1]
	}
	i := bytes.Index(rest, sigEnd)
	if i < 0 {
		return nil, nil, nil, false
	}
	i += len(sigEnd)
	for i < len(rest) && (rest[i] == '\r' || rest[i] == '\n') {
		i++
	}
	return text, rest[:i], rest[i:], true
}
