// Package md5 implements the MD5 hash function of RFC 1321, for checking
// files against published MD5 sums (MD5 is broken for signatures: it offers no
// resistance to collisions).
package md5

import (
	"encoding/binary"
	"hash"
)

const (
	// Size is the size of an MD5 digest in bytes.
	Size = 16
	// BlockSize is the block size of MD5 in bytes.
	BlockSize = 64
)

// iv is the initial chaining value of RFC 1321, section 3.3.
var iv = [4]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}

// digest is the running state.
type digest struct {
	s   [4]uint32 // chaining words A, B, C, D
	x   [BlockSize]byte
	nx  int    // bytes buffered in x
	len uint64 // bytes written so far; the padding encodes it in bits, mod 2^64
}

// New returns a new hash.Hash computing MD5.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.s = iv
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

// checkSum pads the message: a one bit, zeros up to 56 bytes into a block,
// then the message length in bits as a little-endian 64-bit word.
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
		panic("md5: padding did not end on a block boundary")
	}
	for _, w := range d.s {
		in = binary.LittleEndian.AppendUint32(in, w)
	}
	return in
}
