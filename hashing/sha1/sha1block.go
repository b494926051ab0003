package sha1

import (
	"encoding/binary"
	"math/bits"
)

// The constants of the four stages of twenty rounds (FIPS 180-4 §4.2.1).
const (
	k0 = 0x5a827999
	k1 = 0x6ed9eba1
	k2 = 0x8f1bbcdc
	k3 = 0xca62c1d6
)

// blockGeneric runs the compression function (FIPS 180-4 §6.1.2) over every
// whole block of p; a partial block at the end is left alone.
func blockGeneric(dig *digest, p []byte) {
	var w [80]uint32
	h0, h1, h2, h3, h4 := dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4]
	for len(p) >= BlockSize {
		for t := range 16 {
			w[t] = binary.BigEndian.Uint32(p[4*t:])
		}
		for t := 16; t < 80; t++ {
			w[t] = bits.RotateLeft32(w[t-3]^w[t-8]^w[t-14]^w[t-16], 1)
		}
		a, b, c, d, e := h0, h1, h2, h3, h4
		for t := range 80 {
			var f, k uint32
			switch {
			case t < 20:
				f, k = b&c|^b&d, k0 // Ch
			case t < 40:
				f, k = b^c^d, k1 // Parity
			case t < 60:
				f, k = b&c|b&d|c&d, k2 // Maj
			default:
				f, k = b^c^d, k3 // Parity
			}
			a, b, c, d, e = bits.RotateLeft32(a, 5)+f+e+k+w[t], a, bits.RotateLeft32(b, 30), c, d
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		p = p[BlockSize:]
	}
	dig.h = [5]uint32{h0, h1, h2, h3, h4}
}
