package signature

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"aead.dev/minisign"
	"golang.org/x/crypto/blake2b"
)

// MaxWholeMessage bounds what a legacy minisign or a signify signature may
// cover: Ed25519 needs the whole message in memory (pre-hashed minisign
// signatures stream).
const MaxWholeMessage = 256 << 20

// ErrTooLarge is returned when the signed file is larger than a
// whole-message signature can be checked for (MaxWholeMessage).
var ErrTooLarge = fmt.Errorf("too large to check against a legacy minisign or signify signature (the limit is %d MiB)", MaxWholeMessage>>20)

// edSig is the line both minisign and signify sign with: "Ed" (or
// minisign's pre-hashed "ED") + the 8-byte key number + 64 bytes.
type edSig struct {
	alg [2]byte
	num [8]byte
	sig [ed25519.SignatureSize]byte
}

func readEdSig(line string) (*edSig, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(line))
	if err != nil {
		return nil, fmt.Errorf("the signature line is not base64: %w", err)
	}
	if len(raw) != 2+8+ed25519.SignatureSize || raw[0] != 'E' || (raw[1] != 'd' && raw[1] != 'D') {
		return nil, errors.New("the signature line is not an Ed25519 signature")
	}
	s := &edSig{}
	copy(s.alg[:], raw[:2])
	copy(s.num[:], raw[2:10])
	copy(s.sig[:], raw[10:])
	return s, nil
}

func (s *edSig) keyID() string { return fmt.Sprintf("%016X", binary.LittleEndian.Uint64(s.num[:])) }

// key finds the Ed25519 key that made s; res gets UnknownKey without one.
func (r *Keyring) edKeyFor(s *edSig, res *Result) *Key {
	res.KeyID = s.keyID()
	ks := r.ed[s.num]
	if len(ks) == 0 {
		res.Kind = UnknownKey
		return nil
	}
	k := ks[0]
	res.Signer = k.Signer()
	return k
}

func trusted(k *Key) Kind {
	if k.Origin == Shipped {
		return Genuine
	}
	return GenuineUser
}

// verifyMinisign checks a .minisig over the bytes read from signed.
func (r *Keyring) verifyMinisign(signed io.Reader, sigText []byte) (Result, error) {
	res := Result{Format: Minisign}
	var ms minisign.Signature
	if err := ms.UnmarshalText(sigText); err != nil {
		res.Kind, res.Err = Unreadable, err
		return res, nil
	}
	line := strings.SplitN(string(sigText), "\n", 3)[1]
	s, err := readEdSig(line)
	if err != nil {
		res.Kind, res.Err = Unreadable, err
		return res, nil
	}
	k := r.edKeyFor(s, &res)
	if k == nil {
		return res, nil
	}
	// The signature covers the file (or its BLAKE2b-512 digest); a second
	// one covers the first and the trusted comment. Checked apart, they
	// tell a changed file from a changed comment from another key's
	// signature under this key's id.
	var msg []byte
	if ms.Algorithm == minisign.HashEdDSA {
		h, _ := blake2b.New512(nil)
		if _, err := io.Copy(h, signed); err != nil {
			return Result{}, err
		}
		msg = h.Sum(nil)
	} else if msg, err = readWhole(signed); err != nil {
		return Result{}, err
	}
	fileOK := ed25519.Verify(k.ed.raw[:], msg, ms.Signature[:])
	global := append(ms.Signature[:len(ms.Signature):len(ms.Signature)], ms.TrustedComment...)
	commentOK := ed25519.Verify(k.ed.raw[:], global, ms.CommentSignature[:])
	switch {
	case fileOK && commentOK:
		res.Kind, res.Comment = trusted(k), ms.TrustedComment
	case commentOK:
		res.Kind, res.Err = Bad, errors.New("the minisign signature does not match the file")
	case fileOK:
		res.Kind, res.Reason, res.Err = Bad, CommentChanged, errors.New("the minisign trusted comment was changed after signing")
	default:
		res.Kind, res.Reason, res.Err = Bad, OtherKey, errors.New("the minisign signature was not made by the key whose id it carries")
	}
	return res, nil
}

func readWhole(r io.Reader) ([]byte, error) {
	msg, err := io.ReadAll(io.LimitReader(r, MaxWholeMessage+1))
	if err != nil {
		return nil, err
	}
	if len(msg) > MaxWholeMessage {
		return nil, ErrTooLarge
	}
	return msg, nil
}

// SignifyMessage is an OpenBSD signify file with the signed message
// embedded (signify -S -e: SHA256.sig): a comment line, the signature line,
// then the message.
type SignifyMessage struct {
	// Text is the message the signature covers: the SHA256 lines to parse.
	Text []byte
	// Line is the file's 1-based line on which Text begins (3).
	Line    int
	Comment string // "verify with openbsd-73-base.pub" (not signed)
	sig     *edSig
	err     error
}

// ReadSignify splits an embedded signify file. ok is false when data does
// not look like one (a detached .sig is two lines and no message).
func ReadSignify(data []byte) (m *SignifyMessage, ok bool) {
	rest, found := bytes.CutPrefix(data, []byte("untrusted comment: "))
	if !found {
		return nil, false
	}
	comment, rest, found := bytes.Cut(rest, []byte("\n"))
	if !found {
		return nil, false
	}
	line, msg, found := bytes.Cut(rest, []byte("\n"))
	if !found || len(msg) == 0 || bytes.HasPrefix(msg, []byte("trusted comment: ")) {
		return nil, false // a detached signify signature, or minisign's
	}
	m = &SignifyMessage{Text: msg, Line: 3, Comment: string(bytes.TrimSuffix(comment, []byte("\r")))}
	m.sig, m.err = readEdSig(string(line))
	return m, true
}

// VerifySignify checks an embedded signify signature.
func (r *Keyring) VerifySignify(m *SignifyMessage) Result {
	r.load()
	res := Result{Format: Signify}
	if m.err != nil {
		res.Kind, res.Err = Unreadable, m.err
		return res
	}
	r.checkSignify(m.sig, m.Text, &res)
	return res
}

func (r *Keyring) checkSignify(s *edSig, msg []byte, res *Result) {
	if s.alg != [2]byte{'E', 'd'} {
		res.Kind, res.Err = Unreadable, errors.New("not a signify signature (pre-hashed minisign signatures have a trusted comment)")
		return
	}
	k := r.edKeyFor(s, res)
	if k == nil {
		return
	}
	res.Kind = trusted(k)
	if !ed25519.Verify(k.ed.raw[:], msg, s.sig[:]) {
		res.Kind, res.Err = Bad, errors.New("the signify signature does not match")
	}
}
