package whirlpool

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/whirlpoolround"
)

// The tables are derived once from the definitions in the specification
// rather than written out: the S-box from the mini-boxes E, E^-1 and R
// (hashing/internal/whirlpoolround, which the vector cores share), and
// each table entry from one S-box output times a row of the MixRows matrix.
var (
	sbox [256]byte

	// table[k][x] is the contribution of byte x, standing in column k of a
	// row before SubBytes, to that row after SubBytes and MixRows:
	// byte j of the word (counted from the most significant) is
	// S[x]*C[k][j]. table[k] is table[0] rotated right by 8k bits.
	table [8][256]uint64

	// rc[r] is the first row of the round constant of round r+1; the other
	// rows of the constant are zero.
	rc [rounds]uint64
)

const rounds = 10

// mixRow is the first row of the circulant MixRows matrix C = cir(1,1,4,1,8,5,2,9).
var mixRow = [8]byte{1, 1, 4, 1, 8, 5, 2, 9}

func init() {
	sbox = whirlpoolround.SubBytes()

	for x := range 256 {
		var w uint64
		for j, c := range mixRow {
			w |= uint64(gfMul(sbox[x], c)) << (56 - 8*j)
		}
		for k := range 8 {
			table[k][x] = bits.RotateLeft64(w, -8*k)
		}
	}

	for i := range rc {
		rc[i] = binary.BigEndian.Uint64(sbox[8*i:])
	}
}

// gfMul multiplies in GF(2^8) modulo x^8+x^4+x^3+x^2+1.
func gfMul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = a<<1 ^ byte(int8(a)>>7)&0x1d
	}
	return p
}

// round applies SubBytes, ShiftColumns and MixRows to s and adds the key k.
// Row i of the result takes column k's byte from row i-k (ShiftColumns moves
// column k down by k rows).
func round(s *[8]uint64, k *[8]uint64) {
	t0, t1, t2, t3 := &table[0], &table[1], &table[2], &table[3]
	t4, t5, t6, t7 := &table[4], &table[5], &table[6], &table[7]
	a0, a1, a2, a3, a4, a5, a6, a7 := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	s[0] = k[0] ^ t0[byte(a0>>56)] ^ t1[byte(a7>>48)] ^ t2[byte(a6>>40)] ^ t3[byte(a5>>32)] ^
		t4[byte(a4>>24)] ^ t5[byte(a3>>16)] ^ t6[byte(a2>>8)] ^ t7[byte(a1)]
	s[1] = k[1] ^ t0[byte(a1>>56)] ^ t1[byte(a0>>48)] ^ t2[byte(a7>>40)] ^ t3[byte(a6>>32)] ^
		t4[byte(a5>>24)] ^ t5[byte(a4>>16)] ^ t6[byte(a3>>8)] ^ t7[byte(a2)]
	s[2] = k[2] ^ t0[byte(a2>>56)] ^ t1[byte(a1>>48)] ^ t2[byte(a0>>40)] ^ t3[byte(a7>>32)] ^
		t4[byte(a6>>24)] ^ t5[byte(a5>>16)] ^ t6[byte(a4>>8)] ^ t7[byte(a3)]
	s[3] = k[3] ^ t0[byte(a3>>56)] ^ t1[byte(a2>>48)] ^ t2[byte(a1>>40)] ^ t3[byte(a0>>32)] ^
		t4[byte(a7>>24)] ^ t5[byte(a6>>16)] ^ t6[byte(a5>>8)] ^ t7[byte(a4)]
	s[4] = k[4] ^ t0[byte(a4>>56)] ^ t1[byte(a3>>48)] ^ t2[byte(a2>>40)] ^ t3[byte(a1>>32)] ^
		t4[byte(a0>>24)] ^ t5[byte(a7>>16)] ^ t6[byte(a6>>8)] ^ t7[byte(a5)]
	s[5] = k[5] ^ t0[byte(a5>>56)] ^ t1[byte(a4>>48)] ^ t2[byte(a3>>40)] ^ t3[byte(a2>>32)] ^
		t4[byte(a1>>24)] ^ t5[byte(a0>>16)] ^ t6[byte(a7>>8)] ^ t7[byte(a6)]
	s[6] = k[6] ^ t0[byte(a6>>56)] ^ t1[byte(a5>>48)] ^ t2[byte(a4>>40)] ^ t3[byte(a3>>32)] ^
		t4[byte(a2>>24)] ^ t5[byte(a1>>16)] ^ t6[byte(a0>>8)] ^ t7[byte(a7)]
	s[7] = k[7] ^ t0[byte(a7>>56)] ^ t1[byte(a6>>48)] ^ t2[byte(a5>>40)] ^ t3[byte(a4>>32)] ^
		t4[byte(a3>>24)] ^ t5[byte(a2>>16)] ^ t6[byte(a1>>8)] ^ t7[byte(a0)]
}

// blockGeneric compresses whole blocks of p into dig.h with the
// Miyaguchi-Preneel construction: H' = W[H](m) ^ H ^ m, where the cipher W
// runs its key schedule (the same round with constant keys) beside the state.
func blockGeneric(dig *digest, p []byte) {
	h := dig.h
	for len(p) >= BlockSize {
		var m, s [8]uint64
		k := h
		for i := range m {
			m[i] = binary.BigEndian.Uint64(p[8*i:])
			s[i] = m[i] ^ k[i]
		}
		for r := range rounds {
			c := [8]uint64{rc[r]}
			round(&k, &c)
			round(&s, &k)
		}
		for i := range h {
			h[i] ^= s[i] ^ m[i]
		}
		p = p[BlockSize:]
	}
	dig.h = h
}
