package checksum

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf16"
	"unsafe"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// Limits on checksum files: far above any real one, low enough that opening
// an ISO by mistake fails quickly with a clear message.
const (
	MaxFileSize = 64 << 20 // bytes
	maxLineLen  = 64 << 10 // bytes
)

// File is a parsed checksum file (SHA256SUMS, CHECKSUM, *.md5, *.sfv, ...).
// Every line is accounted for: it is an Entry, a comment or blank line, or a
// LineProblem.
type File struct {
	Path     string        // the checksum file as named by the user
	Dir      string        // the folder entry names are relative to
	Entries  []Entry       // in file order
	Problems []LineProblem // malformed or unsupported lines, in file order
	// Signed is set when the entries came from the signed part of the file
	// (a PGP clear-signed message, signify's embedded message): lines outside
	// it are Problems. Whether the signature is good is Authenticity's to say.
	Signed bool
	// Fetched is the HTTPS URL the file was fetched from (app/release),
	// "" for one on the disk; Signs: its publisher signs it, so a missing
	// signature is a fault (both copied to each Published).
	Fetched string
	Signs   bool
	// Hint is the algorithm the file name implies for untagged lines
	// (SHA256SUMS, *.md5, *.sfv), or nil.
	Hint *hashing.Algorithm
	// Authenticity is the verdict on the file's signatures; nil when they
	// were not checked (ReadFile, Parse: see ReadSignedStreamed).
	Authenticity *Authenticity
	// EntryCount and ProblemCount count the entries and the lines not
	// understood. A file read for streaming (hashdrop check, which must
	// stay small on a 64 MiB file of millions of lines) keeps no Entries
	// and only the first Problems; Check parses its text again.
	EntryCount, ProblemCount int
	stream                   *sumsText
	planned                  *CheckPlan // made while it was read (ReadSignedForCheck)
}

// readHow is how a checksum file is read: its entries kept, or streamed
// (see File.EntryCount) and, for a check, planned in the same reading.
type readHow uint8

const (
	keepEntries readHow = iota
	streamEntries
	streamPlanned
)

// Entry is one file listed in a checksum file with its expected digest.
type Entry struct {
	Line int    // 1-based line number in the checksum file
	Name string // the file name as listed, unescaped; see SumsFile.Resolve
	Sum  []byte // the expected digest
	// Algorithms are the candidates: one when the line is tagged or the file
	// name tells, several when only the digest's length does (64 hex digits:
	// SHA-256, SHA3-256 or RIPEMD-256). The entry is OK when any matches.
	Algorithms []*hashing.Algorithm
	Tag        string // the BSD tag as written ("SHA2-256"), "" for untagged lines
	Binary     bool   // GNU '*' marker; Hashdrop always compares bytes
	Escaped    bool   // the line used coreutils escaping, so '\' in Name is literal
	// Unsupported, when set, is the algorithm the line names that Hashdrop
	// does not support ("BLAKE2b"): the entry is reported SKIPPED.
	Unsupported string
}

// Expected returns the entry as an expected digest, for comparing it like a
// pasted one. Nil when the entry is skipped.
func (e *Entry) Expected() *ExpectedDigest {
	if e.Unsupported != "" {
		return nil
	}
	return &ExpectedDigest{Text: hex.EncodeToString(e.Sum), Sum: e.Sum, Candidates: e.Algorithms, Tag: e.Tag, Encoding: "hex", Name: e.Name}
}

// LineProblem is a line that is not understood, reported rather than dropped.
type LineProblem struct {
	Line   int    // 1-based
	Text   string // the line as read (without its line end)
	Kind   LineTrouble
	Digest string             // the digest as written (LineNotDigest)
	Err    *DigestError       // why the digest does not fit (LineBadDigest)
	Hint   *hashing.Algorithm // the algorithm the file's name or a header gave (LineBadDigest), or nil
	// Header is the comment that gave Hint ("# SHA512 HASH"); "" when the
	// file's name gave it.
	Header string
	// Format names the format of a LineOtherFormat: "ed2k" (an ed2k://
	// link), "magnet" (a magnet: link), "rhash" (RHash's line of several
	// digests, "NAME  HEX  HEX").
	Format string
}

// LineTrouble is what is wrong with a line of a checksum file.
type LineTrouble int

