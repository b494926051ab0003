// Package xxh32 implements XXH32, xxHash's 32-bit hash (seed 0), whose
// digest xxhsum -H0 prints big-endian: the canonical form of the xxHash
// specification (doc/xxhash_spec.md).
package xxh32

import (
	"encoding/binary"
	"hash"
	"math/bits"
)

// family is the name this package's cores are registered under.
const family = "xxh32"

// Size is the digest size in bytes; BlockSize the stripe XXH32 consumes.
const (
	Size      = 4
	BlockSize = 16
)

// The primes of the specification.
const (
	prime1 uint32 = 0x9E3779B1
	prime2 uint32 = 0x85EBCA77
	prime3 uint32 = 0xC2B2AE3D
	prime4 uint32 = 0x27D4EB2F
	prime5 uint32 = 0x165667B1
)

// digest is the running state: four lanes, a stripe buffer and the length.
type digest struct {
	v   [4]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
	// generic runs the portable code whatever core is in use: the twin
	// the cores are checked against.
	generic bool
}

// New returns a hash.Hash32 computing XXH32 with seed 0 on the core in use.
func New() hash.Hash32 { return newDigest(false) }

// NewGeneric returns Hashdrop's portable XXH32, the twin other cores are
// checked against.
func NewGeneric() hash.Hash32 { return newDigest(true) }

func newDigest(generic bool) *digest {
	d := &digest{generic: generic}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	p1, p2 := prime1, prime2 // variables: the sums wrap, as the specification means
	d.v = [4]uint32{p1 + p2, p2, 0, -p1}
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

func round(acc, in uint32) uint32 {
	acc += in * prime2
	return bits.RotateLeft32(acc, 13) * prime1
}

// stripes runs stripesGeneric or the kernel of the core in use.
func (d *digest) stripes(p []byte) {
	if d.generic {
		stripesGeneric(&d.v, p)
	} else {
		accumulate(&d.v, p)
	}
}

// stripesGeneric consumes whole 16-byte stripes.
func stripesGeneric(v *[4]uint32, p []byte) {
	v0, v1, v2, v3 := v[0], v[1], v[2], v[3]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		v0 = round(v0, binary.LittleEndian.Uint32(p[0:]))
		v1 = round(v1, binary.LittleEndian.Uint32(p[4:]))
		v2 = round(v2, binary.LittleEndian.Uint32(p[8:]))
		v3 = round(v3, binary.LittleEndian.Uint32(p[12:]))
	}
	v[0], v[1], v[2], v[3] = v0, v1, v2, v3
}

// Sum32 returns the XXH32 of what was written, leaving the state alone.
func (d *digest) Sum32() uint32 {
	var h uint32
	if d.len >= BlockSize {
		v := d.v
		h = bits.RotateLeft32(v[0], 1) + bits.RotateLeft32(v[1], 7) + bits.RotateLeft32(v[2], 12) + bits.RotateLeft32(v[3], 18)
	} else {
		h = prime5 // seed 0
	}
	h += uint32(d.len) // the length modulo 2^32, as the specification says
	p := d.x[:d.nx]
	for ; len(p) >= 4; p = p[4:] {
		h += binary.LittleEndian.Uint32(p) * prime3
		h = bits.RotateLeft32(h, 17) * prime4
	}
	for _, b := range p {
		h += uint32(b) * prime5
		h = bits.RotateLeft32(h, 11) * prime1
	}
	h ^= h >> 15
	h *= prime2
	h ^= h >> 13
	h *= prime3
	h ^= h >> 16
	return h
}

// Sum appends the digest big-endian, as xxhsum prints it.
func (d *digest) Sum(b []byte) []byte { return binary.BigEndian.AppendUint32(b, d.Sum32()) }
