package checksum

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// The English of checksum files and digests: the Error and String methods of
// their values (a DigestProblem, a LineTrouble, a Status) and the words the
// command line prints for an entry. The window words the same values itself,
// in the user's language.

func (e *ReadError) Error() string { return "cannot use " + e.Path + ": " + sumsErrorWords(e) }
func (e *DigestError) Error() string {
	return digestWords(e)
}

// String is "line 3: not a checksum line".
func (p LineProblem) String() string { return fmt.Sprintf("line %d: %s", p.Line, LineWords(p)) }

var statusNames = [NumStatus]string{"OK", "FAILED", "MISSING", "UNREADABLE", "REFUSED", "SKIPPED"}

// String is the word the command line prints: OK FAILED MISSING UNREADABLE
// REFUSED SKIPPED.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

func sumsErrorWords(e *ReadError) string {
	switch {
	case e.Folder:
		return "cannot open its folder: " + app.CauseWords(e.Kind, e.Err)
	case e.Kind == app.CauseTooLarge && e.Size > 0:
		return fmt.Sprintf("too large for a checksum file (%d MiB; the limit is %d MiB)", e.Size>>20, MaxFileSize>>20)
	case e.Kind == app.CauseTooLarge:
		return fmt.Sprintf("too large for a checksum file (the limit is %d MiB)", MaxFileSize>>20)
	case e.Kind == app.CauseLongLine:
		return fmt.Sprintf("line %d is longer than %d KiB: this is not a checksum file", e.Line, maxLineLen>>10)
	case e.Kind == app.CauseNoEntries && e.Problems > 0:
		return fmt.Sprintf("%s (%d not understood)", errNoEntries, e.Problems)
	}
	return app.CauseWords(e.Kind, e.Err)
}

// EntryWords, says why an entry has its status: "no such file", "the SHA-256
// differs: ..."; "" for OK.
func EntryWords(r *EntryResult) string {
	switch {
	case r.Status == StatusOK:
		return ""
	case r.Status == StatusFailed && len(r.Entry.Algorithms) == 1:
		return "the " + r.Entry.Algorithms[0].Name + " differs: the file is damaged or not the one listed"
	case r.Status == StatusFailed:
		return "the " + algorithmNames(r.Entry.Algorithms, "and") + " all differ: the file is damaged or not the one listed"
	case r.Kind == app.CauseUnsupported:
		return r.Entry.Unsupported + " is not an algorithm Hashdrop supports"
	case r.Kind == app.CauseFolder:
		return "a folder, not a file"
	case r.Kind == app.CauseSpecial:
		return "not a regular file (" + fileKindWords(r.Type) + ")"
	}
	return app.CauseWords(r.Kind, r.Err)
}

// MatchWords says which algorithm an OK entry matched when its line did not
// name one and the answer is news: always for 8 digits, which are as
// often an XXH32 (xxhsum -H0) as a CRC32, and for other lengths when it is
// not the likeliest ("matched as BLAKE3 (64 hex digits: SHA-256, ...; the
// line does not say which)"); "" otherwise.
func MatchWords(r *EntryResult) string {
	e := r.Entry
	if r.Status != StatusOK || r.Algorithm == nil || len(e.Algorithms) < 2 || r.Algorithm == e.Algorithms[0] && len(e.Sum) != 4 {
		return ""
	}
	return fmt.Sprintf("matched as %s (%d hex digits: %s; the line does not say which)", r.Algorithm.Name, 2*len(e.Sum), algorithmNames(e.Algorithms, "or"))
}

func fileKindWords(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// String counts the statuses in the command line's words, "12 OK, 1
// FAILED, 2 missing", for logs; the window words its own summary.
func (r *CheckReport) String() string { return SummaryWords(r.Counts) }

// SummaryWords, counts the statuses: "12 OK, 1 FAILED, 2 missing".
func SummaryWords(counts [NumStatus]int) string {
	parts := []string{fmt.Sprintf("%d OK", counts[StatusOK])}
	words := [NumStatus]string{StatusFailed: "FAILED", StatusMissing: "missing", StatusUnreadable: "unreadable",
		StatusRefused: "refused", StatusSkipped: "skipped"}
	for s := StatusFailed; s < NumStatus; s++ {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], words[s]))
		}
	}
	return strings.Join(parts, ", ")
}

