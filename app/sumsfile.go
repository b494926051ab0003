package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/hashdrop/hashdrop/hashing"
)

// Limits on checksum files: far above any real one, low enough that opening
// an ISO by mistake fails quickly with a clear message.
const (
	MaxSumsFileSize = 64 << 20 // bytes
	MaxSumsLineLen  = 64 << 10 // bytes
)

// SumsFile is a parsed checksum file (SHA256SUMS, CHECKSUM, *.md5, *.sfv, ...).
// Every line is accounted for: it is an Entry, a comment or blank line, or a
// LineProblem.
type SumsFile struct {
	Path     string        // the checksum file as named by the user
	Dir      string        // the folder entry names are relative to
	Entries  []Entry       // in file order
	Problems []LineProblem // malformed or unsupported lines, in file order
	// Signed is set when the entries came from a PGP clear-signed message.
	// Hashdrop does not check the signature; say so to the user.
	Signed bool
	// Hint is the algorithm the file name implies for untagged lines
	// (SHA256SUMS, *.md5, *.sfv), or nil.
	Hint *hashing.Algorithm
}

// SignatureNote is what to tell the user about a PGP-signed checksum file.
const SignatureNote = "the checksum file is PGP-signed, but Hashdrop did not check the signature (use gpg --verify for that)"

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
	// Skip, when set, says why this entry cannot be checked ("BLAKE2b is not
	// supported"); it is reported SKIPPED.
	Skip string
	// Unsupported is the algorithm named that Hashdrop does not support
	// ("BLAKE2b"), when that is why the entry is skipped.
	Unsupported string
}

// Expected returns the entry as an expected digest, for comparing it like a
// pasted one. Nil when the entry is skipped.
func (e *Entry) Expected() *ExpectedDigest {
	if e.Skip != "" {
		return nil
	}
	return &ExpectedDigest{Text: fmt.Sprintf("%x", e.Sum), Sum: e.Sum, Candidates: e.Algorithms, Tag: e.Tag, Encoding: "hex", Name: e.Name}
}

// LineProblem is a line that is not understood, reported rather than dropped.
type LineProblem struct {
	Line   int    // 1-based
	Text   string // the line as read (without its line end)
	Reason string // "not a checksum line", "63 hex digits: ..."

	// The reason as values, for words in other languages.
	Kind   LineTrouble
	Digest string             // the digest as written (LineNotDigest)
	Err    *DigestError       // why the digest does not fit (LineBadDigest)
	Hint   *hashing.Algorithm // the algorithm the file's name or a header gave (LineBadDigest), or nil
}

// LineTrouble is what is wrong with a line of a checksum file.
type LineTrouble int

const (
	LineOther          LineTrouble = iota // only Reason tells
	LineNotChecksum                       // not a checksum line
	LineNotDigest                         // the digest part is not a digest
	LineBadDigest                         // the digest does not fit; see Err
	LineSecondSigned                      // a second PGP signed message, ignored
	LineStraySignature                    // a PGP signature without a signed message, ignored
	LineAfterSignature                    // after the PGP signature, so not signed: ignored
	LineNoSignature                       // the signed message has no signature: cut short?
	LineUnterminated                      // the PGP signature is not terminated: cut short?
	LineUnexpectedPGP                     // a PGP block other than a clear-signed message
)

func (p LineProblem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Reason) }

// SumsError is a checksum file that cannot be used at all.
type SumsError struct {
	Path   string
	Reason string
	Kind   Cause // for words in other languages; CauseOther: see Err
	Err    error
}

func (e *SumsError) Error() string { return "cannot use " + e.Path + ": " + e.Reason }
func (e *SumsError) Unwrap() error { return e.Err }

// ErrNoEntries is wrapped by the error of a checksum file without a single
// usable line.
var ErrNoEntries = errors.New("no checksum lines found")

// Usable returns an error wrapping ErrNoEntries when sf has no entry at all,
// worded for the user ("cannot use notes.txt: no checksum lines found (4
// lines not understood)").
func (sf *SumsFile) Usable() error {
	if len(sf.Entries) > 0 {
		return nil
	}
	reason := ErrNoEntries.Error()
	if n := len(sf.Problems); n > 0 {
		reason += fmt.Sprintf(" (%d not understood)", n)
	}
	return &SumsError{Path: sf.Path, Reason: reason, Kind: CauseNoEntries, Err: ErrNoEntries}
}

