package signature

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"aead.dev/minisign"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// Origin says why a key is trusted.
type Origin uint8

const (
	// Shipped: a publisher's key embedded in Hashdrop, with its provenance.
	Shipped Origin = iota + 1
	// Imported: a key the user chose to trust (imported, or named with
	// --keyring).
	Imported
)

// Key is one public key: an OpenPGP certificate (primary key, its user ids
// and subkeys) or an Ed25519 key of minisign or signify.
type Key struct {
	Format      Format
	Fingerprint string // upper-case hex; minisign/signify: the 16-digit key id
	UserID      string // OpenPGP primary user id; minisign/signify: the file's untrusted comment
	Publisher   string // shipped keys: "Ubuntu"; "" otherwise
	Provenance  string // shipped keys: where the key was taken from
	Origin      Origin
	Algorithm   string    // "RSA 4096", "EdDSA", "Ed25519"
	Created     time.Time // zero for minisign and signify
	Expires     time.Time // zero when the key never expires (or the format cannot)

	entity *pgp.Entity
	ed     *edKey
	raw    []byte // the key as read, for storing it
}

// Signer returns the fields a result shows for this key.
func (k *Key) Signer() Signer {
	return Signer{Publisher: k.Publisher, UserID: k.UserID, Fingerprint: k.Fingerprint}
}

// Bytes returns the key as it was read (armored, binary or text), for
// writing it to the user's key folder.
func (k *Key) Bytes() []byte { return k.raw }

// edKey is a minisign or signify public key: both are "Ed" + an 8-byte key
// number + the 32-byte Ed25519 key, base64 on the line after a comment.
type edKey struct {
	num [8]byte
	raw [32]byte           // the Ed25519 key, for signify
	pub minisign.PublicKey // the same key, for minisign
}

// id is the key number (a little-endian uint64) in 16 hex digits. minisign's
// own comment drops leading zeros ("F557FC49EE99FAC"); a fixed width keeps
// ids comparable at a glance.
func (e *edKey) id() string { return fmt.Sprintf("%016X", binary.LittleEndian.Uint64(e.num[:])) }

// MaxKeyFileSize bounds a key file (gpg --export of a big keyring fits).
const MaxKeyFileSize = 16 << 20

// ErrNoKey is returned for data that holds no public key Hashdrop reads.
var ErrNoKey = errors.New("no public key found (Hashdrop reads OpenPGP keys, armored or binary, and minisign or signify .pub files)")

// ReadKeys reads the public keys in data: an OpenPGP key file (armored, or
// binary as gpg --export writes it, one or more certificates), or a minisign
// or signify public key file. Secret keys are refused.
func ReadKeys(data []byte) ([]*Key, error) { return readKeys(data, false) }

// readKeys is ReadKeys; shipped: the keys are those Hashdrop ships, named
// without checking their self-signatures (see primaryIdentity).
func readKeys(data []byte, shipped bool) ([]*Key, error) {
	if len(data) > MaxKeyFileSize {
		return nil, fmt.Errorf("too large for a key file (the limit is %d MiB)", MaxKeyFileSize>>20)
	}
	trimmed := bytes.TrimSpace(data)
	if bytes.HasPrefix(trimmed, []byte("untrusted comment:")) || isBase64Line(trimmed) {
		k, err := readEdKey(trimmed)
		if err != nil {
			return nil, err
		}
		return []*Key{k}, nil
	}
	return readOpenPGPKeys(data, shipped)
}

// isBase64Line reports whether b is one line of base64 as short as a
// minisign or signify key line (56 characters), not decoding anything
// longer.
func isBase64Line(b []byte) bool {
	if len(b) == 0 || len(b) > 128 || bytes.ContainsAny(b, "\n") {
		return false
	}
	_, err := base64.StdEncoding.DecodeString(string(b))
	return err == nil
}

func readEdKey(text []byte) (*Key, error) {
	comment := ""
	lines := strings.Split(strings.ReplaceAll(string(text), "\r", ""), "\n")
	if c, ok := strings.CutPrefix(lines[0], "untrusted comment:"); ok {
		comment = strings.TrimSpace(c)
		lines = lines[1:]
	}
	if len(lines) != 1 {
		return nil, errors.New("not a minisign or signify public key: it should be one comment line and one line of base64")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(lines[0]))
	if err != nil || len(raw) != 42 || raw[0] != 'E' || raw[1] != 'd' {
		return nil, errors.New("not a minisign or signify public key: the key line is not an Ed25519 key")
	}
	e := &edKey{}
	copy(e.num[:], raw[2:10])
	copy(e.raw[:], raw[10:])
	if err := e.pub.UnmarshalText([]byte(strings.TrimSpace(lines[0]))); err != nil {
		return nil, err
	}
	f := Minisign
	if !strings.Contains(comment, "minisign") {
		f = Signify // OpenBSD's keys say "openbsd 7.3 base public key"
	}
	return &Key{Format: f, Fingerprint: e.id(), UserID: comment, Algorithm: "Ed25519", ed: e, raw: append(text, '\n')}, nil
}

