package md5

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/md5spec"
)

// blockGeneric compresses the whole blocks of p into dig.s, step by step as
// RFC 1321 writes it. A partial block at the end of p is left alone.
func blockGeneric(dig *digest, p []byte) {
	a, b, c, d := dig.s[0], dig.s[1], dig.s[2], dig.s[3]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		var x [16]uint32
		for i := range x {
			x[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		aa, bb, cc, dd := a, b, c, d
		for i := range 64 {
			var f uint32
			switch i / 16 {
			case 0:
				f = b&c | ^b&d
			case 1:
				f = b&d | c&^d
			case 2:
				f = b ^ c ^ d
			case 3:
				f = c ^ (b | ^d)
			}
			t := a + f + md5spec.K[i] + x[md5spec.Word(i)]
			a, b, c, d = d, b+bits.RotateLeft32(t, int(md5spec.S[i/16][i%4])), b, c
		}
		a += aa
		b += bb
		c += cc
		d += dd
	}
	dig.s = [4]uint32{a, b, c, d}
}
