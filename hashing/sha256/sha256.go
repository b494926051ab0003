// Package sha256 implements SHA-224 and SHA-256 (FIPS 180-4) with Hashdrop's
// own cores: an SHA-NI kernel for 32-bit x86, where the standard library's
// code is scalar, and a portable Go one everywhere else. On amd64 Hashdrop
// keeps crypto/sha256 (its SHA-NI code already runs at the hardware's limit);
// there this package serves the tests only.
package sha256

import (
	"encoding/binary"
	"hash"
)

// Digest sizes and the block size, in bytes.
const (
	Size      = 32
	Size224   = 28
	BlockSize = 64
)

// Initial hash values (FIPS 180-4 §5.3.3 and §5.3.2).
var (
	iv256 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	iv224 = [8]uint32{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}
)

// digest is the running state of SHA-256 or SHA-224; size says which.
type digest struct {
	h    [8]uint32 // chaining words H0..H7
	x    [BlockSize]byte
	nx   int    // bytes buffered in x
	len  uint64 // bytes written so far; the padding encodes it in bits
	size int    // Size or Size224
}

// New returns a new hash.Hash computing SHA-256.
func New() hash.Hash { return newDigest(Size) }

// New224 returns a new hash.Hash computing SHA-224.
func New224() hash.Hash { return newDigest(Size224) }

func newDigest(size int) *digest {
	d := &digest{size: size}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.h = iv256
	if d.size == Size224 {
		d.h = iv224
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
		panic("sha256: padding did not end on a block boundary")
	}
	for _, w := range d.h[:d.size/4] {
		in = binary.BigEndian.AppendUint32(in, w)
	}
	return in
}
