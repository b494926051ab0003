package signature

import (
	"bytes"
	"crypto"
	"encoding/binary"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// Hostile signature files and keys, made at test time in-process with
// go-crypto (no gpg needed): their costs are bounded by counts and sizes,
// which the tests assert, never by the clock.

// keyTime is when the test keys are made: before their signatures.
var keyTime = time.Now().Add(-time.Hour).Truncate(time.Second)

func pgpConfig() *packet.Config {
	return &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA, Time: func() time.Time { return keyTime }}
}

// newEntity makes an Ed25519 key whose primary key certifies and signs,
// with an encryption subkey.
func newEntity(t testing.TB, name string) *pgp.Entity {
	t.Helper()
	e, err := pgp.NewEntity(name, "", "", pgpConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// public returns e's public key, then the extra packets.
func public(t testing.TB, e *pgp.Entity, extra ...interface{ Serialize(io.Writer) error }) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := e.Serialize(&b); err != nil {
		t.Fatal(err)
	}
	for _, p := range extra {
		if err := p.Serialize(&b); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// readKey reads data as one key of the given origin.
func readKey(t testing.TB, data []byte, o Origin) *Key {
	t.Helper()
	ks, err := ReadKeys(data)
	if err != nil || len(ks) != 1 {
		t.Fatalf("reading a test key: %v (%d keys)", err, len(ks))
	}
	ks[0].Origin = o
	return ks[0]
}

// signWith makes a detached binary signature of data by priv, a minute ago.
func signWith(t testing.TB, priv *packet.PrivateKey, data []byte) []byte {
	t.Helper()
	sig := &packet.Signature{SigType: packet.SigTypeBinary, PubKeyAlgo: priv.PubKeyAlgo, Hash: crypto.SHA256,
		CreationTime: time.Now().Add(-time.Minute).Truncate(time.Second), IssuerKeyId: &priv.KeyId}
	h, err := sig.PrepareSign(nil)
	if err != nil {
		t.Fatal(err)
	}
	h.Write(data)
	var b bytes.Buffer
	if err := sig.Sign(h, priv, nil); err != nil {
		t.Fatal(err)
	}
	if err := sig.Serialize(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// bogusSignatures returns n well-formed signature packets of 34 bytes
// each, naming the key id, none of them valid.
func bogusSignatures(id uint64, n int) []byte {
	return bytes.Repeat(bogusSignature(id, packet.SigTypeBinary), n)
}

// bogusSignature is one 34-byte signature packet of this type naming id.
func bogusSignature(id uint64, typ packet.SignatureType) []byte {
	body := []byte{4, byte(typ), byte(packet.PubKeyAlgoEdDSA), 8, // v4, binary, EdDSA, SHA-256
		0, 6, 5, 2, 0x60, 0, 0, 0, // hashed: a creation time
		0, 10, 9, 16, 0, 0, 0, 0, 0, 0, 0, 0, // unhashed: the issuer
		0xab, 0xcd, 0, 8, 1, 0, 8, 1} // hash tag, r, s
	binary.BigEndian.PutUint64(body[16:], id)
	return append([]byte{0xc2, byte(len(body))}, body...)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func keyID(fpr string) uint64 {
	var id uint64
	fmt.Sscanf(fpr[len(fpr)-16:], "%016X", &id)
	return id
}

// The case: a 1 MiB file of 30,000 tiny bogus signatures naming a
// trusted key. Refused whole, before a byte of the checksum file is read:
// one result, not 30,000.
func TestManySignaturesRefused(t *testing.T) {
	f := fixture(t)
	id := keyID(f.edSub)
	for _, n := range []int{MaxSignatures + 1, 30000} {
		sig := bogusSignatures(id, n)
		if len(sig) > MaxSignatureSize {
			t.Fatalf("%d bogus signatures take %d bytes", n, len(sig))
		}
		signed := &countingReader{r: bytes.NewReader(sums)}
		rs, err := f.trusted.VerifyAt(signed, sig, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 || rs[0].Kind != Unreadable || rs[0].Reason != TooManySignatures || rs[0].Err == nil {
			t.Fatalf("%d signatures: %d results, the first %+v", n, len(rs), rs[0])
		}
		if signed.n != 0 {
			t.Errorf("%d signatures: %d bytes of the signed file read", n, signed.n)
		}
	}
	// A signature file padded with other packets is refused too.
	padded := append(bytes.Repeat([]byte{0xcd, 1, 'x'}, 2*MaxSignatures), bogusSignatures(id, 1)...)
	rs, _ := f.trusted.VerifyAt(bytes.NewReader(sums), padded, time.Now())
	if len(rs) != 1 || rs[0].Reason != TooManySignatures {
		t.Errorf("%d user id packets and a signature: %+v", 2*MaxSignatures, rs)
	}
}

// MaxSignatures signatures are all checked, and the signed bytes are
// hashed once for all that use the same digest.
func TestSignaturesHashedOncePerDigest(t *testing.T) {
	f := fixture(t)
	good := f.g.Sign(sums, f.ed, "--detach-sign")
	bogus := bogusSignatures(keyID(f.edSub), MaxSignatures-2)
	sig := append(append(bytes.Clone(good), bogus...), good...)
	sigs, err := readSignatures(bytes.NewReader(sig))
	if err != nil || len(sigs) != MaxSignatures {
		t.Fatalf("%d signatures read, %v", len(sigs), err)
	}
	if _, writers := f.trusted.prepare(sigs); len(writers) != 1 {
		t.Errorf("%d digests computed for %d signatures that all use one", len(writers), len(sigs))
	}
	signed := &countingReader{r: bytes.NewReader(sums)}
	rs, err := f.trusted.VerifyAt(signed, sig, time.Now())
	if err != nil || len(rs) != MaxSignatures {
		t.Fatalf("%d results, %v", len(rs), err)
	}
	if signed.n != len(sums) {
		t.Errorf("%d bytes read of %d", signed.n, len(sums))
	}
	for i, r := range rs {
		want := Bad
		if i == 0 || i == len(rs)-1 {
			want = Genuine
		}
		if r.Kind != want {
			t.Errorf("signature %d: %v, want %v (%v)", i, r.Kind, want, r.Err)
		}
	}
	// Signatures by keys nobody trusts cost no hashing at all.
	stranger := newEntity(t, "Stranger")
	strangers := bytes.Repeat(signWith(t, stranger.PrivateKey, sums), MaxSignatures)
	signed = &countingReader{r: bytes.NewReader(sums)}
	rs, _ = f.trusted.VerifyAt(signed, strangers, time.Now())
	if len(rs) != MaxSignatures || rs[0].Kind != UnknownKey || signed.n != 0 {
		t.Errorf("unknown keys: %d results (%v), %d bytes read", len(rs), rs[0].Kind, signed.n)
	}
}

// hostileBinding returns a key of its own that binds victim's primary key
// as a signing subkey, without the back-signature only the victim could
// make.
func hostileBinding(t *testing.T, victim *pgp.Entity) []byte {
	t.Helper()
	hostile := newEntity(t, "Mirror Attacker")
	sub := *victim.PrimaryKey
	sub.IsSubkey = true
	binding := &packet.Signature{SigType: packet.SigTypeSubkeyBinding, PubKeyAlgo: hostile.PrimaryKey.PubKeyAlgo,
		Hash: crypto.SHA256, CreationTime: keyTime, IssuerKeyId: &hostile.PrimaryKey.KeyId, FlagsValid: true, FlagSign: true}
	if err := binding.SignKey(&sub, hostile.PrivateKey, pgpConfig()); err != nil {
		t.Fatal(err)
	}
	return public(t, hostile, &sub, binding)
}

// Item 4 and 5: a key that binds the publisher's key without its consent,
// loaded first, neither hides the publisher's genuine signature nor, alone,
// says that the file was changed.
func TestShadowingKey(t *testing.T) {
	victim := newEntity(t, "Publisher")
	hostile := readKey(t, hostileBinding(t, victim), Imported)
	genuine := readKey(t, public(t, victim), Shipped)
	sig := signWith(t, victim.PrivateKey, sums)

	var both Keyring
	both.Add(hostile, genuine)
	rs, err := both.VerifyAt(bytes.NewReader(sums), sig, time.Now())
	if err != nil || len(rs) != 1 || rs[0].Kind != Genuine || rs[0].Signer.Fingerprint != genuine.Fingerprint {
		t.Fatalf("the publisher's signature with a shadowing key loaded first: %+v, %v", rs, err)
	}

	var alone Keyring
	alone.Add(hostile)
	rs, _ = alone.VerifyAt(bytes.NewReader(sums), sig, time.Now())
	if len(rs) != 1 || rs[0].Kind != Bad || rs[0].Reason != NoBackSignature {
		t.Fatalf("the hostile key alone: %+v", rs)
	}
	// With both, a changed file is still BAD, for the right reason.
	changed := append(bytes.Clone(sums), '\n')
	rs, _ = both.VerifyAt(bytes.NewReader(changed), sig, time.Now())
	if len(rs) != 1 || rs[0].Kind != Bad || rs[0].Reason != Changed || rs[0].Signer.Fingerprint != genuine.Fingerprint {
		t.Fatalf("a changed file: %+v", rs)
	}
}

// Item 5: a primary key its owner did not mark for signing.
func TestPrimaryKeyNotForSigning(t *testing.T) {
	e := newEntity(t, "Certifier")
	for _, id := range e.Identities {
		self := &packet.Signature{SigType: packet.SigTypePositiveCert, PubKeyAlgo: e.PrimaryKey.PubKeyAlgo, Hash: crypto.SHA256,
			CreationTime: keyTime, IssuerKeyId: &e.PrimaryKey.KeyId, FlagsValid: true, FlagCertify: true}
		if err := self.SignUserId(id.UserId.Id, e.PrimaryKey, e.PrivateKey, pgpConfig()); err != nil {
			t.Fatal(err)
		}
		id.SelfCertifications = []*packet.VerifiableSignature{packet.NewVerifiableSig(self)}
	}
	var r Keyring
	r.Add(readKey(t, public(t, e), Imported))
	rs, _ := r.VerifyAt(bytes.NewReader(sums), signWith(t, e.PrivateKey, sums), time.Now())
	if len(rs) != 1 || rs[0].Kind != Bad || rs[0].Reason != NotForSigning {
		t.Fatalf("%+v", rs)
	}
}
