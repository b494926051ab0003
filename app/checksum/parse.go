package checksum

import (
	"bytes"
	"math"
	"strings"
	"unsafe"

	"github.com/hashdrop/hashdrop/hashing"
)

// sumsParser walks the lines of one checksum file.
type sumsParser struct {
	// lines are the lines of the text being parsed; lineBase is added to
	// their numbers (a signed part starts further down the file).
	lines    lineList
	lineBase int
	// Entries and problems go to onEntry and onProblem when set (hashdrop
	// check streams them), else into sf; entries and problems count them.
	onEntry           func(Entry)
	onProblem         func(LineProblem)
	entries, problems int
	sf                *File
	hint              *hashing.Algorithm // from the file name, or a "# SHA512 HASH" header
	// likely is the algorithm the file's name mentions (likelyFromName):
	// tried first for untagged lines of its length.
	likely *hashing.Algorithm
	// skipHint is set by a header naming an algorithm Hashdrop does not
	// support ("# BLAKE2B HASH"): the lines under it are skipped.
	skipHint   string
	sfv        bool   // SFV file: "NAME CRC" lines, ';' comments
	hintHeader string // the header that set hint; "" when the file's name did
	// totalLines is the number of lines in the whole file (the signed part
	// of a signed file is parsed on its own).
	totalLines int
	// index, when set, gets where each entry is (see sumsText.runs); dashed
	// is set while the line parsed had its PGP dash-escaping taken off.
	index  *sumsText
	dashed bool
	signed bool // the entries come from a signed message (SumsFile.Signed)
	// oneSpace is set by the first GNU line that only the one-space form
	// reads ("HEX a", md5 -r): the lines after it that could be either
	// ("HEX  b") are read in it too, as coreutils' md5sum reads them, so
	// that the files " b" and "*c" keep their first character. twoSpace is
	// set by a line read in the two-space form first: then they are not.
	oneSpace, twoSpace bool
}

const (
	pgpSignedBegin = "-----BEGIN PGP SIGNED MESSAGE-----"
	pgpSigBegin    = "-----BEGIN PGP SIGNATURE-----"
	pgpSigEnd      = "-----END PGP SIGNATURE-----"
)

func (p *sumsParser) run() {
	const (
		plain = iota
		armorHeaders
		signedText
		signature
		afterSignature
		straySignature // a detached signature pasted into the file
	)
	state := plain
	for i := 0; i < p.lines.len(); i++ {
		raw := strings.TrimSuffix(p.lines.at(i), "\r")
		trimmed := strings.TrimSpace(raw)
		switch state {
		case plain, afterSignature:
			if trimmed == pgpSignedBegin {
				if state == plain && p.entries == 0 {
					state = armorHeaders
					p.signed = true
				} else {
					p.problem(i, raw, LineProblem{Kind: LineSecondSigned})
				}
				continue
			}
			if state == plain && trimmed == pgpSigBegin {
				p.problem(i, raw, LineProblem{Kind: LineStraySignature})
				state = straySignature
				continue
			}
			if state == afterSignature && trimmed != "" {
				p.problem(i, raw, LineProblem{Kind: LineAfterSignature})
				continue
			}
		case armorHeaders:
			if trimmed == "" {
				state = signedText
			}
			continue
		case signedText:
			if trimmed == pgpSigBegin {
				state = signature
				continue
			}
			// Dash-escaping (RFC 4880 7.1): "- " starts lines that began
			// with a dash.
			raw = strings.TrimPrefix(raw, "- ")
			p.dashed = true
		case signature:
			if trimmed == pgpSigEnd {
				state = afterSignature
			}
			continue
		case straySignature:
			if trimmed == pgpSigEnd {
				state = plain
			}
			continue
		}
		i = p.line(i, raw)
		p.dashed = false
	}
	switch state {
	case armorHeaders, signedText:
		p.problem(p.lines.len()-1, "", LineProblem{Kind: LineNoSignature})
	case signature, straySignature:
		p.problem(p.lines.len()-1, "", LineProblem{Kind: LineUnterminated})
	}
}

