// Package whirlpool implements the Whirlpool hash function, final (2003)
// version, as standardised in ISO/IEC 10118-3:2004 and described by Barreto
// and Rijmen in "The WHIRLPOOL Hashing Function".
package whirlpool

import (
	"encoding/binary"
	"hash"
)

const (
	// Size is the size of a Whirlpool digest in bytes.
	Size = 64
	// BlockSize is the block size of Whirlpool in bytes.
	BlockSize = 64
)

// digest is the running state. Each uint64 of h is one row of the 8x8 byte
// state matrix, first byte of the row in the most significant position, so
// that a block loads as eight big-endian words.
type digest struct {
	h   [8]uint64
	x   [BlockSize]byte
	nx  int
	len uint64 // bytes hashed so far
}

// New returns a new hash.Hash computing the Whirlpool checksum.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.h = [8]uint64{}
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int { return Size }

func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		k := copy(d.x[d.nx:], p)
		d.nx += k
		if d.nx == BlockSize {
			block(d, d.x[:])
			d.nx = 0
		}
		p = p[k:]
	}
	if len(p) >= BlockSize {
		k := len(p) &^ (BlockSize - 1)
		block(d, p[:k])
		p = p[k:]
	}
	if len(p) > 0 {
		d.nx = copy(d.x[:], p)
	}
	return n, nil
}

func (d *digest) Sum(in []byte) []byte {
	d0 := *d // so that the caller can keep writing and summing
	out := d0.checkSum()
	return append(in, out[:]...)
}

// lengthBlock writes the 256-bit big-endian count of bits hashed, len*8, to
// b. The byte count is a uint64, so the top two words are always zero and the
// third carries the bits shifted out of the low word.
func lengthBlock(b *[32]byte, len uint64) {
	binary.BigEndian.PutUint64(b[0:], 0)
	binary.BigEndian.PutUint64(b[8:], 0)
	binary.BigEndian.PutUint64(b[16:], len>>61)
	binary.BigEndian.PutUint64(b[24:], len<<3)
}

func (d *digest) checkSum() [Size]byte {
	// Padding: a one bit, zeros up to 32 bytes short of a block boundary,
	// then the 256-bit length.
	n := d.len
	var pad [BlockSize + 32]byte
	pad[0] = 0x80
	zeros := (BlockSize + 32 - 1 - n%BlockSize) % BlockSize // bytes after the 0x80
	var length [32]byte
	lengthBlock(&length, n)
	copy(pad[1+zeros:], length[:])
	d.Write(pad[:1+zeros+32])
	if d.nx != 0 {
		panic("whirlpool: padding did not end on a block boundary")
	}

	var out [Size]byte
	for i, v := range d.h {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}
