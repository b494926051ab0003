package ui

import (
	"log"
	"net/url"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// trustedKeys is the keyring the window checks signatures against: the
// publishers' keys Hashdrop ships and the user's own. The user's are read
// from disk on first use, off the Fyne goroutine, and again after the user
// imports or removes a key; the shipped ones are parsed when a signature is
// first checked or the keys are listed (17 ms of CPU: not at each start,
// where it competed with the window being made).
var trustedKeys keyring

type keyring struct {
	mu   sync.Mutex
	ring *signature.Keyring
}

// get returns the keyring, reading the user's keys when needed (disk: not
// on the Fyne goroutine).
func (k *keyring) get() *signature.Keyring {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.ring == nil {
		ring, errs := checksum.TrustedKeysLater()
		for _, err := range errs {
			log.Printf("Hashdrop: a key of yours cannot be read: %v", err)
		}
		k.ring = ring
	}
	return k.ring
}

// reset makes the next get read the keys again.
func (k *keyring) reset() {
	k.mu.Lock()
	k.ring = nil
	k.mu.Unlock()
}

// authenticityWords words the verdict on a checksum file's signatures, in
// one line beside the files' verdicts: its outcome gives the colour (green
// for a trusted signature, red for a BAD one, amber for the rest).
func authenticityWords(a *checksum.Authenticity) (checksum.Outcome, string) {
	if a == nil {
		return checksum.Unknown, ""
	}
	r := a.Verdict
	who := signerText(r.Signer)
	if a.Needs > 0 && a.Signers > 0 { // several people sign (Bitcoin Core's builders)
		if r.Kind.Trusted() {
			return checksum.Match, tr("Genuine: signed by {{.Count}} of {{.Publisher}}'s keys Hashdrop ships ({{.Needs}} needed)",
				"Count", a.Signers, "Publisher", signersPublisher(a), "Needs", a.Needs)
		}
		if r.Kind == signature.UnknownKey {
			return checksum.Unknown, tr("Not confirmed: signed by {{.Count}} of {{.Publisher}}'s keys Hashdrop ships, and it needs {{.Needs}}",
				"Count", a.Signers, "Publisher", signersPublisher(a), "Needs", a.Needs)
		}
	}
	switch r.Kind {
	case signature.NoSignature:
		return checksum.Unknown, tr("Not signed: the publisher of this checksum file is not verified")
	case signature.Genuine, signature.GenuineUser:
		yours := r.Kind == signature.GenuineUser
		if r.KeyExpired && !r.Until.IsZero() {
			// Signed while the key was valid: still genuine, as GnuPG says,
			// but the reader should know the key is no longer in use.
			date := r.Until.Format(time.DateOnly)
			if yours {
				return checksum.Match, tr("Genuine: signed by your key {{.Signer}}, which has since expired ({{.Date}})", "Signer", who, "Date", date)
			}
			return checksum.Match, tr("Genuine: signed by {{.Signer}}, whose key has since expired ({{.Date}})", "Signer", who, "Date", date)
		}
		if yours {
			return checksum.Match, tr("Genuine: signed by your key {{.Signer}}", "Signer", who)
		}
		return checksum.Match, tr("Genuine: signed by {{.Signer}}", "Signer", who)
	case signature.UnknownKey:
		return checksum.Unknown, tr("Signed by a key Hashdrop does not know (fingerprint {{.Fingerprint}}): this says nothing about who made it",
			"Fingerprint", signature.ShortFingerprint(r.KeyID))
	case signature.Bad:
		if r.Reason != signature.Changed {
			return checksum.Mismatch, badReasonWords(r.Reason, who)
		}
		return checksum.Mismatch, tr("BAD signature: the checksum file was changed after it was signed")
	case signature.Expired:
		if r.KeyExpired {
			return checksum.Unknown, tr("Not trusted: the key of {{.Signer}} had expired when it signed", "Signer", who)
		}
		return checksum.Unknown, tr("Not trusted: the signature by {{.Signer}} has expired", "Signer", who)
	case signature.Revoked:
		return checksum.Unknown, tr("Not trusted: signed by {{.Signer}}, a key its owner revoked", "Signer", who)
	case signature.TooWeak:
		if r.Hash != "" {
			return checksum.Unknown, tr("Not trusted: signed with {{.Hash}}, which can be forged ({{.Signer}})", "Hash", r.Hash, "Signer", who)
		}
		return checksum.Unknown, tr("Not trusted: signed with a {{.Bits}}-bit key, too short to trust ({{.Signer}})", "Bits", r.Bits, "Signer", who)
	}
	switch r.Reason {
	case signature.TooManySignatures:
		return checksum.Unknown, tr("The signature file holds more than {{.N}} signatures, far more than a publisher makes: none was checked", "N", signature.MaxSignatures)
	case signature.UnsupportedHash:
		return checksum.Unknown, tr("The signature uses a digest Hashdrop cannot compute")
	}
	return checksum.Unknown, tr("The signature cannot be read: it is damaged or cut short")
}

// badReasonWords words a BAD signature whose reason is not that the signed
// bytes changed: they may be exactly as published, and the words must not
// say otherwise.
func badReasonWords(why signature.Reason, who string) string {
	switch why {
	case signature.NoBackSignature:
		return tr("BAD signature: the signing key is attached to {{.Signer}} without its consent (no back-signature)", "Signer", who)
	case signature.NotForSigning:
		return tr("BAD signature: the key of {{.Signer}} is not one its owner uses to sign files", "Signer", who)
	case signature.CommentChanged:
		return tr("BAD signature: its trusted comment was changed after signing")
	case signature.OtherKey:
		return tr("BAD signature: it was not made by the key it names ({{.Signer}})", "Signer", who)
	}
	return tr("BAD signature: this is not a signature over a file")
}

// fileSignatureWords words the verdict on a file's own signature
// (ubuntu.iso.sig): as authenticityWords, but what a BAD signature says is
// about the file itself.
func fileSignatureWords(a *checksum.Authenticity) (checksum.Outcome, string) {
	if a.Verdict.Kind == signature.Bad && a.Verdict.Reason == signature.Changed {
		return checksum.Mismatch, tr("BAD signature: the file was changed after it was signed")
	}
	return authenticityWords(a)
}

// signersPublisher is the publisher whose shipped keys made the good
// signatures in a.
func signersPublisher(a *checksum.Authenticity) string {
	for _, r := range a.Results {
		if r.Kind.Trusted() && r.Signer.Publisher != "" {
			return r.Signer.Publisher
		}
	}
	return ""
}

// signerText is "Ubuntu (Ubuntu CD Image Automatic Signing Key (2012)
// <cdimage@ubuntu.com>, 8439 38DF … 1092)".
func signerText(s signature.Signer) string {
	fpr := signature.ShortFingerprint(s.Fingerprint)
	switch {
	case s.Publisher != "" && s.UserID != "":
		return s.Publisher + " (" + s.UserID + ", " + fpr + ")"
	case s.UserID != "":
		return s.UserID + " (" + fpr + ")"
	}
	return fpr
}

// authenticityIcon is the icon beside the words, coloured as they are.
func authenticityIcon(o checksum.Outcome) fyne.Resource { return verdictIcon(o, true) }

// trustText says what the signature of what was fetched for the file is
// worth, when it is not genuine (verdict.Trust, rule 8): "" otherwise.
func (it *fileItem) trustText() string {
	// What the trust is of: the engine's choice (the checksum file, or the
	// signature over the file itself).
	u, a := it.verdict.FetchedFrom(&verdict.File{Signature: it.ownSig})
	switch it.verdict.Trust {
	case verdict.FetchedHTTPS:
		return tr("as published over HTTPS by {{.Host}}, which proves the file is theirs only as far as that host is", "Host", app.VisibleText(urlHost(u)))
	case verdict.FetchedUnsigned:
		return tr("the signature is missing: the publisher signs these checksums, and none came with them")
	case verdict.FetchedOtherKey:
		if a != nil && a.Needs > 0 && a.Signers > 0 && a.Signers < a.Needs {
			return tr("signed by {{.Count}} of {{.Publisher}}'s keys Hashdrop ships, and it needs {{.Needs}}",
				"Count", a.Signers, "Publisher", signersPublisher(a), "Needs", a.Needs)
		}
		if a != nil && a.Verdict.Kind == signature.Expired && a.Verdict.KeyExpired && a.Verdict.Signer.Publisher != "" {
			return tr("signed by {{.Publisher}}'s key, whose copy in Hashdrop has expired: update Hashdrop", "Publisher", a.Verdict.Signer.Publisher)
		}
		who := tr("an unknown key")
		if a != nil {
			switch r := a.Verdict; {
			case r.Signer.Fingerprint != "":
				who = signerText(r.Signer)
			case r.KeyID != "":
				who = signature.ShortFingerprint(r.KeyID)
			}
		}
		return tr("signed by {{.Signer}}, a key Hashdrop does not know for this publisher: a new key not shipped yet, or not theirs", "Signer", who)
	case verdict.FetchedBad:
		if a != nil && a.Verdict.Kind == signature.Unreadable {
			return tr("the signature that came with it cannot be read: do not use it")
		}
		return tr("the signature does not verify: what was signed was changed: do not use it")
	}
	return ""
}

// urlHost is the host of the URL u ("" when it has none).
func urlHost(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Host
	}
	return ""
}
