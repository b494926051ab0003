package app

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/hashing"
)

// The English of package app: what the command line prints and what app's
// errors say (their Error methods). Every type here carries values (a Cause,
// a DigestProblem, a LineTrouble, a Status); these functions word them once.
// The window words the same values itself, in the user's language.

func (e *FileError) Error() string { return "cannot read " + e.Name + ": " + causeWords(e.Kind, e.Err) }
func (e *WriteError) Error() string {
	if e.Kind == CauseIsInput {
		return "cannot write " + e.Name + ": it is also one of the files to read (" + e.Input + ")"
	}
	return "cannot write " + e.Name + ": " + causeWords(e.Kind, e.Err)
}
func (e *SumsError) Error() string { return "cannot use " + e.Path + ": " + sumsErrorWords(e) }
func (e *DigestError) Error() string {
	return digestWords(e)
}

// String is "line 3: not a checksum line".
func (p LineProblem) String() string { return fmt.Sprintf("line %d: %s", p.Line, lineWords(p)) }

var statusNames = [numStatus]string{"OK", "FAILED", "MISSING", "UNREADABLE", "REFUSED", "SKIPPED"}

// String is the word the command line prints: OK FAILED MISSING UNREADABLE
// REFUSED SKIPPED.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// cause words err for a message of the command line: "no such file".
func cause(err error) string { return causeWords(CauseOf(err), err) }

// causeWords words c; err gives the operating system's words for a
// CauseOther.
func causeWords(c Cause, err error) string {
	const allow = " (allow files outside to check it)"
	switch c {
	case CauseNotExist:
		return "no such file"
	case CausePermission:
		return "permission denied"
	case CauseFolder:
		return "is a folder"
	case CauseIO:
		return "input/output error (the disk or medium may be failing)"
	case CauseSpecial:
		return "not a regular file"
	case CauseOutside:
		return "outside the checksum file's folder" + allow
	case CauseAbsolute:
		return "an absolute path, outside the checksum file's folder" + allow
	case CauseLinkOutside:
		return "a link that leads outside the checksum file's folder" + allow
	case CauseUnsupported:
		return "not an algorithm Hashdrop supports"
	case CauseTooLarge:
		return "too large for a checksum file"
	case CauseNotText:
		return "not a text file (it holds NUL bytes; UTF-16 needs a byte order mark)"
	case CauseCutShort:
		return "the UTF-16 text is cut short (odd number of bytes)"
	case CauseLongLine:
		return "a line is far too long: this is not a checksum file"
	case CauseNoEntries:
		return ErrNoEntries.Error()
	case CauseChanged:
		return ErrChanged.Error()
	case CauseCancelled:
		return "cancelled"
	}
	return SystemWords(err)
}

func sumsErrorWords(e *SumsError) string {
	switch {
	case e.Folder:
		return "cannot open its folder: " + causeWords(e.Kind, e.Err)
	case e.Kind == CauseTooLarge && e.Size > 0:
		return fmt.Sprintf("too large for a checksum file (%d MiB; the limit is %d MiB)", e.Size>>20, MaxSumsFileSize>>20)
	case e.Kind == CauseTooLarge:
		return fmt.Sprintf("too large for a checksum file (the limit is %d MiB)", MaxSumsFileSize>>20)
	case e.Kind == CauseLongLine:
		return fmt.Sprintf("line %d is longer than %d KiB: this is not a checksum file", e.Line, MaxSumsLineLen>>10)
	case e.Kind == CauseNoEntries && e.Problems > 0:
		return fmt.Sprintf("%s (%d not understood)", ErrNoEntries, e.Problems)
	}
	return causeWords(e.Kind, e.Err)
}