func readOpenPGPKeys(data []byte, shipped bool) ([]*Key, error) {
	var ents pgp.EntityList
	var err error
	if bytes.Contains(data[:min(len(data), 4096)], []byte("-----BEGIN PGP")) {
		ents, err = readArmoredKeys(data)
	} else {
		ents, err = readKeyRing(data)
	}
	if err != nil {
		return nil, err
	}
	if len(ents) == 0 {
		return nil, ErrNoKey
	}
	keys := make([]*Key, 0, len(ents))
	for _, e := range ents {
		if e.PrivateKey != nil {
			return nil, errSecretKey
		}
		var buf bytes.Buffer
		w, err := armor.Encode(&buf, pgp.PublicKeyType, nil)
		if err == nil {
			err = e.Serialize(w)
		}
		if err == nil {
			err = w.Close()
		}
		if err != nil {
			return nil, fmt.Errorf("cannot re-encode the key %X: %w", e.PrimaryKey.Fingerprint, err)
		}
		buf.WriteByte('\n')
		if buf.Len() > MaxKeyFileSize {
			// Stored armored, it could never be read back, used or removed.
			return nil, fmt.Errorf("the key %X would take %.1f MiB stored as text, over the %d MiB a key file may hold: refused",
				e.PrimaryKey.Fingerprint, float64(buf.Len())/(1<<20), MaxKeyFileSize>>20)
		}
		keys = append(keys, openPGPKey(e, buf.Bytes(), shipped))
	}
	return keys, nil
}

// readKeyRing reads binary OpenPGP keys, once their packets are within
// the bounds (checkKeyPackets).
func readKeyRing(data []byte) (pgp.EntityList, error) {
	if err := checkKeyPackets(data); err != nil {
		return nil, err
	}
	ents, err := pgp.ReadKeyRing(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not an OpenPGP public key: %w", err)
	}
	return ents, nil
}

// readArmoredKeys reads every armored public key block in data (key files
// often hold several, one after the other).
func readArmoredKeys(data []byte) (pgp.EntityList, error) {
	var all pgp.EntityList
	// One buffered reader for every block: armor.Decode reads ahead, and
	// a reader of its own each time would lose the next block.
	r := bufio.NewReader(bytes.NewReader(data))
	for {
		block, err := armor.Decode(r)
		if err == io.EOF && len(all) > 0 {
			return all, nil
		}
		if err != nil {
			return nil, fmt.Errorf("not an OpenPGP public key: %w", err)
		}
		switch block.Type {
		case pgp.PrivateKeyType:
			return nil, errSecretKey
		case pgp.PublicKeyType:
			// The armor's body is never larger than the armor.
			body, err := io.ReadAll(block.Body)
			if err != nil {
				return nil, fmt.Errorf("not an OpenPGP public key: %w", err)
			}
			ents, err := readKeyRing(body)
			if err != nil {
				return nil, err
			}
			all = append(all, ents...)
		}
	}
}

var errSecretKey = errors.New("this is a secret key: give Hashdrop the public key only (gpg --export, not --export-secret-keys)")

func openPGPKey(e *pgp.Entity, raw []byte, shipped bool) *Key {
	pk := e.PrimaryKey
	k := &Key{
		Format:      OpenPGP,
		Fingerprint: fmt.Sprintf("%X", pk.Fingerprint),
		Created:     pk.CreationTime,
		Algorithm:   algorithmName(pk.PubKeyAlgo, bitLength(pk)),
		entity:      e,
		raw:         raw,
	}
	if sig, id := primaryIdentity(e, shipped); id != nil {
		k.UserID = id.Name
		if sig.KeyLifetimeSecs != nil && *sig.KeyLifetimeSecs > 0 {
			k.Expires = pk.CreationTime.Add(time.Duration(*sig.KeyLifetimeSecs) * time.Second)
		}
	} else {
		names := make([]string, 0, len(e.Identities))
		for n := range e.Identities {
			names = append(names, n)
		}
		slices.Sort(names)
		if len(names) > 0 {
			k.UserID = names[0]
		}
	}
	return k
}

