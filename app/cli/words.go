package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/signature"
)

// The command line's own English: what check says of signatures. The
// English of the other packages' values is theirs (their words.go).

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
		return badWords(r.Reason, what, who)
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
		switch r.Reason {
		case signature.TooManySignatures:
			return fmt.Sprintf("UNREADABLE signature: the signature file holds more than %d signatures, far more than a publisher makes: none was checked", signature.MaxSignatures)
		case signature.UnsupportedHash:
			return "UNREADABLE signature: it uses a digest Hashdrop cannot compute"
		}
		return "UNREADABLE signature: " + errWords(r.Err)
	}
	return "NO SIGNATURE"
}

// badWords says why a signature is BAD: only for Changed were the signed
// bytes (what) changed; the other reasons are about the signature or key,
// and the bytes may be exactly as published.
func badWords(why signature.Reason, what, who string) string {
	switch why {
	case signature.NoBackSignature:
		return "BAD signature: the key that signed is attached to the key " + who + " without its own consent (no back-signature): anyone can attach someone else's key this way"
	case signature.NotForSigning:
		return "BAD signature: the key " + who + " is not marked by its owner for signing files"
	case signature.CommentChanged:
		return "BAD signature: the trusted comment of the signature by " + who + " was changed after signing (" + what + " itself matches)"
	case signature.OtherKey:
		return "BAD signature: not made by the key it names (" + who + ")"
	case signature.NotOverFile:
		return "BAD signature: a signature by " + who + " that does not sign a file (a key certification, say)"
	}
	return "BAD signature: " + what + " was changed after it was signed (key " + who + ")"
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
	var fe *app.FileError
	if errors.As(err, &fe) {
		return app.CauseWords(fe.Kind, fe.Err)
	}
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, fs.ErrNotExist) {
		return app.ErrorWords(err)
	}
	return err.Error()
}
