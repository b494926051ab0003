// Package sha1 implements SHA-1 (FIPS 180-4) with Hashdrop's own cores: SHA-NI
// kernels for 32-bit x86, where the standard library's code is scalar, and
// for x86-64, and a portable Go one everywhere else. On amd64 the sha-ni core
// takes over from crypto/sha1 on CPUs not made by AMD (hashing/own_amd64.go
// says why).
//
// SHA-1 is broken for collisions; Hashdrop computes it to check the digests
// that older download pages still publish.
package sha1

import (
	"encoding/binary"
	"hash"
)

// The digest size and the block size, in bytes.
const (
	Size      = 20
	BlockSize = 64
)

// Initial hash value (FIPS 180-4 §5.3.1).
var iv = [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}

// digest is the running state of SHA-1.
type digest struct {
	h   [5]uint32 // chaining words H0..H4
	x   [BlockSize]byte
	nx  int    // bytes buffered in x
	len uint64 // bytes written so far; the padding encodes it in bits
}

// New returns a new hash.Hash computing SHA-1.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.h = iv
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int      { return Size }
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

// checkSum pads the message (FIPS 180-4 §5.1.1): a one bit, zeros up to 56
// bytes into a block, then the length in bits as a big-endian 64-bit word.
func (d *digest) checkSum(in []byte) []byte {
	bits := d.len << 3
	var pad [2 * BlockSize]byte
	pad[0] = 0x80
	n := BlockSize - 8 - d.nx // the 0x80 and the zeros before the length
	if n <= 0 {
		n += BlockSize
	}
	binary.BigEndian.PutUint64(pad[n:], bits)
	d.Write(pad[:n+8])
	if d.nx != 0 {
		panic("sha1: padding did not end on a block boundary")
	}
	for _, w := range d.h {
		in = binary.BigEndian.AppendUint32(in, w)
	}
	return in
}