// primaryIdentity is the entity's primary user id as OpenPGP says (one
// marked primary, then the newest self-signature), and of two alike the
// first by name: the library's choice between two alike follows a map's
// order, and a key must be named the same way every time.
//
// shipped: the key is one Hashdrop ships, and each identity's newest
// self-signature is taken without checking it (TestShippedKeysNamedUnchecked
// checks that it names every shipped key as the checked one does).
// Checking them cost two thirds of reading the shipped keys, 40 ms of CPU
// at each start, for a name and an expiry; a signature made by the key is
// still checked with its self-signatures when it is verified.
func primaryIdentity(e *pgp.Entity, shipped bool) (*packet.Signature, *pgp.Identity) {
	names := make([]string, 0, len(e.Identities))
	for n := range e.Identities {
		names = append(names, n)
	}
	slices.Sort(names)
	var best *pgp.Identity
	var bestSig *packet.Signature
	primary := func(s *packet.Signature) bool { return s.IsPrimaryId != nil && *s.IsPrimaryId }
	for _, n := range names {
		id := e.Identities[n]
		sig := newestSelfSignature(id)
		if !shipped || sig == nil || len(id.Revocations) > 0 {
			var err error
			if sig, err = id.Verify(time.Time{}, verifyConfig(time.Now())); err != nil {
				continue
			}
		}
		switch {
		case best == nil,
			primary(sig) && !primary(bestSig),
			primary(sig) == primary(bestSig) && sig.CreationTime.After(bestSig.CreationTime):
			best, bestSig = id, sig
		}
	}
	return bestSig, best
}

// newestSelfSignature is the newest of id's self-signatures, unchecked
// (the first of two made in the same second, as the library chooses).
func newestSelfSignature(id *pgp.Identity) *packet.Signature {
	var newest *packet.Signature
	for i := len(id.SelfCertifications) - 1; i >= 0; i-- {
		if s := id.SelfCertifications[i].Packet; newest == nil || newest.CreationTime.Unix() < s.CreationTime.Unix() {
			newest = s
		}
	}
	return newest
}

// Keyring is the set of keys signatures are checked against.
type Keyring struct {
	keys []*Key
	pgp  pgp.EntityList
	ed   map[[8]byte][]*Key
	of   map[*pgp.Entity]*Key

	// A ring of KeyringLater: until it is first used, first loads its
	// first keys and added holds the keys added meanwhile.
	lazy  bool
	mu    sync.Mutex
	first func() []*Key
	added []*Key
}

// KeyringLater returns a ring whose first keys are first's, called only
// when the ring is first used (Keys, Find, a verification): parsing the
// keys Hashdrop ships costs more than checking a small release, most of
// whose checksum files are not signed. Keys added before that come after
// them, as if added later.
func KeyringLater(first func() []*Key) *Keyring {
	return &Keyring{lazy: true, first: first}
}

// load adds the ring's first keys, then those added while they waited.
func (r *Keyring) load() {
	if r == nil || !r.lazy { // a nil ring verifies against no key
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if first := r.first; first != nil {
		r.first = nil
		r.add(first()...)
		r.add(r.added...)
		r.added = nil
	}
}

// Add puts keys into the ring. A key already there (same format and
// fingerprint) is kept as it was, so a shipped key stays "shipped" when the
// user imports it too.
func (r *Keyring) Add(keys ...*Key) {
	if r.lazy {
		r.mu.Lock()
		if r.first != nil {
			r.added = append(r.added, keys...) // after the first ones
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
	}
	r.add(keys...)
}

func (r *Keyring) add(keys ...*Key) {
	for _, k := range keys {
		if r.find(k.Format, k.Fingerprint) != nil {
			continue
		}
		r.keys = append(r.keys, k)
		switch {
		case k.entity != nil:
			if r.of == nil {
				r.of = map[*pgp.Entity]*Key{}
			}
			r.pgp = append(r.pgp, k.entity)
			r.of[k.entity] = k
		case k.ed != nil:
			if r.ed == nil {
				r.ed = map[[8]byte][]*Key{}
			}
			r.ed[k.ed.num] = append(r.ed[k.ed.num], k)
		}
	}
}

// Keys returns the keys in the order they were added.
func (r *Keyring) Keys() []*Key {
	r.load()
	return slices.Clone(r.keys)
}

// Find returns the key with this format and fingerprint, or nil. Minisign
// and signify keys are the same kind of key, so either format finds them.
func (r *Keyring) Find(f Format, fingerprint string) *Key {
	r.load()
	return r.find(f, fingerprint)
}

func (r *Keyring) find(f Format, fingerprint string) *Key {
	for _, k := range r.keys {
		if k.Fingerprint == strings.ToUpper(fingerprint) && (k.Format == f || k.ed != nil && (f == Minisign || f == Signify)) {
			return k
		}
	}
	return nil
}
