package xxh3

import (
	"math/bits"
)

// short64 is XXH3-64 of inputs of 0 to 240 bytes (seed 0).
func short64(p []byte) uint64 {
	n := uint64(len(p))
	s := secret[:]
	switch {
	case n == 0:
		return xxh64Avalanche(le64(s[56:]) ^ le64(s[64:]))
	case n <= 3:
		c := uint64(p[0])<<16 | uint64(p[n>>1])<<24 | uint64(p[n-1]) | n<<8
		return xxh64Avalanche(c ^ (le32(s) ^ le32(s[4:])))
	case n <= 8:
		in := le32(p[n-4:]) + le32(p)<<32
		return rrmxmx(in^(le64(s[8:])^le64(s[16:])), n)
	case n <= 16:
		lo := le64(p) ^ (le64(s[24:]) ^ le64(s[32:]))
		hi := le64(p[n-8:]) ^ (le64(s[40:]) ^ le64(s[48:]))
		return avalanche(n + bits.ReverseBytes64(lo) + hi + mul128Fold64(lo, hi))
	case n <= 128:
		acc := n * prime64_1
		if n > 32 {
			if n > 64 {
				if n > 96 {
					acc += mix16(p[48:], s[96:]) + mix16(p[n-64:], s[112:])
				}
				acc += mix16(p[32:], s[64:]) + mix16(p[n-48:], s[80:])
			}
			acc += mix16(p[16:], s[32:]) + mix16(p[n-32:], s[48:])
		}
		acc += mix16(p, s) + mix16(p[n-16:], s[16:])
		return avalanche(acc)
	}
	acc := n * prime64_1
	for i := range 8 {
		acc += mix16(p[16*i:], s[16*i:])
	}
	acc = avalanche(acc)
	for i := 8; i < len(p)/16; i++ {
		acc += mix16(p[16*i:], s[16*(i-8)+3:])
	}
	acc += mix16(p[n-16:], s[136-17:])
	return avalanche(acc)
}

// mix32 is XXH128_mix32B: two 16-byte inputs into both halves.
func mix32(lo, hi uint64, a, b, sec []byte) (uint64, uint64) {
	lo += mix16(a, sec)
	lo ^= le64(b) + le64(b[8:])
	hi += mix16(b, sec[16:])
	hi ^= le64(a) + le64(a[8:])
	return lo, hi
}

// short128 is XXH3-128 of inputs of 0 to 240 bytes (seed 0): high, low.
func short128(p []byte) (uint64, uint64) {
	n := uint64(len(p))
	s := secret[:]
	switch {
	case n == 0:
		return xxh64Avalanche(le64(s[80:]) ^ le64(s[88:])), xxh64Avalanche(le64(s[64:]) ^ le64(s[72:]))
	case n <= 3:
		cl := uint32(p[0])<<16 | uint32(p[n>>1])<<24 | uint32(p[n-1]) | uint32(n)<<8
		ch := bits.RotateLeft32(bits.ReverseBytes32(cl), 13)
		lo := uint64(cl) ^ (le32(s) ^ le32(s[4:]))
		hi := uint64(ch) ^ (le32(s[8:]) ^ le32(s[12:]))
		return xxh64Avalanche(hi), xxh64Avalanche(lo)
	case n <= 8:
		in := le32(p) + le32(p[n-4:])<<32
		k := in ^ (le64(s[16:]) ^ le64(s[24:]))
		hi, lo := bits.Mul64(k, prime64_1+n<<2)
		hi += lo << 1
		lo ^= hi >> 3
		lo ^= lo >> 35
		lo *= 0x9FB21C651E98DF25
		lo ^= lo >> 28
		return avalanche(hi), lo
	case n <= 16:
		fl := le64(s[32:]) ^ le64(s[40:])
		fh := le64(s[48:]) ^ le64(s[56:])
		inLo, inHi := le64(p), le64(p[n-8:])
		mhi, mlo := bits.Mul64(inLo^inHi^fl, prime64_1)
		mlo += (n - 1) << 54
		inHi ^= fh
		mhi += inHi + (inHi&0xffffffff)*(prime32_2-1)
		mlo ^= bits.ReverseBytes64(mhi)
		hhi, hlo := bits.Mul64(mlo, prime64_2)
		hhi += mhi * prime64_2
		return avalanche(hhi), avalanche(hlo)
	case n <= 128:
		lo, hi := n*prime64_1, uint64(0)
		if n > 32 {
			if n > 64 {
				if n > 96 {
					lo, hi = mix32(lo, hi, p[48:], p[n-64:], s[96:])
				}
				lo, hi = mix32(lo, hi, p[32:], p[n-48:], s[64:])
			}
			lo, hi = mix32(lo, hi, p[16:], p[n-32:], s[32:])
		}
		lo, hi = mix32(lo, hi, p, p[n-16:], s)
		return finish128(lo, hi, n)
	}
	lo, hi := n*prime64_1, uint64(0)
	for i := range 4 {
		lo, hi = mix32(lo, hi, p[32*i:], p[32*i+16:], s[32*i:])
	}
	lo, hi = avalanche(lo), avalanche(hi)
	for i := 4; i < len(p)/32; i++ {
		lo, hi = mix32(lo, hi, p[32*i:], p[32*i+16:], s[32*(i-4)+3:])
	}
	lo, hi = mix32(lo, hi, p[n-16:], p[n-32:], s[136-17-16:])
	return finish128(lo, hi, n)
}

func finish128(lo, hi, n uint64) (uint64, uint64) {
	l := lo + hi
	h := lo*prime64_1 + hi*prime64_4 + n*prime64_2
	return -avalanche(h), avalanche(l)
}