const (
	LineNotChecksum    LineTrouble = iota // not a checksum line
	LineNotDigest                         // the digest part is not a digest
	LineBadDigest                         // the digest does not fit; see Err
	LineSecondSigned                      // a second PGP signed message, ignored
	LineStraySignature                    // a PGP signature without a signed message, ignored
	LineAfterSignature                    // after the PGP signature, so not signed: ignored
	LineNoSignature                       // the signed message has no signature: cut short?
	LineUnterminated                      // the PGP signature is not terminated: cut short?
	LineUnexpectedPGP                     // a PGP block other than a clear-signed message
	LineBeforeSigned                      // before the PGP signed message, so not signed: ignored
	LineOtherFormat                       // a line of a format Hashdrop does not read; see Format
)

// ReadError is a checksum file that cannot be used at all.
type ReadError struct {
	Path string
	Kind app.Cause // CauseOther: see Err
	Err  error
	// What the words need to tell more.
	Folder   bool  // the checksum file's folder could not be opened, not the file
	Size     int64 // the file's size (CauseTooLarge), 0 when not known
	Line     int   // the line far too long (CauseLongLine)
	Problems int   // the lines not understood (CauseNoEntries)
}

func (e *ReadError) Unwrap() error { return e.Err }

// Cause returns e.Kind (see CauseOf).
func (e *ReadError) Cause() app.Cause { return e.Kind }

// errNoEntries is wrapped by the error of a checksum file without a single
// usable line.
var errNoEntries = errors.New(app.CauseWords(app.CauseNoEntries, nil))

// Usable returns a ReadError wrapping errNoEntries when sf has no entry at
// all ("cannot use notes.txt: no checksum lines found (4 not understood)").
func (sf *File) Usable() error {
	if sf.EntryCount > 0 {
		return nil
	}
	return &ReadError{Path: sf.Path, Kind: app.CauseNoEntries, Err: errNoEntries, Problems: sf.ProblemCount}
}

// ReadFile reads and parses the checksum file at path. It refuses
// folders, files over MaxFileSize and anything that is not text. A pipe
// is read like standard input, names relative to the current folder.
// A file that parses but has no entry is returned with a nil error; Usable
// says so (the command line treats it as unusable).
func ReadFile(path string) (*File, error) {
	sf, _, _, err := readSums(path)
	return sf, err
}

// readSums reads and parses the checksum file at path, and returns the
// bytes read and the part a signature inside the file covers, for checking
// signatures over the very bytes parsed.
func readSums(path string) (*File, *signedPart, []byte, error) {
	return readSumsAs(path, keepEntries)
}

// readSumsAs is readSums, the entries read how says: kept, or out of
// memory (see File.EntryCount).
func readSumsAs(path string, how readHow) (*File, *signedPart, []byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, ReadErrorOf(path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, nil, ReadErrorOf(path, err)
	}
	if st.IsDir() {
		return nil, nil, nil, &ReadError{Path: path, Kind: app.CauseFolder}
	}
	if st.Size() > MaxFileSize {
		return nil, nil, nil, &ReadError{Path: path, Kind: app.CauseTooLarge, Size: st.Size()}
	}
	if how != keepEntries && st.Mode().IsRegular() && st.Size() > rereadAbove {
		t, lines, kind, line, err := scanText(f, path, st)
		switch {
		case err != nil:
			return nil, nil, nil, ReadErrorOf(path, err)
		case kind != app.CauseOther:
			return nil, nil, nil, &ReadError{Path: path, Kind: kind, Line: line}
		case t != nil:
			sf, err := parseLines(path, lines, how)
			return sf, nil, nil, err
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, nil, nil, ReadErrorOf(path, err)
		}
	}
	data, err := readAllSized(f, st.Size(), MaxFileSize+1)
	if err != nil {
		return nil, nil, nil, ReadErrorOf(path, err)
	}
	sf, part, err := parseSumsAs(path, data, how)
	if err == nil && !st.Mode().IsRegular() {
		// A pipe (check <(curl ...)) has no folder of its own: names are
		// relative to the current one, as with standard input.
		sf.Dir = "."
		sf.planned = nil // its names were planned in the folder of its path
	}
	return sf, part, data, err
}

// Parse parses the contents of the checksum file at path (the path gives
// the folder names are relative to and, through its name, the algorithm of
// untagged lines). It accepts GNU lines (text and '*' binary, escaped names),
// BSD and OpenSSL tagged lines, SFV, '#' and ';' comments, blank lines, CRLF,
// a UTF-8 BOM, UTF-16 with BOM, Windows '\' separators, PGP clear-signed
// wrappers and signify's embedded messages (SHA256.sig): of a signed file,
// only the signed text gives entries; lines outside it are Problems. The error is a *ReadError for a file that is not text or breaks
// the size limits; malformed lines are Problems, not errors.
func Parse(path string, data []byte) (*File, error) {
	sf, _, err := parseSums(path, data)
	return sf, err
}

