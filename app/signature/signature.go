// Package signature tells whether a download is genuine: it reads the
// publisher's signature over a checksum file (or over the download itself)
// and checks it against keys Hashdrop ships or the user chose to trust.
//
// Three formats are read natively, without a gpg binary: OpenPGP detached
// signatures (binary or armored) and clear-signed text, through
// github.com/ProtonMail/go-crypto; minisign (legacy and pre-hashed), through
// aead.dev/minisign; and OpenBSD's signify, a few lines over crypto/ed25519.
//
// Results are values (a Kind and the signer's fields); the command line and
// the window word them. Only signed bytes count: for clear-signed and signify
// files the caller parses the Text the signature covers, never the lines
// around it.
package signature

import (
	"strings"
	"time"
)

// Format is a signature or key format.
type Format uint8

// The formats Hashdrop reads.
const (
	OpenPGP Format = iota + 1
	Minisign
	Signify
)

func (f Format) String() string {
	switch f {
	case OpenPGP:
		return "OpenPGP"
	case Minisign:
		return "minisign"
	case Signify:
		return "signify"
	}
	return "unknown format"
}

// Kind is the verdict on one signature.
type Kind uint8

// Kinds of results, from best to worst. Only Genuine and GenuineUser say
// anything about who published a file.
const (
	// NoSignature: nothing signs the file.
	NoSignature Kind = iota
	// Genuine: a valid signature by a publisher's key Hashdrop ships.
	Genuine
	// GenuineUser: a valid signature by a key the user imported and trusts.
	GenuineUser
	// UnknownKey: a signature by a key Hashdrop does not know; Result.KeyID
	// names it. It says nothing about who made the file.
	UnknownKey
	// Expired: the signature has expired, or the key had expired when it
	// signed (Result.Until says when).
	Expired
	// Revoked: the key, or the subkey that signed, was revoked by its
	// owner: whatever the reason, and even when it signed before.
	Revoked
	// TooWeak: the signature uses SHA-1 (or worse), or a key too short to
	// trust (Result.Hash, Result.Bits).
	TooWeak
	// Bad: the signature does not match the signed bytes: they were changed
	// after signing (or the signature was made for other bytes); or, as
	// Result.Reason says, the key it names could not have made it.
	Bad
	// Unreadable: the signature file is damaged, cut short or not a
	// signature (Result.Err), or cannot be checked (Result.Reason).
	Unreadable
)

var kindNames = [...]string{"none", "genuine", "genuine-user", "unknown-key", "expired", "revoked", "too-weak", "bad", "unreadable"}

// String is a stable identifier (for logs and tests), not a sentence.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Reason says why a signature is Bad or Unreadable: a signature can fail
// although the signed bytes are exactly as published, and the reader must
// not be told they were changed then.
type Reason uint8

const (
	// Changed (Bad): the signature does not match the signed bytes; they
	// were changed after signing (or it was made for other bytes). For
	// Unreadable: the file is damaged or not a signature (Err says how).
	Changed Reason = iota
	// NoBackSignature (Bad): the subkey that made the signature is bound
	// to the key without the subkey's own signature over that binding (a
	// "back-signature"). Anyone can bind someone else's public key as
	// their subkey this way, so the key named is not the signer.
	NoBackSignature
	// NotForSigning (Bad): the key that made the signature (a primary key
	// or subkey) is not marked by its owner as one that signs files.
	NotForSigning
	// CommentChanged (Bad): minisign's trusted comment was changed after
	// signing; the signed file itself matches.
	CommentChanged
	// OtherKey (Bad): the signature names a key it was not made by: it
	// matches neither the file nor its own trusted comment with that key
	// (a minisign key id put on someone else's signature).
	OtherKey
	// NotOverFile (Bad): an OpenPGP signature of a kind that does not sign
	// files (a key certification, say) put where a file's signature goes.
	NotOverFile
	// TooManySignatures (Unreadable): the file holds more signatures than
	// MaxSignatures; none was checked.
	TooManySignatures
	// UnsupportedHash (Unreadable): the signature uses a digest Hashdrop
	// cannot compute, so it cannot be checked.
	UnsupportedHash
)

var reasonNames = [...]string{"changed", "no-back-signature", "not-for-signing", "comment-changed", "other-key", "not-over-file", "too-many-signatures", "unsupported-hash"}

// String is a stable identifier (for logs and tests), not a sentence.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Trusted reports whether k says who published the signed bytes.
func (k Kind) Trusted() bool { return k == Genuine || k == GenuineUser }

// Signer names the key behind a signature.
type Signer struct {
	Publisher   string // "Ubuntu" for a shipped key; "" for the user's own
	UserID      string // "Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>"
	Fingerprint string // upper-case hex: the primary key's (OpenPGP), the key id (minisign, signify)
}

// Result is the verdict on one signature.
type Result struct {
	Kind   Kind
	Format Format
	Source string // the signature file ("" for a clear-signed file's own)
	// Signer is the key that verified (or failed to verify) the signature;
	// empty for UnknownKey and Unreadable.
	Signer Signer
	// KeyID is the issuer as the signature names it: a fingerprint or a
	// 16-digit key id. It is all that is known for UnknownKey.
	KeyID   string
	Created time.Time // when the signature was made; zero when the format does not say
	// Until is when the signature or key stopped being valid (Expired), or
	// when the key expired after it signed (Genuine). A key's expiry is its
	// primary key's or its signing subkey's, whichever comes first.
	Until      time.Time
	KeyExpired bool   // Expired (or Until for Genuine) is about the key, not the signature
	Hash       string // the weak digest ("SHA-1") for TooWeak
	Bits       int    // the key's size in bits when it is what is weak
	// Comment is minisign's trusted comment (signed, so it may be shown).
	Comment string
	// Reason says why a signature is Bad or Unreadable, when Hashdrop can
	// tell; the zero value is the plain case (Bad: the signed bytes were
	// changed; Unreadable: damaged, see Err).
	Reason Reason
	// Err is the library's reason for Bad and Unreadable, in English, for
	// logs and --verbose output.
	Err error
}

// Verdict sums up the signatures over one set of bytes: the worst of a
// BAD signature, else the best trusted one, else the most telling other.
func Verdict(rs []Result) Result {
	if len(rs) == 0 {
		return Result{Kind: NoSignature}
	}
	best := -1
	for i, r := range rs {
		if r.Kind == Bad {
			return r // a BAD signature wins over any good one
		}
		if best < 0 || rank(r.Kind) < rank(rs[best].Kind) {
			best = i
		}
	}
	return rs[best]
}

// rank orders kinds for Verdict: trusted first, then the most informative.
func rank(k Kind) int {
	switch k {
	case Genuine:
		return 0
	case GenuineUser:
		return 1
	case Revoked:
		return 2
	case Expired:
		return 3
	case TooWeak:
		return 4
	case UnknownKey:
		return 5
	case Unreadable:
		return 6
	}
	return 7
}

// GroupFingerprint writes a fingerprint in groups of four digits, as gpg
// and publishers' pages show them: "8439 38DF 228D 22F7 ...".
func GroupFingerprint(fpr string) string {
	var b strings.Builder
	for i := 0; i < len(fpr); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fpr[i:min(i+4, len(fpr))])
	}
	return b.String()
}

// ShortFingerprint keeps the first and last groups: "8439 38DF … 1092".
func ShortFingerprint(fpr string) string {
	if len(fpr) <= 16 {
		return GroupFingerprint(fpr)
	}
	return GroupFingerprint(fpr[:8]) + " … " + fpr[len(fpr)-4:]
}
