// Package ripemd implements the RIPEMD-128, RIPEMD-160, RIPEMD-256 and
// RIPEMD-320 hash functions of Dobbertin, Bosselaers and Preneel.
//
// RIPEMD-256 and RIPEMD-320 are the double-width variants: they keep the two
// lines of RIPEMD-128 and RIPEMD-160 apart and only exchange one chaining word
// between them after each round, so they are no stronger than the narrow ones;
// they exist for applications that want a longer digest.
package ripemd

import (
	"encoding/binary"
	"hash"
)

// Digest sizes in bytes, and the block size shared by the whole family.
const (
	Size128   = 16
	Size160   = 20
	Size256   = 32
	Size320   = 40
	BlockSize = 64
)

// Initial chaining values. The first five words are those of MD4/SHA-1; the
// double-width variants start their second line from the other five.
var iv = [10]uint32{
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
	0x76543210, 0xfedcba98, 0x89abcdef, 0x01234567, 0x3c2d1e0f,
}

// digest is the running state of any of the four variants; size says which.
type digest struct {
	s    [10]uint32 // chaining words; the first size/4 are in use
	x    [BlockSize]byte
	nx   int    // bytes buffered in x
	len  uint64 // bytes written so far; the padding encodes it in bits, mod 2^64
	size int    // Size128, Size160, Size256 or Size320
}

// New128 returns a new hash.Hash computing RIPEMD-128.
func New128() hash.Hash { return newDigest(Size128) }

// New160 returns a new hash.Hash computing RIPEMD-160.
func New160() hash.Hash { return newDigest(Size160) }

// New256 returns a new hash.Hash computing RIPEMD-256.
func New256() hash.Hash { return newDigest(Size256) }

// New320 returns a new hash.Hash computing RIPEMD-320.
func New320() hash.Hash { return newDigest(Size320) }

func newDigest(size int) *digest {
	d := &digest{size: size}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.s = [10]uint32{}
	switch d.size {
	case Size128:
		copy(d.s[:4], iv[:4])
	case Size160:
		copy(d.s[:5], iv[:5])
	case Size256:
		copy(d.s[:4], iv[:4])
		copy(d.s[4:8], iv[5:9])
	case Size320:
		d.s = iv
	}
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int      { return d.size }
func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		k := copy(d.x[d.nx:], p)
		d.nx += k
		p = p[k:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(d, d.x[:])
		d.nx = 0
	}
	if whole := len(p) &^ (BlockSize - 1); whole > 0 {
		block(d, p[:whole])
		p = p[whole:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the digest of what was written so far to in, without changing
// the state.
func (d *digest) Sum(in []byte) []byte {
	dd := *d
	return dd.checkSum(in)
}

// checkSum pads the message as MD4 does: a one bit, zeros up to 56 bytes into
// a block, then the message length in bits as a little-endian 64-bit word.
func (d *digest) checkSum(in []byte) []byte {
	bits := d.len << 3
	var pad [2 * BlockSize]byte
	pad[0] = 0x80
	n := BlockSize - 8 - d.nx // zeros and the 0x80 to write before the length
	if n <= 0 {
		n += BlockSize
	}
	binary.LittleEndian.PutUint64(pad[n:], bits)
	d.Write(pad[:n+8])
	if d.nx != 0 {
		panic("ripemd: padding did not end on a block boundary")
	}
	for i := range d.size / 4 {
		in = binary.LittleEndian.AppendUint32(in, d.s[i])
	}
	return in
}
