// Package blake2b implements BLAKE2b (RFC 7693) without a key, at the two
// digest sizes b2sum writes: 512 bits (its default) and 256 (b2sum -l 256).
package blake2b

import (
	"encoding/binary"
	"hash"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/blake2bspec"
)

// family is the name this package's cores are registered under.
const family = "blake2b"

// Digest sizes in bytes, and the block size.
const (
	Size      = 64
	Size256   = 32
	BlockSize = 128
)

// iv is BLAKE2b's IV (RFC 7693 section 2.6): SHA-512's initial hash value.
var iv = blake2bspec.IV

// digest is the running state. BLAKE2b marks the last block, so a full
// buffer is compressed only once more input shows it was not the last.
type digest struct {
	h    [8]uint64
	t    [2]uint64 // bytes compressed so far, 128 bits
	x    [BlockSize]byte
	nx   int
	size int
}

// New512 returns a hash.Hash computing BLAKE2b-512 on the core in use.
func New512() hash.Hash { return newHash(Size) }

// New256 returns a hash.Hash computing BLAKE2b-256 on the core in use.
func New256() hash.Hash { return newHash(Size256) }

// NewGeneric returns Hashdrop's portable BLAKE2b of size bytes (32 or 64),
// the twin other cores are checked against.
func NewGeneric(size int) hash.Hash { return newDigest(size) }

func newDigest(size int) *digest {
	d := &digest{size: size}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.h = iv
	// The parameter block of an unkeyed hash with fanout and depth 1.
	d.h[0] ^= 0x01010000 ^ uint64(d.size)
	d.t = [2]uint64{}
	d.nx = 0
}

func (d *digest) Size() int      { return d.size }
func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	if d.nx > 0 {
		if len(p) == 0 {
			return n, nil
		}
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if len(p) == 0 {
			return n, nil
		}
		block(&d.h, &d.t, 0, d.x[:])
		d.nx = 0
	}
	if len(p) > BlockSize {
		m := (len(p) - 1) &^ (BlockSize - 1)
		block(&d.h, &d.t, 0, p[:m])
		p = p[m:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

func (d *digest) Sum(b []byte) []byte {
	h, t := d.h, d.t
	var last [BlockSize]byte
	copy(last[:], d.x[:d.nx])
	// The counter counts the message bytes of the last block, not its
	// padding: it moves on by nx, where block moves it on by a whole block.
	var c uint64
	t[0], c = bits.Add64(t[0], uint64(d.nx), 0)
	t[1] += c
	t[0], c = bits.Sub64(t[0], BlockSize, 0)
	t[1] -= c
	block(&h, &t, ^uint64(0), last[:])
	var out [Size]byte
	for i, v := range h {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
	return append(b, out[:d.size]...)
}