// entryWords says why an entry has its status: "no such file", "the SHA-256
// differs: ..."; "" for OK.
func entryWords(r *EntryResult) string {
	switch {
	case r.Status == StatusOK:
		return ""
	case r.Status == StatusFailed && len(r.Entry.Algorithms) == 1:
		return "the " + r.Entry.Algorithms[0].Name + " differs: the file is damaged or not the one listed"
	case r.Status == StatusFailed:
		return "the " + algorithmNames(r.Entry.Algorithms, "and") + " all differ: the file is damaged or not the one listed"
	case r.Kind == CauseUnsupported:
		return r.Entry.Unsupported + " is not an algorithm Hashdrop supports"
	case r.Kind == CauseFolder:
		return "a folder, not a file"
	case r.Kind == CauseSpecial:
		return "not a regular file (" + fileKindWords(r.Type) + ")"
	}
	return causeWords(r.Kind, r.Err)
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
func (r *CheckReport) String() string { return summaryWords(r.Counts) }

// summaryWords counts the statuses: "12 OK, 1 FAILED, 2 missing".
func summaryWords(counts [numStatus]int) string {
	parts := []string{fmt.Sprintf("%d OK", counts[StatusOK])}
	words := [numStatus]string{StatusFailed: "FAILED", StatusMissing: "missing", StatusUnreadable: "unreadable",
		StatusRefused: "refused", StatusSkipped: "skipped"}
	for s := StatusFailed; s < numStatus; s++ {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], words[s]))
		}
	}
	return strings.Join(parts, ", ")
}

// noSignatureNote is what check says of a checksum file nobody signed.
const noSignatureNote = "no signature found beside it: the files may be intact, but their publisher is not verified"

// signatureLine words one signature's verdict for check: "GENUINE: signed
// by Ubuntu (...)". what is what it signs ("the checksum file").
func signatureLine(r signature.Result, what string) string {
	who := signerWords(r.Signer)
	switch r.Kind {
	case signature.Genuine, signature.GenuineUser:
		s := "GENUINE: signed by " + who
		if r.Kind == signature.GenuineUser {
			s = "GENUINE: signed by your key " + who
		}
		if r.KeyExpired && !r.Until.IsZero() {
			s += "; the key has since expired (" + r.Until.Format("2006-01-02") + ")"
		}
		return s
	case signature.UnknownKey:
		return "UNKNOWN KEY: signed by a key Hashdrop does not know (fingerprint " + signature.GroupFingerprint(r.KeyID) + "): this says nothing about who made it"
	case signature.Bad:
		return "BAD signature: " + what + " was changed after it was signed (key " + who + ")"
	case signature.Expired:
		if r.KeyExpired {
			return "EXPIRED: the key " + who + " had expired" + onDate(r.Until) + " when it signed"
		}
		return "EXPIRED: the signature by " + who + " expired" + onDate(r.Until)
	case signature.Revoked:
		return "REVOKED: the key " + who + " was revoked by its owner"
	case signature.TooWeak:
		if r.Hash != "" {
			return "TOO WEAK: signed by " + who + " with " + r.Hash + ", which can be forged"
		}
		return fmt.Sprintf("TOO WEAK: signed by %s with a %d-bit key, too short to trust", who, r.Bits)
	case signature.Unreadable:
		return "UNREADABLE signature: " + errWords(r.Err)
	}
	return "NO SIGNATURE"
}

func signerWords(s signature.Signer) string {
	fpr := signature.GroupFingerprint(s.Fingerprint)
	switch {
	case s.Publisher != "" && s.UserID != "":
		return s.Publisher + " (" + s.UserID + ", " + fpr + ")"
	case s.UserID != "":
		return s.UserID + " (" + fpr + ")"
	}
	return fpr
}

func onDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return " on " + t.Format("2006-01-02")
}

func errWords(err error) string {
	if err == nil {
		return "damaged"
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return causeWords(fe.Kind, fe.Err)
	}
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, fs.ErrNotExist) {
		return cause(err)
	}
	return err.Error()
}

// lineWords says why a line of a checksum file was left out.
func lineWords(p LineProblem) string {
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
	}
	return "not a checksum line"
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
		return e.Label + " is not an algorithm Hashdrop supports (it supports CRC32, MD5, SHA-1, SHA-2, SHA-3, RIPEMD and Whirlpool)"
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
