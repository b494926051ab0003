package verdict

import (
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
)

// Trust is what the signature of something fetched from a publisher (its
// checksum file, or a signature over the file itself) makes of a match:
// fetched, the digests are only worth what their signature shows (rule 8).
type Trust int

const (
	NotFetched      Trust = iota // from the disk: its signature is said beside the verdict (rule 4)
	FetchedGenuine               // signed by a key of the publisher's row: GENUINE
	FetchedHTTPS                 // the publisher signs none: as published over HTTPS by its host
	FetchedUnsigned              // no signature, where the publisher signs: amber
	FetchedOtherKey              // a good signature by a key that is not the row's (or one expired, revoked, too weak): amber
	FetchedBad                   // a signature that does not verify over it, or cannot be read: red
)

var trustNames = [...]string{"", "genuine", "https", "signature-missing", "other-key", "bad-signature"}

// String is a stable identifier, for logs, tests and --json ("" when not
// fetched).
func (t Trust) String() string { return trustNames[t] }

// Unconfirmed reports whether a match under it says nothing of who
// published the file, where the publisher would have said: amber.
func (t Trust) Unconfirmed() bool { return t == FetchedUnsigned || t == FetchedOtherKey }

// TrustOf is the trust of a fetched thing: fetched is its URL ("" when it
// is on the disk), signs whether its publisher signs it, a the verdict on
// its signatures.
func TrustOf(fetched string, signs bool, a *checksum.Authenticity) Trust {
	if fetched == "" {
		return NotFetched
	}
	kind := signature.NoSignature
	if a != nil {
		kind = a.Verdict.Kind
	}
	switch {
	case kind.Trusted():
		return FetchedGenuine
	case kind == signature.Bad || kind == signature.Unreadable:
		return FetchedBad
	case kind != signature.NoSignature:
		return FetchedOtherKey
	case signs:
		return FetchedUnsigned
	}
	return FetchedHTTPS
}

// trustOf is the trust of what decided a file's verdict: the checksum file
// fetched (By[0]) and a signature over the file itself fetched. A bad one
// of either is red; a genuine one of either makes the match genuine; else
// the worse of the two.
func trustOf(f *File, v *FileVerdict) Trust {
	sums := NotFetched
	if d := v.Decision; len(d.By) > 0 && d.Outcome == checksum.Match {
		p := d.By[0]
		sums = TrustOf(p.Fetched, p.Signs, p.Authenticity)
	}
	own := NotFetched
	if a := f.Signature; a != nil {
		own = TrustOf(a.Fetched, true, a)
	}
	switch {
	case sums == FetchedBad || own == FetchedBad:
		return FetchedBad
	case sums == FetchedGenuine || own == FetchedGenuine:
		return FetchedGenuine
	}
	return max(sums, own)
}

// FetchedFrom returns what v's Trust is the trust of: the URL it was
// fetched from and the verdict on its signatures (the checksum file that
// decided, or the signature over the file itself); "" when nothing fetched
// decided.
func (v *FileVerdict) FetchedFrom(f *File) (url string, a *checksum.Authenticity) {
	if v.Trust == NotFetched {
		return "", nil
	}
	if s := f.Signature; s != nil && s.Fetched != "" && TrustOf(s.Fetched, true, s) == v.Trust {
		return s.Fetched, s
	}
	if d := v.Decision; len(d.By) > 0 && d.By[0].Fetched != "" {
		return d.By[0].Fetched, d.By[0].Authenticity
	}
	if s := f.Signature; s != nil && s.Fetched != "" {
		return s.Fetched, s
	}
	return "", nil
}
