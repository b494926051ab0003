package signature

import (
	"bytes"
	"io"
	"strings"
	"time"
)

// MaxSignatureSize bounds a signature file: real ones are a few KiB.
const MaxSignatureSize = 1 << 20

// Verify checks the detached signature sig (the bytes of a .gpg, .sign,
// .asc, .sig or .minisig file: OpenPGP armored or binary, minisign, or a
// two-line signify signature) over the bytes read from signed, to its end.
// It returns one result per signature in sig; the error is for signed bytes
// that cannot be read (or ErrTooLarge).
func (r *Keyring) Verify(signed io.Reader, sig []byte) ([]Result, error) {
	return r.VerifyAt(signed, sig, time.Now())
}

// VerifyAt is Verify as of the time now (for expiry).
func (r *Keyring) VerifyAt(signed io.Reader, sig []byte, now time.Time) ([]Result, error) {
	r.load()
	if len(sig) > MaxSignatureSize {
		return []Result{{Kind: Unreadable, Err: errSigTooLarge}}, nil
	}
	switch detect(sig) {
	case Minisign:
		res, err := r.verifyMinisign(signed, sig)
		if err != nil {
			return nil, err
		}
		return []Result{res}, nil
	case Signify:
		res := Result{Format: Signify}
		lines := strings.SplitN(string(sig), "\n", 3)
		s, err := readEdSig(lines[1])
		if err != nil {
			res.Kind, res.Err = Unreadable, err
			return []Result{res}, nil
		}
		msg, err := readWhole(signed)
		if err != nil {
			return nil, err
		}
		r.checkSignify(s, msg, &res)
		return []Result{res}, nil
	}
	body, err := openPGPSignature(sig)
	if err != nil {
		return []Result{{Kind: Unreadable, Format: OpenPGP, Err: err}}, nil
	}
	return r.verifyOpenPGP(signed, body, now)
}

var errSigTooLarge = sizeError("too large for a signature file")

type sizeError string

func (e sizeError) Error() string { return string(e) }

// detect tells a signature file's format from its first lines.
func detect(sig []byte) Format {
	if !bytes.HasPrefix(sig, []byte("untrusted comment:")) {
		return OpenPGP
	}
	lines := strings.Split(strings.TrimRight(string(sig), "\r\n"), "\n")
	if len(lines) >= 3 && strings.HasPrefix(lines[2], "trusted comment:") || strings.Contains(lines[0], "minisign") || len(lines) < 2 {
		return Minisign // a damaged one's reader says what is wrong
	}
	return Signify
}