// line handles line i (text s, without its line end) and returns the index
// of the last line it consumed: a BSD line whose name holds a raw newline
// (rhash, openssl) spans several.
func (p *sumsParser) line(i int, s string) int {
	trimmed := strings.TrimSpace(s)
	switch {
	case trimmed == "":
		return i
	case strings.HasPrefix(trimmed, "#"):
		p.header(i, trimmed)
		return i
	case strings.HasPrefix(trimmed, ";"):
		return i // SFV comment
	case strings.HasPrefix(trimmed, "-----BEGIN PGP"):
		p.problem(i, s, LineProblem{Kind: LineUnexpectedPGP})
		return i
	}
	l, ok := parseSumsLine(s)
	if ok && l.form == formSFV && !p.sfvAllowed() {
		ok = false
	}
	if !ok {
		if j, joined, ok := p.joinSplitName(i, s); ok {
			p.add(i, s, joined)
			return j
		}
		lp := LineProblem{Kind: LineNotChecksum}
		if f := otherFormat(s); f != "" {
			lp.Kind, lp.Format = LineOtherFormat, f
		}
		p.problem(i, s, lp)
		return i
	}
	if l.form == formGNU && p.sfvAllowed() {
		// "a b.txt 352441C2" also reads as GNU with digest "a": in an SFV
		// file, or when the GNU digest makes no sense, the CRC at the end
		// wins.
		if sl, ok := parseSFVLine(s); ok && (p.sfv || !p.validGNUDigest(l.digest)) {
			l = sl
		}
	}
	if l.form == formGNU {
		l = p.spaced(l)
	}
	p.add(i, s, l)
	return i
}

// spaced reads a GNU line in the form of the file's first GNU line that
// decides it (coreutils' md5sum: bsd_reversed). A one-space line after
// two-space ones is still read (coreutils refuses it): its name has no
// leading ' ' or '*' to misread.
func (p *sumsParser) spaced(l sumsLine) sumsLine {
	switch {
	case l.spacing == spacingOne:
		p.oneSpace = p.oneSpace || !p.twoSpace
	case p.oneSpace:
		return l.oneSpace()
	default:
		p.twoSpace = true
	}
	return l
}

// otherFormat names the format of a line that is no checksum line Hashdrop
// reads but one of another tool's (LineProblem.Format), or "".
func otherFormat(s string) string {
	t := strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(t, "ed2k://"):
		return "ed2k"
	case strings.HasPrefix(t, "magnet:?"):
		return "magnet"
	}
	// rhash with several algorithms and no --bsd: "NAME  HEX  HEX", the
	// digests (hex, or base32 for TTH and AICH) two spaces apart.
	f := strings.Split(strings.TrimRight(s, " \t"), "  ")
	if len(f) < 3 || f[0] == "" {
		return ""
	}
	for _, d := range f[1:] {
		if !looksLikeDigest(d) || strings.ContainsAny(d, "+/=-_") {
			return ""
		}
	}
	return "rhash"
}

// validGNUDigest reports whether d is hex of a length the line's algorithm
// (or some algorithm) has.
func (p *sumsParser) validGNUDigest(d string) bool {
	if !isAllHex(d) || len(d)%2 != 0 {
		return false
	}
	if p.hint != nil {
		return len(d) == p.hint.HexLen()
	}
	return len(hashing.BySize(len(d)/2)) > 0
}

// sfvAllowed: SFV lines are understood in .sfv files and in files whose
// name says nothing about the algorithm.
func (p *sumsParser) sfvAllowed() bool { return p.sfv || p.hint == nil && p.skipHint == "" }

// Bounds on a file name split over lines by raw newlines, so that a file of
// unterminated "SHA256 (" lines stays linear to parse.
const (
	maxNameLines = 16
	maxSplitName = 8 << 10
)

// joinSplitName reads a BSD/OpenSSL line whose name holds raw newlines, as
// rhash --bsd and openssl dgst write them: "SHA256 (new" + "line) = HEX".
func (p *sumsParser) joinSplitName(i int, s string) (int, sumsLine, bool) {
	first := strings.TrimLeft(s, " \t")
	open := strings.IndexByte(first, '(')
	if open <= 0 || !isTag(strings.TrimRight(first[:open], " \t")) {
		return i, sumsLine{}, false
	}
	joined := s
	for j := i + 1; j < p.lines.len() && j <= i+maxNameLines && len(joined) <= maxSplitName; j++ {
		next := strings.TrimSuffix(p.lines.at(j), "\r")
		if l, ok := parseSumsLine(next); ok && l.form != formSFV {
			break // a line of its own, not the rest of a name
		}
		joined += "\n" + next
		if !strings.Contains(next, ")") {
			continue
		}
		if l, ok := parseBSDLine(strings.TrimLeft(joined, " \t"), false); ok {
			return j, l, true
		}
	}
	return i, sumsLine{}, false
}

