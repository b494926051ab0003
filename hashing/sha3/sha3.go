// Package sha3 implements the SHA-3 hash functions of FIPS 202 (SHA3-224,
// SHA3-256, SHA3-384 and SHA3-512) on Hashdrop's own Keccak-f[1600] cores, and
// a Multi hasher that computes several of them over one stream at once.
package sha3

import (
	"encoding/binary"
	"hash"
)

// Digest sizes in bytes.
const (
	Size224 = 28
	Size256 = 32
	Size384 = 48
	Size512 = 64
)

// Block sizes (sponge rates) in bytes: 200 bytes of state less twice the
// digest size.
const (
	BlockSize224 = 144
	BlockSize256 = 136
	BlockSize384 = 104
	BlockSize512 = 72
)

// maxRate is the largest rate of the four, the size of the input buffer.
const maxRate = BlockSize224

// dsbyte is the SHA-3 domain separation bits 01 followed by the first bit of
// the pad10*1 padding; the last bit of the padding is 0x80 at the end of the
// block.
const dsbyte = 0x06

// digest is a Keccak sponge with the SHA-3 padding.
type digest struct {
	a    [25]uint64    // the Keccak state, lane x+5y at a[x+5y]
	buf  [maxRate]byte // input not yet absorbed: buf[:n]
	n    int
	rate int // bytes absorbed per permutation
	size int // digest size
}

// New224 returns a new hash.Hash computing SHA3-224.
func New224() hash.Hash { return newDigest(Size224) }

// New256 returns a new hash.Hash computing SHA3-256.
func New256() hash.Hash { return newDigest(Size256) }

// New384 returns a new hash.Hash computing SHA3-384.
func New384() hash.Hash { return newDigest(Size384) }

// New512 returns a new hash.Hash computing SHA3-512.
func New512() hash.Hash { return newDigest(Size512) }

func newDigest(size int) *digest {
	return &digest{rate: rateOf(size), size: size}
}

// rateOf returns the rate of the SHA-3 function with the given digest size.
func rateOf(size int) int { return 200 - 2*size }

func (d *digest) Size() int      { return d.size }
func (d *digest) BlockSize() int { return d.rate }

func (d *digest) Reset() {
	d.a = [25]uint64{}
	d.n = 0
}

func (d *digest) Write(p []byte) (int, error) {
	written := len(p)
	if d.n > 0 {
		k := copy(d.buf[d.n:d.rate], p)
		d.n += k
		p = p[k:]
		if d.n < d.rate {
			return written, nil
		}
		absorb(&d.a, d.buf[:d.rate], d.rate)
		d.n = 0
	}
	if whole := len(p) - len(p)%d.rate; whole > 0 {
		absorb(&d.a, p[:whole], d.rate)
		p = p[whole:]
	}
	d.n = copy(d.buf[:], p)
	return written, nil
}

// Sum appends the digest of the data written so far to b; the state is left
// as it was.
func (d *digest) Sum(b []byte) []byte {
	a := d.a
	var block [maxRate]byte
	pad(&block, d.buf[:d.n], d.rate)
	absorb(&a, block[:d.rate], d.rate)
	return appendLanes(b, &a, d.size)
}

// pad writes the last block of a message ending in tail (shorter than rate):
// the tail, the domain bits and the pad10*1 padding.
func pad(block *[maxRate]byte, tail []byte, rate int) {
	n := copy(block[:], tail)
	clear(block[n:rate])
	block[n] = dsbyte
	block[rate-1] |= 0x80
}

// appendLanes appends the first size bytes of the state, lanes little-endian.
func appendLanes(b []byte, a *[25]uint64, size int) []byte {
	var out [Size512]byte
	for i := 0; i < size/8; i++ {
		binary.LittleEndian.PutUint64(out[8*i:], a[i])
	}
	if size%8 != 0 { // SHA3-224: 28 bytes, half a lane at the end
		binary.LittleEndian.PutUint32(out[size-4:], uint32(a[size/8]))
	}
	return append(b, out[:size]...)
}