// parseSums is Parse, also returning the part of the file a signature
// inside it covers (nil when there is none).
func parseSums(path string, data []byte) (*File, *signedPart, error) {
	return parseSumsAs(path, data, keepEntries)
}

// parseSumsAs is parseSums; with stream, the File keeps its text
// instead of its entries, and only the first problems (EntryCount), and the
// text shares data's memory: data must not change afterwards.
func parseSumsAs(path string, data []byte, how readHow) (*File, *signedPart, error) {
	sf := newSumsFile(path)
	if len(data) > MaxFileSize {
		return nil, nil, &ReadError{Path: path, Kind: app.CauseTooLarge}
	}
	text, kind := decodeText(data, how != keepEntries)
	if kind != app.CauseOther {
		return nil, nil, &ReadError{Path: path, Kind: kind}
	}
	lines, long := splitLines(text)
	if long > 0 {
		return nil, nil, &ReadError{Path: path, Kind: app.CauseLongLine, Line: long}
	}
	part := findSignedPart(text)
	if how == keepEntries {
		sf.parse(lines, part, nil, nil)
		return sf, part, nil
	}
	sf.stream = &sumsText{lines: lines, part: part}
	sf.parseStreamed(how == streamPlanned)
	return sf, part, nil
}

// parseLines parses a checksum file read again from the disk (scanText)
// for streaming.
func parseLines(path string, lines lineList, how readHow) (*File, error) {
	sf := newSumsFile(path)
	sf.stream = &sumsText{lines: lines}
	sf.parseStreamed(how == streamPlanned)
	if err := sf.TextErr(); err != nil {
		return nil, err
	}
	return sf, nil
}

// newSumsFile is the checksum file at path before it is parsed.
func newSumsFile(path string) *File {
	hint, _ := nameHint(filepath.Base(path))
	return &File{Path: path, Dir: filepath.Dir(path), Hint: hint}
}

// parseStreamed parses sf.stream's text, keeping where its entries are and
// the first problems, which keep none of the text; planned, it also plans
// their check (File.Plan), in one reading of up to planOnePassMax entries.
func (sf *File) parseStreamed(planned bool) {
	entry := func(Entry) {}
	var pl planner
	if planned {
		entry = func(e Entry) { pl.add(sf, &e) }
	}
	sf.parseAs(sf.stream.lines, sf.stream.part, entry, func(lp LineProblem) {
		if len(sf.Problems) < maxKeptProblems {
			lp.Text, lp.Digest, lp.Header = strings.Clone(lp.Text), strings.Clone(lp.Digest), strings.Clone(lp.Header)
			sf.Problems = append(sf.Problems, lp)
		}
	}, sf.stream)
	sf.stream.runs = slices.Clip(sf.stream.runs)
	if planned && sf.EntryCount <= planOnePassMax {
		sf.planned = pl.plan(sf)
	}
}

// TextErr is the ReadError of a checksum file read again from the disk
// that changed after it was first read (see fileText): the entries of the
// blocks changed are missing since, none wrong. Nil for the others.
func (sf *File) TextErr() error {
	if t := sf.fileText(); t != nil {
		return t.Err()
	}
	return nil
}

// fileText is where sf's text is read again from, or nil when it is kept.
func (sf *File) fileText() *fileText {
	if sf.stream == nil {
		return nil
	}
	return sf.stream.lines.src
}

// maxKeptProblems bounds the problems a streamed File keeps (the
// command line prints the first few and counts the others).
const maxKeptProblems = 100

// sumsText is what a streamed File keeps to parse its entries again,
// all of them (entries) or one (EntryAt).
type sumsText struct {
	lines lineList
	part  *signedPart
	// runs say, for each entry, the index of its line among those parsed
	// (the signed part's, when there is one), with atDashed set for a line
	// of a PGP signed message parsed as it stands (see lineOf); hints has
	// the headers ("# SHA512 HASH") that changed the algorithm of the lines
	// below them.
	runs  []lineRun
	hints []hintChange

	partOnce  sync.Once
	partLines lineList
}

const atDashed = 1 << 31

// atOneSpace marks an entry parsed in a file of one-space GNU lines
// (sumsParser.oneSpace).
const atOneSpace = 1 << 30

