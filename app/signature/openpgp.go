package signature

import (
	"bufio"
	"bytes"
	"crypto"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp/armor"
	pgperr "github.com/ProtonMail/go-crypto/openpgp/errors"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// Weak-key thresholds: RSA and DSA keys shorter than this are TooWeak
// (NIST SP 800-131A retired 1024-bit keys for signing in 2013).
const minKeyBits = 2048

// verifyConfig turns off the library's own weak-algorithm refusals, which
// come back as English errors, so that Hashdrop can tell "too weak" from
// "bad" by values and check the thresholds itself (weakness below).
func verifyConfig(now time.Time) *packet.Config {
	return &packet.Config{
		Time:                        func() time.Time { return now },
		MinRSABits:                  1,
		RejectPublicKeyAlgorithms:   map[packet.PublicKeyAlgorithm]bool{},
		RejectHashAlgorithms:        map[crypto.Hash]bool{},
		RejectMessageHashAlgorithms: map[crypto.Hash]bool{},
		RejectCurves:                map[packet.Curve]bool{},
	}
}

// weakHashes are digests whose signatures can be forged (SHA-1: SHAttered,
// 2017; chosen-prefix collisions, 2020).
var weakHashes = map[crypto.Hash]string{crypto.MD5: "MD5", crypto.SHA1: "SHA-1", crypto.RIPEMD160: "RIPEMD-160"}

// revoked reports whether the key with this id in e (the primary key or a
// subkey) or its primary key carries a valid revocation as of now,
// whatever its reason and whenever it was made before now.
func revoked(e *pgp.Entity, id uint64, now time.Time) bool {
	if e.Revoked(now) {
		return true
	}
	for i := range e.Subkeys {
		if sk := &e.Subkeys[i]; sk.PublicKey.KeyId == id && sk.Revoked(nil, now) {
			return true
		}
	}
	return false
}

// expiry returns when the key with this id in e stops being valid: its
// primary key's expiry or, for a subkey, the subkey's, whichever comes
// first, as the self-signatures in force at t say (the latest ones for a
// zero t). Zero when it never expires.
func expiry(e *pgp.Entity, id uint64, t time.Time, cfg *packet.Config) time.Time {
	var until time.Time
	earlier := func(pk *packet.PublicKey, self *packet.Signature) {
		if self == nil || self.KeyLifetimeSecs == nil || *self.KeyLifetimeSecs == 0 {
			return
		}
		if u := pk.CreationTime.Add(time.Duration(*self.KeyLifetimeSecs) * time.Second); until.IsZero() || u.Before(until) {
			until = u
		}
	}
	if self, err := e.PrimarySelfSignature(t, cfg); err == nil {
		earlier(e.PrimaryKey, self)
	}
	for i := range e.Subkeys {
		if sk := &e.Subkeys[i]; sk.PublicKey.KeyId == id {
			if self, err := sk.LatestValidBindingSignature(t, cfg); err == nil {
				earlier(sk.PublicKey, self)
			}
		}
	}
	return until
}

// sigExpired reports whether sig's own lifetime ended before now.
func sigExpired(sig *packet.Signature, now time.Time) bool {
	return sig.SigLifetimeSecs != nil && *sig.SigLifetimeSecs != 0 &&
		now.After(sig.CreationTime.Add(time.Duration(*sig.SigLifetimeSecs)*time.Second))
}

func isTyped(err error) bool {
	return errors.Is(err, pgperr.ErrKeyRevoked) || errors.Is(err, pgperr.ErrKeyExpired) || errors.Is(err, pgperr.ErrSignatureExpired)
}

// keyState says why the key with this id in e could not sign at t: revoked
// or expired (primary or subkey), or nil when it is neither.
func keyState(e *pgp.Entity, id uint64, t time.Time, cfg *packet.Config) error {
	if _, err := e.VerifyPrimaryKey(t, cfg); isTyped(err) {
		return err
	}
	for i := range e.Subkeys {
		if sk := &e.Subkeys[i]; sk.PublicKey.KeyId == id {
			if _, err := sk.Verify(t, cfg); isTyped(err) {
				return err
			}
		}
	}
	return nil
}

// weakness returns the weak digest of sig or its key's bindings, or the
// size of a key too short to trust.
func weakness(sig *packet.Signature, k *pgp.Key) (hash string, bits int) {
	if h, ok := weakHashes[sig.Hash]; ok {
		return h, 0
	}
	if k == nil {
		return "", 0
	}
	for _, self := range []*packet.Signature{k.SelfSignature, k.PrimarySelfSignature} {
		// SHA-1 bindings are common on old keys and not forgeable by the
		// mirror; MD5 and RIPEMD-160 ones are refused.
		if self != nil && (self.Hash == crypto.MD5 || self.Hash == crypto.RIPEMD160) {
			return weakHashes[self.Hash], 0
		}
	}
	for _, pk := range []*packet.PublicKey{k.PublicKey, k.Entity.PrimaryKey} {
		switch pk.PubKeyAlgo {
		case packet.PubKeyAlgoRSA, packet.PubKeyAlgoRSASignOnly, packet.PubKeyAlgoDSA:
			if n := bitLength(pk); n < minKeyBits {
				return "", n
			}
		}
	}
	return "", 0
}

func bitLength(pk *packet.PublicKey) int {
	n, err := pk.BitLength()
	if err != nil {
		return 0
	}
	return int(n)
}

func algorithmName(a packet.PublicKeyAlgorithm, bits int) string {
	switch a {
	case packet.PubKeyAlgoRSA, packet.PubKeyAlgoRSASignOnly, packet.PubKeyAlgoRSAEncryptOnly:
		return fmt.Sprintf("RSA %d", bits)
	case packet.PubKeyAlgoDSA:
		return fmt.Sprintf("DSA %d", bits)
	case packet.PubKeyAlgoEdDSA, packet.PubKeyAlgoEd25519:
		return "Ed25519"
	case packet.PubKeyAlgoEd448:
		return "Ed448"
	case packet.PubKeyAlgoECDSA:
		return "ECDSA"
	}
	return fmt.Sprintf("algorithm %d", a)
}

// ClearSigned is an OpenPGP clear-signed message found in a file
// (Fedora's *-CHECKSUM).
type ClearSigned struct {
	// Text is what the signature covers: the message's lines without their
	// dash-escapes and trailing blanks, joined by "\n". Parse this, never
	// the file around it.
	Text []byte
	// Line is the file's 1-based line on which Text begins.
	Line int
	// Before and After are the file's bytes outside the signed message:
	// never signed, so never to be trusted.
	Before, After []byte
	// sig is the signature's packets, read out of the armor once: the
	// armor's reader can be read only once, and a message may be checked
	// again (against a keyring with a key more). sigErr is why they cannot
	// be read.
	sig    []byte
	sigErr error
}

const clearBegin = "-----BEGIN PGP SIGNED MESSAGE-----"

// ReadClearSigned finds the first clear-signed message in data, or returns
// nil when there is none (or it is malformed: then no text is signed).
// Text is a part of data when no line of the message needed changing, and
// its only copy otherwise.
func ReadClearSigned(data []byte) *ClearSigned {
	text, armored, rest, ok := decodeClearSigned(data)
	if !ok {
		return nil
	}
	block, err := armor.Decode(bytes.NewReader(armored))
	if err != nil {
		return nil
	}
	start := 0
	if !bytes.HasPrefix(data, []byte(clearBegin)) {
		start = bytes.Index(data, []byte("\n"+clearBegin)) + 1
	}
	// The text begins after the BEGIN line, the armor headers and the
	// blank line that ends them.
	at, first := start, true
	for at < len(data) {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			break
		}
		line := data[at : at+end]
		at += end + 1
		if !first && len(bytes.TrimSpace(line)) == 0 {
			break
		}
		first = false
	}
	sig, err := io.ReadAll(io.LimitReader(block.Body, MaxSignatureSize+1))
	if err == nil && len(sig) > MaxSignatureSize {
		err = errSigTooLarge
	}
	return &ClearSigned{
		Text:   text,
		Line:   bytes.Count(data[:at], []byte("\n")) + 1,
		Before: data[:start],
		After:  rest,
		sig:    sig,
		sigErr: err,
	}
}