// header reads Gentoo's "# SHA512 HASH" comments (here on line i), which
// set the algorithm of the untagged lines below them (*.DIGESTS files).
func (p *sumsParser) header(i int, comment string) {
	f := strings.Fields(strings.TrimPrefix(comment, "#"))
	if len(f) != 2 || !strings.EqualFold(f[1], "HASH") {
		return
	}
	p.hintHeader = strings.TrimSpace(comment)
	if a, ok := hashing.Lookup(f[0]); ok {
		p.hint, p.skipHint = a, ""
	} else {
		p.hint, p.skipHint = nil, f[0]
	}
	if p.index != nil {
		p.index.hints = append(p.index.hints, hintChange{line: i, hint: p.hint, skipHint: p.skipHint, hintHeader: p.hintHeader})
	}
}

func (p *sumsParser) add(i int, raw string, l sumsLine) {
	e := Entry{Line: i + 1, Name: l.name, Tag: l.tag, Binary: l.binary, Escaped: l.escaped}
	hint := p.hint
	switch {
	case l.form == formSFV:
		hint = crc32Algorithm()
	case l.form == formBSD:
		if _, ok := hashing.Lookup(l.tag); !ok {
			if !looksLikeDigest(l.digest) {
				p.problem(i, raw, LineProblem{Kind: LineNotDigest, Digest: l.digest})
				return
			}
			e.Unsupported = l.tag
			p.emit(e)
			return
		}
	case p.skipHint != "":
		if !looksLikeDigest(l.digest) {
			p.problem(i, raw, LineProblem{Kind: LineNotDigest, Digest: l.digest})
			return
		}
		e.Unsupported = p.skipHint
		p.emit(e)
		return
	}
	exp, err := expectedFromLine(l, hint)
	if err != nil {
		lp := LineProblem{Kind: LineBadDigest}
		lp.Err, _ = err.(*DigestError)
		if l.form == formGNU && hint != nil {
			lp.Hint, lp.Header = hint, p.hintHeader
		}
		p.problem(i, raw, lp)
		return
	}
	e.Sum, e.Algorithms = exp.Sum, exp.Candidates
	if p.likely != nil && len(e.Algorithms) > 1 {
		e.Algorithms = preferring(e.Algorithms, p.likely)
	}
	p.emit(e)
}

// problem reports line i (text raw) as lp.
func (p *sumsParser) problem(i int, raw string, lp LineProblem) {
	lp.Line, lp.Text = i+1, raw
	lp.Line += p.lineBase
	p.problems++
	if p.onProblem != nil {
		p.onProblem(lp)
		return
	}
	p.sf.Problems = append(p.sf.Problems, lp)
}

// looksLikeDigest accepts hex or base64 text, for lines of an unsupported
// algorithm that are skipped rather than reported malformed.
func looksLikeDigest(s string) bool {
	if len(s) < 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !isDigit(c) && !strings.ContainsRune("+/=-_", rune(c)) {
			return false
		}
	}
	return true
}

func crc32Algorithm() *hashing.Algorithm {
	a, _ := hashing.Lookup("crc32")
	return a
}

// emit hands on the entry e.
func (p *sumsParser) emit(e Entry) {
	if p.index != nil {
		at := uint32(e.Line - 1)
		if p.dashed {
			at |= atDashed
		}
		if p.oneSpace {
			at |= atOneSpace
		}
		p.index.add(p.entries, at)
	}
	e.Line += p.lineBase
	p.entries++
	if p.onEntry != nil {
		p.onEntry(e)
		return
	}
	p.sf.Entries = append(p.sf.Entries, e)
}

// lineList is a text's lines ("\n"-separated, as strings.Split gives them)
// by where every lineMark-th begins: 4 bytes for lineMark lines, for
// checksum files of millions of lines. A line is found from the mark
// before it, or from the line found last: a parser reads its lines in
// order. The text is in memory, or read again from the file (src; see
// fileText), from the block that holds the line found last. Each copy has
// its own line found last: a lineList shared by goroutines is copied,
// never used in place.
type lineList struct {
	text  string
	n     int
	marks []int32 // where line k*lineMark begins
	// the line found last, and where it begins and ends
	cur, curStart, curEnd int

	src  *fileText
	base int // where the text begins in the file (after a BOM)
	size int // the text's length
	// the block read last, and where in the text it begins; broken is set
	// when a block wanted did not read back (src.Err)
	blk    []byte
	blkAt  int
	broken bool
}