// LineWords, says why a line of a checksum file was left out.
func LineWords(p LineProblem) string {
	switch p.Kind {
	case LineNotDigest:
		return fmt.Sprintf("%q is not a digest", p.Digest)
	case LineBadDigest:
		s := "not a digest"
		if p.Err != nil {
			s = digestWords(p.Err)
		}
		switch {
		case p.Hint == nil:
		case p.Header != "":
			s += " (the header " + p.Header + " says so)"
		default:
			s += " (the file's name says " + p.Hint.Name + ")"
		}
		return s
	case LineSecondSigned:
		return "a second PGP signed message: ignored"
	case LineStraySignature:
		return "a PGP signature without a signed message: ignored, not checked"
	case LineAfterSignature:
		return "after the PGP signature, so not signed: ignored"
	case LineBeforeSigned:
		return "before the PGP signed message, so not signed: ignored"
	case LineNoSignature:
		return "the PGP signed message has no signature: the file may be cut short"
	case LineUnterminated:
		return "the PGP signature is not terminated: the file may be cut short"
	case LineUnexpectedPGP:
		return "an unexpected PGP block: only clear-signed messages are understood"
	case LineOtherFormat:
		return otherFormatWords(p.Format)
	}
	return "not a checksum line"
}

// otherFormatWords names a format Hashdrop does not read (LineProblem.Format).
func otherFormatWords(format string) string {
	switch format {
	case "ed2k":
		return "an ed2k link: not supported (Hashdrop reads checksum lines, not eDonkey's links)"
	case "magnet":
		return "a magnet link: not supported (Hashdrop reads checksum lines, not magnet links)"
	case "rhash":
		return "RHash's line of several digests: not supported (rhash --bsd writes lines Hashdrop reads)"
	}
	return "a line of another format: not supported"
}

// digestWords says why a text is not a digest.
func digestWords(e *DigestError) string {
	switch e.Kind {
	case DigestEmpty:
		return "nothing to compare: paste the published digest"
	case DigestTooLong:
		return fmt.Sprintf("too long to be a digest (%d characters)", e.Length)
	case DigestNotUTF8:
		return "not a digest: the text is not valid UTF-8"
	case DigestUnsupported:
		return e.Label + " is not an algorithm Hashdrop supports (it supports CRC32, MD5, SHA-1, SHA-2, SHA-3, RIPEMD, Whirlpool, BLAKE2b, BLAKE3, XXH32, XXH64 and XXH3)"
	case DigestWrongLength:
		if e.Encoding == "base64" {
			return fmt.Sprintf("base64 of %d bytes, but %s has %d", e.Length, e.Algorithm.Name, e.Algorithm.Size)
		}
		return fmt.Sprintf("%d hex digits, but %s has %d%s", e.Length, e.Algorithm.Name, e.Algorithm.HexLen(), digitHint(e.Length, e.Algorithm.HexLen()))
	case DigestNoLength:
		if e.Encoding == "base64" {
			return fmt.Sprintf("base64 of %d bytes: no algorithm has this length", e.Length)
		}
		s := fmt.Sprintf("%d hex digits: no algorithm has this length", e.Length)
		if e.Nearest != 0 {
			algs := hashing.BySize(e.Nearest / 2)
			verb := "has"
			if len(algs) > 1 {
				verb = "have"
			}
			s += fmt.Sprintf(" (%s %s %d%s)", algorithmNames(algs, "and"), verb, e.Nearest, digitHint(e.Length, e.Nearest))
		}
		return s
	case DigestNotDigest:
		if e.Encoding == "base64" {
			return "not a digest: checksum lines take only standard base64 with its '=' padding, as coreutils does"
		}
		if e.Char != 0 {
			return fmt.Sprintf("not a digest: %q is not a hex digit, and the text is not base64 of a digest either", e.Char)
		}
	}
	return "not a digest"
}

// digitHint guesses at a copying mistake when got digits are one off want.
func digitHint(got, want int) string {
	switch got {
	case want - 1:
		return "; a digit may be missing"
	case want + 1:
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