// lineRun is a run of entries on consecutive lines: entry first is on
// line at (with atDashed), the next on line at+1, and so on until the
// next run. A checksum file is mostly such a run, so that the window keeps
// a few bytes for where its entries are, not 4 an entry (8 an entry at
// worst, when no two entries are on consecutive lines: then the file has
// at least twice as many lines as entries).
type lineRun struct {
	first, at uint32
}

// add notes that entry i is on line at (with atDashed).
func (s *sumsText) add(i int, at uint32) {
	if n := len(s.runs); n > 0 && s.runs[n-1].at+uint32(i)-s.runs[n-1].first == at {
		return
	}
	s.runs = append(s.runs, lineRun{first: uint32(i), at: at})
}

// lineOf returns the line of entry i, with atDashed.
func (s *sumsText) lineOf(i int) uint32 {
	k := sort.Search(len(s.runs), func(k int) bool { return s.runs[k].first > uint32(i) }) - 1
	return s.runs[k].at + uint32(i) - s.runs[k].first
}

// hintChange is the parser's algorithm for untagged lines from line on.
type hintChange struct {
	line       int
	hint       *hashing.Algorithm
	skipHint   string
	hintHeader string
}

// parse runs the parser over lines (or the signed part), sending entries
// and problems to entry and problem, or into sf when they are nil, and
// counts them.
func (sf *File) parse(lines lineList, part *signedPart, entry func(Entry), problem func(LineProblem)) {
	sf.parseAs(lines, part, entry, problem, nil)
}

// parseAs is parse; index, when set, gets where each entry is (see sumsText.runs).
func (sf *File) parseAs(lines lineList, part *signedPart, entry func(Entry), problem func(LineProblem), index *sumsText) {
	p := sf.parser(lines)
	p.onEntry, p.onProblem, p.index = entry, problem, index
	p.parseAll(part)
	sf.EntryCount, sf.ProblemCount = p.entries, p.problems
	sf.Signed = sf.Signed || p.signed
}

// parseAll parses the lines, or the signed part.
func (p *sumsParser) parseAll(part *signedPart) {
	if part != nil {
		p.parseSigned(part)
	} else {
		p.run()
	}
}

// parser is a parser of lines in the state the file's name gives it.
func (sf *File) parser(lines lineList) sumsParser {
	_, unsupported := nameHint(filepath.Base(sf.Path))
	p := sumsParser{sf: sf, lines: lines, hint: sf.Hint, skipHint: unsupported, sfv: sf.Hint != nil && sf.Hint.ID == "crc32",
		totalLines: lines.len()}
	if sf.Hint == nil && unsupported == "" {
		p.likely = likelyFromName(sf.Path)
	}
	return p
}

// EntryAt returns entry i (0 <= i < EntryCount) of sf. A streamed file
// parses its line again, in the state the parser was in there: the window
// shows a list of millions of entries without keeping them.
func (sf *File) EntryAt(i int) Entry {
	if sf.stream == nil {
		return sf.Entries[i]
	}
	s := sf.stream
	at := s.lineOf(i)
	li := int(at &^ (atDashed | atOneSpace))
	lines, base := s.lines, 0
	if s.part != nil {
		s.partOnce.Do(func() { s.partLines, _ = splitLines(s.part.text) })
		lines, base = s.partLines, s.part.line-1
	}
	p := sf.parser(lines)
	p.lineBase, p.oneSpace = base, at&atOneSpace != 0
	if k := sort.Search(len(s.hints), func(k int) bool { return s.hints[k].line > li }); k > 0 {
		h := s.hints[k-1]
		p.hint, p.skipHint, p.hintHeader = h.hint, h.skipHint, h.hintHeader
	}
	var e Entry
	p.onEntry = func(got Entry) { e = got }
	p.onProblem = func(LineProblem) {}
	raw := strings.TrimSuffix(lines.at(li), "\r")
	if at&atDashed != 0 {
		raw = strings.TrimPrefix(raw, "- ")
	}
	p.line(li, raw)
	return e
}

// All yields every entry of sf with its index, in file order: for a
// streamed file, by parsing its text again, each entry valid only until
// the next is yielded (copy it to keep it).
func (sf *File) All() iter.Seq2[int, *Entry] { return sf.entries }

// entries yields every entry of sf with its index, in file order: from
// Entries, or for a streamed file by parsing its text again.
func (sf *File) entries(yield func(int, *Entry) bool) {
	if sf.stream == nil {
		for i := range sf.Entries {
			if !yield(i, &sf.Entries[i]) {
				return
			}
		}
		return
	}
	// The parse changes nothing in sf: entries may run on several
	// goroutines at once (a check, and a window's lookups).
	i, stopped := 0, false
	var e Entry // one for all, not one an entry on the heap
	p := sf.parser(sf.stream.lines)
	t := sf.fileText()
	p.onEntry = func(got Entry) {
		if t != nil && t.failed.Load() {
			stopped = true // changed since it was read: what is left is not counted on
		}
		if !stopped {
			e = got
			stopped = !yield(i, &e)
			i++
		}
	}
	p.onProblem = func(LineProblem) {}
	p.parseAll(sf.stream.part)
}

