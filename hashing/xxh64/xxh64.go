// Package xxh64 implements XXH64, xxHash's 64-bit hash (seed 0), whose
// digest xxhsum prints big-endian: the canonical form of the xxHash
// specification (doc/xxhash_spec.md).
package xxh64

import (
	"encoding/binary"
	"hash"
	"math/bits"
)

// family is the name this package's cores are registered under.
const family = "xxh64"

// Size is the digest size in bytes; BlockSize the stripe XXH64 consumes.
const (
	Size      = 8
	BlockSize = 32
)

// The primes of the specification.
const (
	prime1 uint64 = 0x9E3779B185EBCA87
	prime2 uint64 = 0xC2B2AE3D27D4EB4F
	prime3 uint64 = 0x165667B19E3779F9
	prime4 uint64 = 0x85EBCA77C2B2AE63
	prime5 uint64 = 0x27D4EB2F165667C5
)

// digest is the running state: four lanes, a stripe buffer and the length.
type digest struct {
	v   [4]uint64
	x   [BlockSize]byte
	nx  int
	len uint64
	// generic runs the portable code whatever core is in use: the twin
	// the cores are checked against.
	generic bool
}

// New returns a hash.Hash computing XXH64 with seed 0 on the core in use.
func New() hash.Hash { return newHash() }

// NewGeneric returns Hashdrop's portable XXH64, the twin other cores are
// checked against.
func NewGeneric() hash.Hash { return newDigest(true) }

func newDigest(generic bool) *digest {
	d := &digest{generic: generic}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	p1, p2 := prime1, prime2 // variables: the sums wrap, as the specification means
	d.v = [4]uint64{p1 + p2, p2, 0, -p1}
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize {
			return n, nil
		}
		d.stripes(d.x[:])
		d.nx = 0
	}
	if len(p) >= BlockSize {
		m := len(p) &^ (BlockSize - 1)
		d.stripes(p[:m])
		p = p[m:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

func round(acc, in uint64) uint64 {
	acc += in * prime2
	return bits.RotateLeft64(acc, 31) * prime1
}

func mergeRound(acc, v uint64) uint64 {
	acc ^= round(0, v)
	return acc*prime1 + prime4
}

// stripes runs stripesGeneric on the kernel of d's core.
func (d *digest) stripes(p []byte) {
	if d.generic {
		stripesGeneric(&d.v, p)
	} else {
		accumulate(&d.v, p)
	}
}

// stripesGeneric consumes whole 32-byte stripes.
func stripesGeneric(v *[4]uint64, p []byte) {
	v0, v1, v2, v3 := v[0], v[1], v[2], v[3]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		v0 = round(v0, binary.LittleEndian.Uint64(p[0:]))
		v1 = round(v1, binary.LittleEndian.Uint64(p[8:]))
		v2 = round(v2, binary.LittleEndian.Uint64(p[16:]))
		v3 = round(v3, binary.LittleEndian.Uint64(p[24:]))
	}
	v[0], v[1], v[2], v[3] = v0, v1, v2, v3
}

// Sum64 returns the XXH64 of what was written, leaving the state alone.
func (d *digest) Sum64() uint64 {
	var h uint64
	if d.len >= BlockSize {
		v := d.v
		h = bits.RotateLeft64(v[0], 1) + bits.RotateLeft64(v[1], 7) + bits.RotateLeft64(v[2], 12) + bits.RotateLeft64(v[3], 18)
		for _, x := range v {
			h = mergeRound(h, x)
		}
	} else {
		h = prime5 // seed 0
	}
	h += d.len
	p := d.x[:d.nx]
	for ; len(p) >= 8; p = p[8:] {
		h ^= round(0, binary.LittleEndian.Uint64(p))
		h = bits.RotateLeft64(h, 27)*prime1 + prime4
	}
	if len(p) >= 4 {
		h ^= uint64(binary.LittleEndian.Uint32(p)) * prime1
		h = bits.RotateLeft64(h, 23)*prime2 + prime3
		p = p[4:]
	}
	for _, b := range p {
		h ^= uint64(b) * prime5
		h = bits.RotateLeft64(h, 11) * prime1
	}
	h ^= h >> 33
	h *= prime2
	h ^= h >> 29
	h *= prime3
	h ^= h >> 32
	return h
}

// Sum appends the digest big-endian, as xxhsum prints it.
func (d *digest) Sum(b []byte) []byte { return binary.BigEndian.AppendUint64(b, d.Sum64()) }
