package blake2b

import (
	"encoding/binary"
	"math/bits"
)

// sigma is the message schedule of RFC 7693 section 2.7; rounds 10 and 11
// reuse rows 0 and 1.
var sigma = [12][16]uint8{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
}

// blockGeneric compresses whole blocks, moving the counter t on by a block
// before each; flag is all ones for the last block, else zero.
func blockGeneric(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		t[0] += BlockSize
		if t[0] < BlockSize {
			t[1]++
		}
		var m [16]uint64
		for i := range m {
			m[i] = binary.LittleEndian.Uint64(p[8*i:])
		}
		v := [16]uint64{
			h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
			iv[0], iv[1], iv[2], iv[3], iv[4] ^ t[0], iv[5] ^ t[1], iv[6] ^ flag, iv[7],
		}
		for r := range 12 {
			s := &sigma[r]
			g(&v, 0, 4, 8, 12, m[s[0]], m[s[1]])
			g(&v, 1, 5, 9, 13, m[s[2]], m[s[3]])
			g(&v, 2, 6, 10, 14, m[s[4]], m[s[5]])
			g(&v, 3, 7, 11, 15, m[s[6]], m[s[7]])
			g(&v, 0, 5, 10, 15, m[s[8]], m[s[9]])
			g(&v, 1, 6, 11, 12, m[s[10]], m[s[11]])
			g(&v, 2, 7, 8, 13, m[s[12]], m[s[13]])
			g(&v, 3, 4, 9, 14, m[s[14]], m[s[15]])
		}
		for i := range h {
			h[i] ^= v[i] ^ v[i+8]
		}
	}
}

// g is the mixing function of RFC 7693 section 3.1.
func g(v *[16]uint64, a, b, c, d int, x, y uint64) {
	v[a] += v[b] + x
	v[d] = bits.RotateLeft64(v[d]^v[a], -32)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -24)
	v[a] += v[b] + y
	v[d] = bits.RotateLeft64(v[d]^v[a], -16)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -63)
}
