package blake2b

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/blake2bspec"
)

// sigma is the message schedule of RFC 7693 section 2.7 with rounds 10
// and 11 (rows 0 and 1 again) written out, in bytes.
var sigma = func() (s [12][16]uint8) {
	for r := range s {
		for i, w := range blake2bspec.Sigma[r%10] {
			s[r][i] = uint8(w)
		}
	}
	return s
}()

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
