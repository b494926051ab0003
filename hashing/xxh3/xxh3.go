// Package xxh3 implements XXH3-64 and XXH3-128, xxHash's hashes of 2019
// (seed 0, the default secret), as xxhsum -H3 and xxh128sum print them:
// big-endian, the 128-bit digest high half first (the canonical forms of
// the xxHash specification, doc/xxhash_spec.md).
package xxh3

import (
	"encoding/binary"
	"hash"
	"math/bits"
)

// family is the name this package's cores are registered under.
const family = "xxh3"

// Digest sizes in bytes; BlockSize is the stripe the accumulator consumes.
const (
	Size      = 8
	Size128   = 16
	BlockSize = 64
)

const (
	stripeLen = 64
	blockLen  = 1024 // 16 stripes, then a scramble (secret of 192 bytes)
	stripes   = blockLen / stripeLen
	midMax    = 240 // inputs up to this length take the short paths
)

// The primes of the specification.
const (
	prime32_1 uint64 = 0x9E3779B1
	prime32_2 uint64 = 0x85EBCA77
	prime32_3 uint64 = 0xC2B2AE3D
	prime64_1 uint64 = 0x9E3779B185EBCA87
	prime64_2 uint64 = 0xC2B2AE3D27D4EB4F
	prime64_3 uint64 = 0x165667B19E3779F9
	prime64_4 uint64 = 0x85EBCA77C2B2AE63
	prime64_5 uint64 = 0x27D4EB2F165667C5
)

// secret is XXH3_kSecret, the default secret of xxhash.h (192 bytes).
var secret = [192]byte{
	0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
	0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
	0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
	0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
	0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
	0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
	0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
	0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
	0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
	0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
	0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
	0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
}

// digest is the running state of either width: the long-input accumulator,
// a block buffer, and the last stripe of the block before it (the final
// stripe may reach back into it).
type digest struct {
	acc  [8]uint64
	x    [blockLen]byte
	nx   int
	prev [stripeLen]byte
	len  uint64
	wide bool // XXH3-128
	// generic runs the portable code whatever core is in use: the twin
	// the cores are checked against.
	generic bool
}

// New returns a hash.Hash computing XXH3-64 on the core in use.
func New() hash.Hash { return newHash(false) }

// New128 returns a hash.Hash computing XXH3-128 on the core in use.
func New128() hash.Hash { return newHash(true) }

// NewGeneric and NewGeneric128 return Hashdrop's portable XXH3, the twin
// other cores are checked against.
func NewGeneric() hash.Hash    { return newDigest(false, true) }
func NewGeneric128() hash.Hash { return newDigest(true, true) }