// ReadErrorOf is the ReadError of an operating-system error reading path.
func ReadErrorOf(path string, err error) *ReadError {
	return &ReadError{Path: path, Kind: app.CauseOf(err), Err: err}
}

// decodeText turns the file's bytes into UTF-8 text without BOM; the Cause
// says why it is not text (CauseOther: it is). With share, UTF-8 text is
// data's own memory, not a copy: the caller never changes data again.
func decodeText(data []byte, share bool) (string, app.Cause) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		data = data[3:]
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		if len(data)%2 != 0 {
			return "", app.CauseCutShort
		}
		big := data[0] == 0xFE
		u := make([]uint16, 0, len(data)/2-1)
		for i := 2; i < len(data); i += 2 {
			if big {
				u = append(u, uint16(data[i])<<8|uint16(data[i+1]))
			} else {
				u = append(u, uint16(data[i+1])<<8|uint16(data[i]))
			}
		}
		text := string(utf16.Decode(u))
		if strings.IndexByte(text, 0) >= 0 {
			return "", app.CauseNotText // a NUL character: no file name holds one
		}
		return text, app.CauseOther
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", app.CauseNotText
	}
	if share && len(data) > 0 {
		return unsafe.String(&data[0], len(data)), app.CauseOther
	}
	return string(data), app.CauseOther
}

// hintFromName returns the algorithm a checksum file's name implies for
// untagged lines: SHA256SUMS, sha256sum.txt, MD5SUMS, x.iso.sha256, x.md5,
// x.sha3-256, x.sfv, ... or nil.
func hintFromName(base string) *hashing.Algorithm {
	a, _ := nameHint(base)
	return a
}

// unsupportedByName names algorithms Hashdrop does not compute, as they
// appear in checksum file names (x.blake2s, SHA512-256SUMS, x.k12): their
// untagged lines are skipped rather than compared by length and FAILED.
var unsupportedByName = map[string]string{
	"blake2s": "BLAKE2s", "sm3": "SM3", "md4": "MD4", "crc32c": "CRC32C", "tiger": "Tiger",
	"gost": "GOST", "gost12-256": "GOST R 34.11-2012", "gost12-512": "GOST R 34.11-2012", "streebog": "Streebog",
	"sha512-256": "SHA-512/256", "sha512-224": "SHA-512/224", "has160": "HAS-160", "edonr256": "EDON-R", "edonr512": "EDON-R",
	"snefru": "Snefru", "ed2k": "ED2K", "aich": "AICH", "btih": "BitTorrent info hash", "k12": "KangarooTwelve", "shake128": "SHAKE128", "shake256": "SHAKE256",
}

// nameHint reads a checksum file's name: the algorithm it implies, or the
// name of an algorithm Hashdrop does not support.
func nameHint(base string) (*hashing.Algorithm, string) {
	n := strings.ToLower(base)
	for _, ext := range []string{".txt", ".asc"} {
		n = strings.TrimSuffix(n, ext)
	}
	try := func(s string) (*hashing.Algorithm, string) {
		s = strings.TrimSuffix(s, "sums")
		s = strings.TrimSuffix(s, "sum")
		s = strings.TrimSuffix(s, "-")
		if a, ok := hashing.Lookup(s); ok && !strings.ContainsAny(s, " ") {
			return a, ""
		}
		return nil, unsupportedByName[s]
	}
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		if a, other := try(n[i+1:]); a != nil || other != "" {
			return a, other
		}
	}
	if strings.HasSuffix(n, "sums") || strings.HasSuffix(n, "sum") {
		return try(n)
	}
	return nil, ""
}

// readAllSized reads r to its end, at most limit bytes, into one buffer of
// the size the file says it has (io.ReadAll would grow it by copies, twice
// the memory for a checksum file of 64 MiB).
func readAllSized(r io.Reader, size, limit int64) ([]byte, error) {
	buf := make([]byte, 0, min(max(size, 512)+1, limit))
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= limit {
				return buf, nil
			}
			buf = slices.Grow(buf, int(min(int64(cap(buf)), limit-int64(len(buf)))))
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
