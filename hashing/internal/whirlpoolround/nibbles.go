package whirlpoolround

// The mini-boxes of the specification (Barreto and Rijmen, section 5.1):
// the S-box is built from E, its inverse and R, each on four bits, as
// S(x) = E[h^t]<<4 | E^-1[l^t] with h = E[x>>4], l = E^-1[x&15], t = R[h^l].
var (
	E = [16]byte{0x1, 0xb, 0x9, 0xc, 0xd, 0x6, 0xf, 0x3, 0xe, 0x8, 0x7, 0x4, 0xa, 0x2, 0x5, 0x0}
	R = [16]byte{0x7, 0xc, 0xb, 0xd, 0xe, 0x4, 0x9, 0xf, 0x6, 0x3, 0x8, 0xa, 0x2, 0x5, 0x1, 0x0}
)

// Einv returns the inverse of E.
func Einv() (inv [16]byte) {
	for i, v := range E {
		inv[v] = byte(i)
	}
	return inv
}

// SubBytes returns the S-box built from the mini-boxes.
func SubBytes() (s [256]byte) {
	inv := Einv()
	for x := range 256 {
		h, l := E[x>>4], inv[x&15]
		t := R[h^l]
		s[x] = E[h^t]<<4 | inv[l^t]
	}
	return s
}