const lineMark = 64

// splitLines finds the lines of text, and the first longer than
// maxLineLen (1-based; 0: none).
func splitLines(text string) (lineList, int) {
	l := lineList{text: text}
	var s lineScan
	s.add(&l, unsafe.Slice(unsafe.StringData(text), len(text)), 0) // read only
	s.finish(&l, len(text))
	return l, s.long
}

// lineScan finds a text's lines a piece at a time (a checksum file read
// from the disk in blocks, or a whole text): its lineList's count and
// marks, and the first line far too long.
type lineScan struct {
	from int // where the line being scanned begins in the text
	long int // the first line longer than MaxSumsLineLen (1-based); 0: none
}

// add scans b, the text from position at on.
func (s *lineScan) add(l *lineList, b []byte, at int) {
	for k := 0; ; {
		if l.n%lineMark == 0 && len(l.marks) == l.n/lineMark {
			l.marks = append(l.marks, int32(s.from))
		}
		nl := bytes.IndexByte(b[k:], '\n')
		if nl < 0 {
			return
		}
		s.line(l, at+k+nl)
		k += nl + 1
	}
}

// line ends the line being scanned at end (its '\n').
func (s *lineScan) line(l *lineList, end int) {
	if end-s.from > maxLineLen && s.long == 0 {
		s.long = l.n + 1
	}
	l.n++
	s.from = end + 1
}

// finish ends the text at size: its last line follows the last '\n'
// (empty when it ends with one).
func (s *lineScan) finish(l *lineList, size int) {
	if l.n%lineMark == 0 && len(l.marks) == l.n/lineMark {
		l.marks = append(l.marks, int32(s.from))
	}
	s.line(l, size)
	l.size = size
	l.curEnd = l.end(0)
}

func (l *lineList) len() int { return l.n }

// end is where the line beginning at start ends (before its '\n').
func (l *lineList) end(start int) int {
	if l.src == nil {
		if k := strings.IndexByte(l.text[start:], '\n'); k >= 0 {
			return start + k
		}
		return len(l.text)
	}
	for pos := start; pos < l.size; {
		b, at := l.blockAt(pos)
		if b == nil {
			break
		}
		if k := bytes.IndexByte(b[pos-at:], '\n'); k >= 0 {
			return pos + k
		}
		pos = at + len(b)
	}
	return l.size
}

// blockAt returns the block of the file that holds the text at pos, and
// where in the text it begins; nil when it cannot be read (src.Err).
func (l *lineList) blockAt(pos int) ([]byte, int) {
	if l.blk != nil && pos >= l.blkAt && pos < l.blkAt+len(l.blk) {
		return l.blk, l.blkAt
	}
	n := (pos + l.base) / textBlock
	l.blk, l.blkAt = l.src.block(n), n*textBlock-l.base
	if l.blk == nil {
		l.broken = true
	}
	return l.blk, l.blkAt
}

// slice is the text from start to end.
func (l *lineList) slice(start, end int) string {
	if l.src == nil {
		return l.text[start:end]
	}
	if start >= end {
		return ""
	}
	b, at := l.blockAt(start)
	if b == nil {
		return ""
	}
	if end-at <= len(b) {
		return unsafe.String(&b[start-at], end-start) // the block never changes
	}
	buf := make([]byte, 0, end-start)
	for pos := start; pos < end; pos = at + len(b) {
		if b, at = l.blockAt(pos); b == nil {
			return ""
		}
		buf = append(buf, b[pos-at:min(end-at, len(b))]...)
	}
	return unsafe.String(&buf[0], len(buf))
}

// at is line i; empty when it is in a block of the file read again that
// changed (src.Err).
func (l *lineList) at(i int) string {
	l.broken = false
	if i < l.cur || i-l.cur > lineMark {
		l.cur = i / lineMark * lineMark
		l.curStart = int(l.marks[i/lineMark])
		l.curEnd = l.end(l.curStart)
	}
	for ; l.cur < i; l.cur++ {
		l.curStart = l.curEnd + 1
		l.curEnd = l.end(l.curStart)
	}
	line := l.slice(l.curStart, l.curEnd)
	if l.broken {
		// Where the lines after a block that did not read back begin is
		// not known from it: the next line is found from a mark.
		l.cur = math.MaxInt
		return ""
	}
	return line
}
