package checksum

import (
	"strings"
	"unsafe"

	"github.com/hashdrop/hashdrop/app/signature"
)

// signedPart is the part of a checksum file that a signature inside the
// file covers: a PGP clear-signed message's text (Fedora's CHECKSUM), or
// the message embedded in a signify file (OpenBSD's SHA256.sig). Only its
// lines become entries; the lines around it were never signed.
type signedPart struct {
	text    string
	line    int    // the file's 1-based line on which text begins
	before  string // the file's text before the signed part (not signed)
	after   string // and after it (not signed)
	clear   *signature.ClearSigned
	signify *signature.SignifyMessage
}

// bytesString is b as a string without a copy: b must never change again.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// findSignedPart returns the signed part of text, or nil when it has none
// that can be read (a clear-signed message cut short is then parsed as it
// stands, its problems reported line by line, and its signature Unreadable).
func findSignedPart(text string) *signedPart {
	if !strings.HasPrefix(text, "untrusted comment: ") && !strings.Contains(text, pgpSignedBegin) {
		return nil // the common case, without copying a text of up to 64 MiB
	}
	// The readers only read data and return parts of it (or their own
	// copies), which no one writes: viewing text's bytes in place, and those
	// parts as strings in place, keeps a signed file of 64 MiB from costing
	// two more copies of itself (issue 32: 445 MB for 65 MB, 235 MB after).
	data := unsafe.Slice(unsafe.StringData(text), len(text))
	if m, ok := signature.ReadSignify(data); ok {
		return &signedPart{text: bytesString(m.Text), line: m.Line, signify: m}
	}
	if !strings.Contains(text, pgpSignedBegin) {
		return nil
	}
	c := signature.ReadClearSigned(data)
	if c == nil {
		return nil
	}
	return &signedPart{text: bytesString(c.Text), line: c.Line, before: string(c.Before), after: string(c.After), clear: c}
}

// parseSigned parses the signed part of a checksum file into p.sf: the
// entries of its text, with the file's line numbers, and every line outside
// it that is not blank as a problem (never an entry).
func (p *sumsParser) parseSigned(part *signedPart) {
	p.signed = true
	before := strings.Split(part.before, "\n")
	for i, l := range before[:len(before)-1] {
		if strings.TrimSpace(l) != "" {
			p.problem(i, strings.TrimSuffix(l, "\r"), LineProblem{Kind: LineBeforeSigned})
		}
	}
	p.lines, _ = splitLines(part.text)
	p.lineBase = part.line - 1
	p.run()
	p.lineBase = 0
	if part.after == "" {
		return
	}
	// after is the end of the file, beginning on a line of its own.
	afterLines := strings.Split(part.after, "\n")
	start := p.totalLines - len(afterLines)
	for i, l := range afterLines {
		if strings.TrimSpace(l) != "" {
			p.problem(start+i, strings.TrimSuffix(l, "\r"), LineProblem{Kind: LineAfterSignature})
		}
	}
}