// newDigest returns a digest that runs the kernels of the core in use, or
// the portable code.
func newDigest(wide, generic bool) *digest {
	d := &digest{wide: wide, generic: generic}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.acc = [8]uint64{prime32_3, prime64_1, prime64_2, prime64_3, prime64_4, prime32_2, prime64_5, prime32_1}
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int {
	if d.wide {
		return Size128
	}
	return Size
}

func (d *digest) BlockSize() int { return BlockSize }

// Write buffers up to a block and accumulates a block only when more input
// follows it: the last block is finished by Sum, whose final stripe may
// overlap the stripes before it.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		if d.nx == blockLen && len(p) > 0 {
			d.block(d.x[:])
			d.nx = 0
		} else {
			c := copy(d.x[d.nx:], p)
			d.nx += c
			p = p[c:]
			if len(p) == 0 {
				return n, nil
			}
			d.block(d.x[:])
			d.nx = 0
		}
	}
	if len(p) > blockLen {
		m := (len(p) - 1) / blockLen * blockLen
		d.block(p[:m])
		p = p[m:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// block accumulates whole blocks and keeps the last stripe of the last one.
func (d *digest) block(p []byte) {
	if d.generic {
		accumulateGeneric(&d.acc, p)
	} else {
		accumulate(&d.acc, p)
	}
	copy(d.prev[:], p[len(p)-stripeLen:])
}

func (d *digest) Sum(b []byte) []byte {
	if d.wide {
		hi, lo := d.Sum128()
		b = binary.BigEndian.AppendUint64(b, hi)
		return binary.BigEndian.AppendUint64(b, lo)
	}
	return binary.BigEndian.AppendUint64(b, d.Sum64())
}

// Sum64 returns the XXH3-64 of what was written.
func (d *digest) Sum64() uint64 {
	if d.len <= midMax {
		return short64(d.x[:d.nx])
	}
	acc := d.finalAcc()
	return mergeAccs(&acc, secret[11:], d.len*prime64_1)
}

// Sum128 returns the XXH3-128 of what was written, high and low halves.
func (d *digest) Sum128() (hi, lo uint64) {
	if d.len <= midMax {
		return short128(d.x[:d.nx])
	}
	acc := d.finalAcc()
	lo = mergeAccs(&acc, secret[11:], d.len*prime64_1)
	hi = mergeAccs(&acc, secret[len(secret)-stripeLen-11:], ^(d.len * prime64_2))
	return hi, lo
}

// finalAcc finishes the accumulator on a copy: the buffered whole stripes
// but the last, then the input's last 64 bytes with the secret at 121.
func (d *digest) finalAcc() [8]uint64 {
	acc := d.acc
	d.stripes(&acc, d.x[:(d.nx-1)/stripeLen*stripeLen], secret[:])
	var last [stripeLen]byte
	if d.nx >= stripeLen {
		copy(last[:], d.x[d.nx-stripeLen:d.nx])
	} else {
		k := copy(last[:], d.prev[d.nx:])
		copy(last[k:], d.x[:d.nx])
	}
	d.stripes(&acc, last[:], secret[len(secret)-stripeLen-7:])
	return acc
}

// stripes runs stripesGeneric on the kernels of d's core.
func (d *digest) stripes(acc *[8]uint64, p, sec []byte) {
	_ = sec[8*(len(p)/stripeLen-1)+stripeLen-1] // the kernels read sec unchecked
	if d.generic {
		stripesGeneric(acc, p, sec)
	} else {
		accumulateStripes(acc, p, sec)
	}
}

// accumulateGeneric runs whole blocks: 16 stripes, each with the secret
// moved on by 8 bytes, then a scramble.
func accumulateGeneric(acc *[8]uint64, p []byte) {
	for ; len(p) >= blockLen; p = p[blockLen:] {
		stripesGeneric(acc, p[:blockLen], secret[:])
		scramble(acc, secret[len(secret)-stripeLen:])
	}
}

// stripesGeneric accumulates the whole stripes of p, stripe i with the
// secret from sec[8*i:], and no scramble: what Sum does with the stripes
// of the last block.
func stripesGeneric(acc *[8]uint64, p, sec []byte) {
	for i := range len(p) / stripeLen {
		accumulate512(acc, p[i*stripeLen:], sec[i*8:])
	}
}

func accumulate512(acc *[8]uint64, in, sec []byte) {
	in, sec = in[:64], sec[:64]
	for i := range 8 {
		v := binary.LittleEndian.Uint64(in[8*i:])
		k := v ^ binary.LittleEndian.Uint64(sec[8*i:])
		acc[i^1] += v
		acc[i] += (k & 0xffffffff) * (k >> 32)
	}
}

func scramble(acc *[8]uint64, sec []byte) {
	for i := range 8 {
		a := acc[i]
		a ^= a >> 47
		a ^= binary.LittleEndian.Uint64(sec[8*i:])
		acc[i] = a * prime32_1
	}
}

func mergeAccs(acc *[8]uint64, sec []byte, start uint64) uint64 {
	r := start
	for i := range 4 {
		r += mul128Fold64(acc[2*i]^binary.LittleEndian.Uint64(sec[16*i:]), acc[2*i+1]^binary.LittleEndian.Uint64(sec[16*i+8:]))
	}
	return avalanche(r)
}

func mul128Fold64(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func avalanche(h uint64) uint64 {
	h ^= h >> 37
	h *= 0x165667919E3779F9
	return h ^ h>>32
}

func xxh64Avalanche(h uint64) uint64 {
	h ^= h >> 33
	h *= prime64_2
	h ^= h >> 29
	h *= prime64_3
	return h ^ h>>32
}

func rrmxmx(h, n uint64) uint64 {
	h ^= bits.RotateLeft64(h, 49) ^ bits.RotateLeft64(h, 24)
	h *= 0x9FB21C651E98DF25
	h ^= h>>35 + n
	h *= 0x9FB21C651E98DF25
	return h ^ h>>28
}

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
func le32(b []byte) uint64 { return uint64(binary.LittleEndian.Uint32(b)) }

func mix16(in, sec []byte) uint64 {
	return mul128Fold64(le64(in)^le64(sec), le64(in[8:])^le64(sec[8:]))
}
