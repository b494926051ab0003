package crc32

import "encoding/binary"

// tables[0] is the classic byte-at-a-time table; tables[k] advances a byte
// through k more zero bytes, so eight bytes can be looked up at once
// ("slicing-by-8").
var tables = func() (t [8][256]uint32) {
	for i := range 256 {
		c := uint32(i)
		for range 8 {
			if c&1 != 0 {
				c = c>>1 ^ poly
			} else {
				c >>= 1
			}
		}
		t[0][i] = c
	}
	for i := range 256 {
		c := t[0][i]
		for k := 1; k < 8; k++ {
			c = t[0][c&0xff] ^ c>>8
			t[k][i] = c
		}
	}
	return t
}()

// blockGeneric adds p to the CRC in dig, eight bytes a step, then the rest
// one by one.
func blockGeneric(dig *digest, p []byte) {
	t := &tables
	crc := ^dig.crc
	for len(p) >= 8 {
		crc ^= binary.LittleEndian.Uint32(p)
		crc = t[7][crc&0xff] ^ t[6][crc>>8&0xff] ^ t[5][crc>>16&0xff] ^ t[4][crc>>24] ^
			t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]]
		p = p[8:]
	}
	for _, b := range p {
		crc = t[0][byte(crc)^b] ^ crc>>8
	}
	dig.crc = ^crc
}