// ReadSumsFile reads and parses the checksum file at path. It refuses
// folders, files over MaxSumsFileSize and anything that is not text. A pipe
// is read like standard input, names relative to the current folder.
// A file that parses but has no entry is returned with a nil error; Usable
// says so (the command line treats it as unusable).
func ReadSumsFile(path string) (*SumsFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &SumsError{Path: path, Reason: cause(err), Err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &SumsError{Path: path, Reason: cause(err), Err: err}
	}
	if st.IsDir() {
		return nil, &SumsError{Path: path, Reason: "is a folder", Kind: CauseFolder}
	}
	if st.Size() > MaxSumsFileSize {
		return nil, &SumsError{Path: path, Reason: fmt.Sprintf("too large for a checksum file (%d MiB; the limit is %d MiB)", st.Size()>>20, MaxSumsFileSize>>20),
			Kind: CauseTooLarge}
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSumsFileSize+1))
	if err != nil {
		return nil, &SumsError{Path: path, Reason: cause(err), Err: err}
	}
	sf, err := ParseSums(path, data)
	if err == nil && !st.Mode().IsRegular() {
		// A pipe (check <(curl ...)) has no folder of its own: names are
		// relative to the current one, as with standard input.
		sf.Dir = "."
	}
	return sf, err
}

// ParseSums parses the contents of the checksum file at path (the path gives
// the folder names are relative to and, through its name, the algorithm of
// untagged lines). It accepts GNU lines (text and '*' binary, escaped names),
// BSD and OpenSSL tagged lines, SFV, '#' and ';' comments, blank lines, CRLF,
// a UTF-8 BOM, UTF-16 with BOM, Windows '\' separators and PGP clear-signed
// wrappers. The error is a *SumsError for a file that is not text or breaks
// the size limits; malformed lines are Problems, not errors.
func ParseSums(path string, data []byte) (*SumsFile, error) {
	hint, unsupported := nameHint(filepath.Base(path))
	sf := &SumsFile{Path: path, Dir: filepath.Dir(path), Hint: hint}
	fail := func(kind Cause, format string, args ...any) (*SumsFile, error) {
		return nil, &SumsError{Path: path, Reason: fmt.Sprintf(format, args...), Kind: kind}
	}
	if len(data) > MaxSumsFileSize {
		return fail(CauseTooLarge, "too large for a checksum file (the limit is %d MiB)", MaxSumsFileSize>>20)
	}
	text, err := decodeText(data)
	if err != nil {
		return fail(CauseNotText, "%v", err)
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if len(l) > MaxSumsLineLen {
			return fail(CauseNotText, "line %d is longer than %d KiB: this is not a checksum file", i+1, MaxSumsLineLen>>10)
		}
	}
	p := sumsParser{sf: sf, lines: lines, hint: sf.Hint, sfv: sf.Hint != nil && sf.Hint.ID == "crc32"}
	if sf.Hint != nil {
		p.hintFrom = "the file's name says " + sf.Hint.Name
	}
	p.skipHint = unsupported
	p.run()
	return sf, nil
}

// decodeText turns the file's bytes into UTF-8 text without BOM.
func decodeText(data []byte) (string, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		data = data[3:]
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		if len(data)%2 != 0 {
			return "", errors.New("the UTF-16 text is cut short (odd number of bytes)")
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
		return string(utf16.Decode(u)), nil
	}
	if bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
		return "", errors.New("not a text file (it holds NUL bytes; UTF-16 needs a byte order mark)")
	}
	return string(data), nil
}

// hintFromName returns the algorithm a checksum file's name implies for
// untagged lines: SHA256SUMS, sha256sum.txt, MD5SUMS, x.iso.sha256, x.md5,
// x.sha3-256, x.sfv, ... or nil.
func hintFromName(base string) *hashing.Algorithm {
	a, _ := nameHint(base)
	return a
}

// unsupportedByName names algorithms Hashdrop does not compute, as they
// appear in checksum file names (b2sums.txt, x.blake3, SHA512-256SUMS): their
// untagged lines are skipped rather than compared by length and FAILED.
var unsupportedByName = map[string]string{
	"b2": "BLAKE2b", "blake2": "BLAKE2b", "blake2b": "BLAKE2b", "blake2s": "BLAKE2s", "b3": "BLAKE3", "blake3": "BLAKE3",
	"sm3": "SM3", "md4": "MD4", "crc32c": "CRC32C", "xxh64": "XXH64", "xxh128": "XXH128", "xxh3": "XXH3", "tiger": "Tiger",
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
