// Package sha512 implements SHA-384 and SHA-512 (and the truncated SHA-512/224
// and SHA-512/256) of FIPS 180-4, with assembly cores for amd64 and 386.
package sha512

import (
	"encoding/binary"
	"hash"
)

// Digest sizes in bytes, and the block size of the whole family.
const (
	Size      = 64
	Size384   = 48
	Size256   = 32
	Size224   = 28
	BlockSize = 128
)

// Initial hash values of FIPS 180-4 section 5.3.4-5.3.6: the first 64 bits of
// the fractional parts of the square roots of the first eight primes (SHA-512),
// of the ninth to sixteenth primes (SHA-384), and the values the standard's
// SHA-512/t IV generation function gives for t = 224 and 256.
var (
	iv512 = [8]uint64{
		0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
	}
	iv384 = [8]uint64{
		0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
		0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
	}
	iv512_224 = [8]uint64{
		0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
		0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
	}
	iv512_256 = [8]uint64{
		0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
		0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
	}
)

// digest is the running state of any of the four variants; size says which.
type digest struct {
	h    [8]uint64
	x    [BlockSize]byte
	nx   int    // bytes buffered in x
	len  uint64 // bytes written so far (the padding's 128-bit length has a zero high half below 2^61 bytes)
	size int    // Size, Size384, Size256 or Size224
}

// New returns a new hash.Hash computing SHA-512.
func New() hash.Hash { return newDigest(Size) }

// New384 returns a new hash.Hash computing SHA-384.
func New384() hash.Hash { return newDigest(Size384) }

// New512_256 returns a new hash.Hash computing SHA-512/256.
func New512_256() hash.Hash { return newDigest(Size256) }

// New512_224 returns a new hash.Hash computing SHA-512/224.
func New512_224() hash.Hash { return newDigest(Size224) }

func newDigest(size int) *digest {
	d := &digest{size: size}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	switch d.size {
	case Size:
		d.h = iv512
	case Size384:
		d.h = iv384
	case Size256:
		d.h = iv512_256
	case Size224:
		d.h = iv512_224
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

// checkSum pads the message: a one bit, zeros up to 112 bytes into a block,
// then the message length in bits as a big-endian 128-bit number.
func (d *digest) checkSum(in []byte) []byte {
	var pad [2 * BlockSize]byte
	pad[0] = 0x80
	n := BlockSize - 16 - d.nx // zeros and the 0x80 to write before the length
	if n <= 0 {
		n += BlockSize
	}
	binary.BigEndian.PutUint64(pad[n:], d.len>>61)
	binary.BigEndian.PutUint64(pad[n+8:], d.len<<3)
	d.Write(pad[:n+16])
	if d.nx != 0 {
		panic("sha512: padding did not end on a block boundary")
	}
	var out [Size]byte
	for i, w := range d.h {
		binary.BigEndian.PutUint64(out[8*i:], w)
	}
	return append(in, out[:d.size]...)
}
