package sha3

import (
	"encoding/binary"
	"math/bits"
)

// roundConstants are the iota constants of the 24 rounds of Keccak-f[1600]
// (FIPS 202, 3.2.5).
var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakF1600Generic applies the Keccak-f[1600] permutation to a, whose lane
// (x, y) is a[x+5y]. Theta, rho and pi are done in one pass into b (bxy is
// lane (x, y) after pi), chi and iota in a second one back into a.
func keccakF1600Generic(a *[25]uint64) {
	for _, rc := range roundConstants {
		c0 := a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
		c1 := a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
		c2 := a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
		c3 := a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
		c4 := a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)

		b00 := a[0] ^ d0
		b13 := bits.RotateLeft64(a[5]^d0, 36)
		b21 := bits.RotateLeft64(a[10]^d0, 3)
		b34 := bits.RotateLeft64(a[15]^d0, 41)
		b42 := bits.RotateLeft64(a[20]^d0, 18)
		b02 := bits.RotateLeft64(a[1]^d1, 1)
		b10 := bits.RotateLeft64(a[6]^d1, 44)
		b23 := bits.RotateLeft64(a[11]^d1, 10)
		b31 := bits.RotateLeft64(a[16]^d1, 45)
		b44 := bits.RotateLeft64(a[21]^d1, 2)
		b04 := bits.RotateLeft64(a[2]^d2, 62)
		b12 := bits.RotateLeft64(a[7]^d2, 6)
		b20 := bits.RotateLeft64(a[12]^d2, 43)
		b33 := bits.RotateLeft64(a[17]^d2, 15)
		b41 := bits.RotateLeft64(a[22]^d2, 61)
		b01 := bits.RotateLeft64(a[3]^d3, 28)
		b14 := bits.RotateLeft64(a[8]^d3, 55)
		b22 := bits.RotateLeft64(a[13]^d3, 25)
		b30 := bits.RotateLeft64(a[18]^d3, 21)
		b43 := bits.RotateLeft64(a[23]^d3, 56)
		b03 := bits.RotateLeft64(a[4]^d4, 27)
		b11 := bits.RotateLeft64(a[9]^d4, 20)
		b24 := bits.RotateLeft64(a[14]^d4, 39)
		b32 := bits.RotateLeft64(a[19]^d4, 8)
		b40 := bits.RotateLeft64(a[24]^d4, 14)

		a[0] = b00 ^ (^b10 & b20)
		a[1] = b10 ^ (^b20 & b30)
		a[2] = b20 ^ (^b30 & b40)
		a[3] = b30 ^ (^b40 & b00)
		a[4] = b40 ^ (^b00 & b10)
		a[5] = b01 ^ (^b11 & b21)
		a[6] = b11 ^ (^b21 & b31)
		a[7] = b21 ^ (^b31 & b41)
		a[8] = b31 ^ (^b41 & b01)
		a[9] = b41 ^ (^b01 & b11)
		a[10] = b02 ^ (^b12 & b22)
		a[11] = b12 ^ (^b22 & b32)
		a[12] = b22 ^ (^b32 & b42)
		a[13] = b32 ^ (^b42 & b02)
		a[14] = b42 ^ (^b02 & b12)
		a[15] = b03 ^ (^b13 & b23)
		a[16] = b13 ^ (^b23 & b33)
		a[17] = b23 ^ (^b33 & b43)
		a[18] = b33 ^ (^b43 & b03)
		a[19] = b43 ^ (^b03 & b13)
		a[20] = b04 ^ (^b14 & b24)
		a[21] = b14 ^ (^b24 & b34)
		a[22] = b24 ^ (^b34 & b44)
		a[23] = b34 ^ (^b44 & b04)
		a[24] = b44 ^ (^b04 & b14)
		a[0] ^= rc
	}
}

// absorbGeneric XORs each rate-byte block of p into the state and permutes;
// len(p) is a multiple of rate, itself a multiple of 8.
func absorbGeneric(a *[25]uint64, p []byte, rate int) {
	for len(p) >= rate {
		for i := 0; i < rate/8; i++ {
			a[i] ^= binary.LittleEndian.Uint64(p[8*i:])
		}
		keccakF1600Generic(a)
		p = p[rate:]
	}
}