// VerifyClearSigned checks the signature of a clear-signed message.
func (r *Keyring) VerifyClearSigned(c *ClearSigned) []Result {
	return r.VerifyClearSignedAt(c, time.Now())
}

// VerifyClearSignedAt is VerifyClearSigned as of the time now.
func (r *Keyring) VerifyClearSignedAt(c *ClearSigned, now time.Time) []Result {
	r.load()
	if c.sigErr != nil {
		return []Result{{Kind: Unreadable, Format: OpenPGP, Err: c.sigErr}}
	}
	rs, _ := r.verifyOpenPGP(&crlfReader{text: c.Text}, bytes.NewReader(c.sig), now)
	return rs
}

// crlfReader reads a clear-signed message's Text with every "\n" as
// "\r\n": exactly the bytes its signature covers (go-crypto joins the
// same lines with "\r\n" for those, with "\n" for the text).
type crlfReader struct {
	text []byte
	lf   bool // a "\r" was given; its "\n" is next
}

func (c *crlfReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case c.lf:
			p[n], c.lf = '\n', false
			n++
		case len(c.text) == 0:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		case c.text[0] == '\n':
			p[n], c.lf, c.text = '\r', true, c.text[1:]
			n++
		default:
			i := bytes.IndexByte(c.text, '\n')
			if i < 0 {
				i = len(c.text)
			}
			k := copy(p[n:], c.text[:i])
			n, c.text = n+k, c.text[k:]
		}
	}
	return n, nil
}

// openPGPSignature returns the packets of an OpenPGP signature file, armored
// or binary. An armored file may hold several signature blocks one after
// the other (Bitcoin Core's SHA256SUMS.asc: one a builder): their packets
// are read in turn, as gpg reads them.
func openPGPSignature(sig []byte) (io.Reader, error) {
	if !bytes.Contains(sig[:min(len(sig), 1024)], []byte("-----BEGIN PGP")) {
		return bytes.NewReader(sig), nil
	}
	// One buffered reader for every block: armor.Decode reads ahead.
	r := bufio.NewReader(bytes.NewReader(sig))
	var packets []byte
	for n := 0; ; n++ {
		block, err := armor.Decode(r)
		if err == io.EOF && n > 0 {
			return bytes.NewReader(packets), nil
		}
		if err != nil {
			return nil, err
		}
		if block.Type != pgp.SignatureType {
			return nil, fmt.Errorf("an armored %q, not a signature", block.Type)
		}
		// The armor's body is never larger than the armor.
		body, err := io.ReadAll(block.Body)
		if err != nil {
			return nil, err
		}
		packets = append(packets, body...)
	}
}
