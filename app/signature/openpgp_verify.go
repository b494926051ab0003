package signature

import (
	"crypto"
	"errors"
	"fmt"
	"hash"
	"io"
	"slices"
	"time"

	pgperr "github.com/ProtonMail/go-crypto/openpgp/errors"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// MaxSignatures bounds the signatures in one signature file. A publisher
// signs with one key, or with two or three while it moves to a new one;
// each signature by a known key costs a public-key operation, so a file
// of thousands of bogus ones naming a trusted key would cost minutes.
// Beyond the limit none is checked.
const MaxSignatures = 32

// maxPackets bounds every packet in a signature file, signatures or not
// (a detached signature holds nothing else worth reading).
const maxPackets = 2 * MaxSignatures

var (
	errTooManySignatures = fmt.Errorf("it holds more than %d signatures, far more than any publisher makes: none was checked", MaxSignatures)
	errTooManyPackets    = fmt.Errorf("it holds more than %d packets, far more than a signature file needs: none was checked", maxPackets)
	errNoSignature       = errors.New("it holds no signature")
	errNoIssuer          = errors.New("a signature in it does not name the key that made it")
	errNoSigningKey      = errors.New("the key it names cannot sign files")
)

// pgpCandidate is one signature packet and what checking it needs.
type pgpCandidate struct {
	sig   *packet.Signature
	ents  []*pgp.Entity // every key holding the issuer's key id, in ring order
	state *digestState  // nil without a known key, or for a hash Hashdrop lacks
	fault Result        // set (Kind != 0) when the signature cannot be checked
}

// digestState is the signed bytes hashed once for every signature that
// uses the same digest, the same salt (v6) and the same text mode.
type digestState struct {
	uses   int
	hashes []hash.Hash // one if it can be cloned; else one per use
	taken  int
}

type digestKey struct {
	hash crypto.Hash
	text bool
	salt string
}

// take returns a hash holding the signed bytes that the caller may finish.
func (d *digestState) take() hash.Hash {
	if c, ok := d.hashes[0].(hash.Cloner); ok {
		if h, err := c.Clone(); err == nil {
			return h
		}
	}
	if d.taken == len(d.hashes) {
		return nil
	}
	d.taken++
	return d.hashes[d.taken-1]
}

// readSignatures reads the signature packets of a detached signature,
// refusing a file with more than MaxSignatures before checking any.
func readSignatures(body io.Reader) ([]*packet.Signature, error) {
	var sigs []*packet.Signature
	packets := packet.NewReader(body)
	for n := 0; ; n++ {
		p, err := packets.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if n == maxPackets {
			return nil, errTooManyPackets
		}
		sig, ok := p.(*packet.Signature)
		if !ok {
			continue
		}
		if len(sigs) == MaxSignatures {
			return nil, errTooManySignatures
		}
		if sig.IssuerKeyId == nil {
			return nil, errNoIssuer
		}
		sigs = append(sigs, sig)
	}
	if len(sigs) == 0 {
		return nil, errNoSignature
	}
	return sigs, nil
}

// verifyOpenPGP checks the OpenPGP signature packets read from sig over the
// bytes read from signed; one result per signature packet. The signed
// bytes are read once and hashed once per distinct digest. The error is
// for signed bytes that cannot be read.
func (r *Keyring) verifyOpenPGP(signed io.Reader, sig io.Reader, now time.Time) ([]Result, error) {
	sigs, err := readSignatures(sig)
	if err != nil {
		res := Result{Kind: Unreadable, Format: OpenPGP, Err: err}
		if err == errTooManySignatures || err == errTooManyPackets {
			res.Reason = TooManySignatures
		}
		return []Result{res}, nil
	}
	cands, writers := r.prepare(sigs)
	if len(writers) > 0 {
		if _, err := io.Copy(io.MultiWriter(writers...), signed); err != nil {
			return nil, err
		}
	}
	cfg := verifyConfig(now)
	out := make([]Result, 0, len(cands))
	for i := range cands {
		out = append(out, r.judge(&cands[i], now, cfg))
	}
	return out, nil
}

// prepare finds the keys that may have made each signature and sets up
// one digest for all the signatures that hash the same way (a signature
// no key in the ring holds costs no hashing). The writers take the signed
// bytes.
func (r *Keyring) prepare(sigs []*packet.Signature) ([]pgpCandidate, []io.Writer) {
	cands := make([]pgpCandidate, len(sigs))
	states := map[digestKey]*digestState{}
	for i, s := range sigs {
		c := &cands[i]
		c.sig = s
		c.ents = slices.Compact(r.pgp.EntitiesById(*s.IssuerKeyId))
		if len(c.ents) == 0 {
			continue
		}
		switch {
		case s.SigType != packet.SigTypeBinary && s.SigType != packet.SigTypeText:
			c.fault = Result{Kind: Bad, Reason: NotOverFile, Err: fmt.Errorf("a signature of type %#x, not over a file", uint8(s.SigType))}
			continue
		case !s.Hash.Available():
			c.fault = Result{Kind: Unreadable, Reason: UnsupportedHash, Err: fmt.Errorf("it uses a digest Hashdrop cannot compute (OpenPGP hash %d)", s.Hash)}
			continue
		}
		k := digestKey{s.Hash, s.SigType == packet.SigTypeText, string(s.Salt())}
		if states[k] == nil {
			states[k] = &digestState{}
		}
		c.state = states[k]
		c.state.uses += len(c.ents)
	}
	var writers []io.Writer
	for k, st := range states {
		n := 1
		if _, ok := k.hash.New().(hash.Cloner); !ok {
			n = st.uses // RIPEMD-160: no clones, one hash per check
		}
		for range n {
			h := k.hash.New()
			h.Write([]byte(k.salt))
			st.hashes = append(st.hashes, h)
			if k.text {
				writers = append(writers, pgp.NewCanonicalTextHash(h))
			} else {
				writers = append(writers, h)
			}
		}
	}
	return cands, writers
}

// judge gives the verdict on one signature: the best one any key holding
// its issuer's key id gives. A key that binds someone else's key as its
// subkey (a hostile one, loaded first) cannot hide that person's genuine
// signature.
func (r *Keyring) judge(c *pgpCandidate, now time.Time, cfg *packet.Config) Result {
	var best Result
	for i, e := range c.ents {
		res := r.judgeBy(c, e, now, cfg)
		if i == 0 || better(res, best) {
			best = res
		}
	}
	if len(c.ents) == 0 {
		best = Result{Kind: UnknownKey}
	}
	best.Format = OpenPGP
	best.KeyID = fmt.Sprintf("%016X", *c.sig.IssuerKeyId)
	if len(c.sig.IssuerFingerprint) > 0 {
		best.KeyID = fmt.Sprintf("%X", c.sig.IssuerFingerprint)
	}
	best.Created = c.sig.CreationTime
	return best
}

// better reports whether a is a more telling verdict than b on the same
// signature: a trusted one first, BAD last (rank); among BAD ones, the
// file's being changed (the key could sign) before a key that could not
// have signed.
func better(a, b Result) bool {
	if ra, rb := rank(a.Kind), rank(b.Kind); ra != rb {
		return ra < rb
	}
	return a.Reason < b.Reason
}

// judgeBy checks the signature with the key e and words the outcome.
func (r *Keyring) judgeBy(c *pgpCandidate, e *pgp.Entity, now time.Time, cfg *packet.Config) Result {
	key := r.of[e]
	res := Result{Signer: key.Signer()}
	if c.fault.Kind != 0 {
		res.Kind, res.Reason, res.Err = c.fault.Kind, c.fault.Reason, c.fault.Err
		return res
	}
	sig, id := c.sig, *c.sig.IssuerKeyId
	var err error
	k, ok := e.SigningKeyById(sig.CreationTime, id, cfg)
	if !ok {
		// The library says only that no key could sign: revoked, expired,
		// not bound, or not a signing key. Ask the key itself.
		err = keyState(e, id, sig.CreationTime, cfg)
		if err == nil {
			res.Kind, res.Reason, res.Err = Bad, whyNotSigning(e, id), errNoSigningKey
			return res
		}
	} else {
		h := c.state.take()
		if h == nil {
			res.Kind, res.Reason, res.Err = Unreadable, UnsupportedHash, errors.New("the digest cannot be computed again")
			return res
		}
		// VerifySignature may add to a v5 signature's hash suffix: give it
		// a copy, as the same packet is checked with every key.
		s := *sig
		s.HashSuffix = slices.Clone(sig.HashSuffix)
		err = k.PublicKey.VerifySignature(h, &s)
		if err == nil {
			err = signatureDetails(&k, sig, now)
		}
	}
	if errors.Is(err, pgperr.ErrSignatureExpired) && !sigExpired(sig, now) {
		// The library also calls a signature made after now "expired": a
		// clock behind the publisher's, not a reason to doubt the file.
		err = nil
	}
	switch {
	case err == nil:
		res.Kind = Genuine
		if key.Origin != Shipped {
			res.Kind = GenuineUser
		}
		if h, bits := weakness(sig, &k); h != "" || bits != 0 {
			res.Kind, res.Hash, res.Bits = TooWeak, h, bits
		}
		// The key's latest self-signatures say when it expires (an owner
		// may have extended it since).
		if until := expiry(e, id, time.Time{}, cfg); !until.IsZero() && until.Before(now) {
			res.Until, res.KeyExpired = until, true
		}
	case errors.Is(err, pgperr.ErrKeyRevoked):
		res.Kind = Revoked
	case errors.Is(err, pgperr.ErrKeyExpired):
		// The self-signatures in force when it signed made it expired.
		res.Kind, res.KeyExpired, res.Until = Expired, true, expiry(e, id, sig.CreationTime, cfg)
		if res.Until.IsZero() {
			res.Until = key.Expires
		}
	case errors.Is(err, pgperr.ErrSignatureExpired):
		res.Kind = Expired
		if sig.SigLifetimeSecs != nil {
			res.Until = sig.CreationTime.Add(time.Duration(*sig.SigLifetimeSecs) * time.Second)
		}
	default:
		res.Kind, res.Err = Bad, err
	}
	if res.Kind != Bad && res.Kind != Revoked && revoked(e, id, now) {
		// OpenPGP keeps the signatures a key made before a "superseded" or
		// "no longer used" revocation valid; Hashdrop does not: whoever
		// revokes a key says not to trust it, and a thief can give any
		// reason.
		res = Result{Kind: Revoked, Signer: res.Signer}
	}
	return res
}

// signatureDetails does the checks go-crypto makes after the mathematics
// of a message signature: not older than its key, no critical notation
// it does not know, and neither it (as of now) nor the key's binding
// signatures (as of its making) expired.
func signatureDetails(k *pgp.Key, sig *packet.Signature, now time.Time) error {
	if sig.CreationTime.Unix() < k.PublicKey.CreationTime.Unix() {
		return pgperr.ErrSignatureOlderThanKey
	}
	type check struct {
		s  *packet.Signature
		at time.Time
	}
	checks := []check{{sig, now}, {k.PrimarySelfSignature, sig.CreationTime}}
	if !k.IsPrimary() && k.SelfSignature != nil {
		checks = append(checks, check{k.SelfSignature, sig.CreationTime}, check{k.SelfSignature.EmbeddedSignature, sig.CreationTime})
	}
	var expired error
	for _, c := range checks {
		if c.s == nil {
			continue
		}
		for _, n := range c.s.Notations {
			if n.IsCritical {
				return pgperr.SignatureError("unknown critical notation: " + n.Name)
			}
		}
		if c.s.SigExpired(c.at) {
			expired = pgperr.ErrSignatureExpired
		}
	}
	return expired
}

// whyNotSigning says why the key with this id in e, neither revoked nor
// expired, could not sign: a subkey bound without its back-signature, or
// a key its owner did not mark for signing.
func whyNotSigning(e *pgp.Entity, id uint64) Reason {
	for i := range e.Subkeys {
		sk := &e.Subkeys[i]
		if sk.PublicKey.KeyId != id {
			continue
		}
		for _, b := range sk.Bindings {
			if !b.Packet.FlagSign {
				continue
			}
			// The binding is the primary key's; its back-signature is
			// checked only for signing subkeys: check the binding alone.
			alone := *b.Packet
			alone.FlagSign = false
			if e.PrimaryKey.VerifyKeySignature(sk.PublicKey, &alone) == nil {
				return NoBackSignature
			}
		}
	}
	return NotForSigning
}
