package sha512

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/sha512spec"
)

// The round constants of FIPS 180-4 section 4.2.3.
var _K = sha512spec.K

// blockGeneric is the portable core: the compression function of FIPS 180-4
// section 6.4.2 over each whole block of p, written as the standard states it.
func blockGeneric(dig *digest, p []byte) {
	var w [80]uint64
	h0, h1, h2, h3, h4, h5, h6, h7 := dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4], dig.h[5], dig.h[6], dig.h[7]
	for len(p) >= BlockSize {
		for i := range 16 {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			v1 := w[i-2]
			s1 := bits.RotateLeft64(v1, -19) ^ bits.RotateLeft64(v1, -61) ^ v1>>6
			v0 := w[i-15]
			s0 := bits.RotateLeft64(v0, -1) ^ bits.RotateLeft64(v0, -8) ^ v0>>7
			w[i] = s1 + w[i-7] + s0 + w[i-16]
		}

		a, b, c, d, e, f, g, h := h0, h1, h2, h3, h4, h5, h6, h7
		for i := range 80 {
			t1 := h + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) +
				(e&f ^ ^e&g) + _K[i] + w[i]
			t2 := (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) +
				(a&b ^ a&c ^ b&c)
			h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		h5 += f
		h6 += g
		h7 += h
		p = p[BlockSize:]
	}
	dig.h = [8]uint64{h0, h1, h2, h3, h4, h5, h6, h7}
}
