package main

import (
	"fmt"

	"github.com/hashdrop/hashdrop/hashing/internal/blake2bspec"
)

// The BLAKE2b cores for 386 keep the 4x4 state as rows, two 64-bit words
// an XMM register: row a (v0..v3) and row b (v4..v7) and row d (v12..v15)
// in six registers, and row c (v8..v11) in two 16-byte slots of the
// aligned frame, since 386 has only X0-X7 and a G needs two scratch
// registers: one for c while a G runs on it, one for the message words and
// the rotation by 63. A step's four Gs run as two halves of two lanes each,
// the one half's c loaded, updated twice and stored back.
//
// Rotations: by 32 with PSHUFD; by 24 and 16 with PSHUFB (ssse3) or
// shifts and PSHUFLW/PSHUFHW (sse2); by 63 with add, shift and or. The
// diagonal step turns rows b and d by one and three words with PALIGNR
// (ssse3) or SHUFPD (sse2) and takes c's halves in the other order; which
// register holds which half is tracked here, so the turns need no moves
// back. The message words of a G pair come straight from the block with
// MOVQ and MOVHPS, by the sigma schedule.
//
// The counter is moved on in memory by a 128-bit add; the constants (the
// IV rows and PSHUFB masks) are copied once into the aligned frame, so the
// loop names no symbol (a position-independent 386 build would compute
// symbol addresses through CX).
func blake2b() {
	blake2bCore("blockSSSE3", true)
	blake2bCore("blockSSE2", false)
	blake2bData()
}

// The frame, aligned to 16 bytes: the IV as four rows, the two PSHUFB
// masks, the two halves of row c; then 15 bytes of slack for the alignment.
const (
	b2IV    = 0
	b2Rot24 = 64
	b2Rot16 = 80
	b2C     = 96
	b2Frame = b2C + 32 + 16
)

// b2State is where the rows are while the rounds are written: the
// registers of the halves of rows a, b and d, the memory of row c's halves
// (cAt where each is now, cHome the slot it is stored to), and the free
// registers.
type b2State struct {
	ssse3      bool
	a, b, d    [2]string
	cAt, cHome [2]string
	free       []string
}

func (s *b2State) alloc() string {
	r := s.free[0]
	s.free = s.free[1:]
	return r
}

func (s *b2State) release(r string) { s.free = append(s.free, r) }

func blake2bCore(name string, ssse3 bool) {
	TEXT(name, fmt.Sprintf("func %s(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)", name), "NOSPLIT", fmt.Sprintf("%d-28", b2Frame))
	Comment("BX: the frame, aligned to 16 bytes; the constants copied into it")
	I("LEAL", mem(15, "SP"), "BX")
	I("ANDL", imm(^15), "BX")
	for off := 0; off < b2C; off += 16 {
		I("MOVOU", fmt.Sprintf("b2Const<>+%d(SB)", off), "X0")
		I("MOVO", "X0", mem(off, "BX"))
	}
	I("MOVL", "p_len+20(FP)", "DX")
	I("SHRL", imm(7), "DX")
	I("JZ", "done")
	I("MOVL", "h+0(FP)", "AX")
	I("MOVL", "t+4(FP)", "CX")
	I("MOVL", "p_base+16(FP)", "SI")

	Label("loop")
	Comment("t += 128, 128 bits wide")
	I("ADDL", imm(128), mem(0, "CX"))
	I("ADCL", imm(0), mem(4, "CX"))
	I("ADCL", imm(0), mem(8, "CX"))
	I("ADCL", imm(0), mem(12, "CX"))
	Comment("a, b = h; c = iv[0:4]; d = iv[4:8] ^ (t0, t1, flag, 0)")
	s := &b2State{
		ssse3: ssse3,
		a:     [2]string{"X0", "X1"},
		b:     [2]string{"X2", "X3"},
		d:     [2]string{"X6", "X7"},
		cAt:   [2]string{mem(b2IV, "BX"), mem(b2IV+16, "BX")},
		cHome: [2]string{mem(b2C, "BX"), mem(b2C+16, "BX")},
		free:  []string{"X4", "X5"},
	}
	for i, r := range []string{"X0", "X1", "X2", "X3"} {
		I("MOVOU", mem(16*i, "AX"), r)
	}
	I("MOVOU", mem(0, "CX"), "X6")
	I("PXOR", mem(b2IV+32, "BX"), "X6")
	I("MOVQ", "flag+8(FP)", "X7")
	I("PXOR", mem(b2IV+48, "BX"), "X7")

	for r := range 12 {
		m := blake2bspec.Sigma[r%10]
		Comment("round %d: columns", r)
		s.half(0, m[0], m[2], m[1], m[3])
		s.half(1, m[4], m[6], m[5], m[7])
		Comment("round %d: diagonals", r)
		s.diagonalize()
		s.half(0, m[8], m[10], m[9], m[11])
		s.half(1, m[12], m[14], m[13], m[15])
		s.undiagonalize()
	}

	Comment("h ^= v[0:8] ^ v[8:16]")
	t := s.alloc()
	for h := range 2 {
		I("MOVOU", mem(16*h, "AX"), t)
		I("PXOR", s.a[h], t)
		I("PXOR", s.cAt[h], t)
		I("MOVOU", t, mem(16*h, "AX"))
		I("MOVOU", mem(32+16*h, "AX"), t)
		I("PXOR", s.b[h], t)
		I("PXOR", s.d[h], t)
		I("MOVOU", t, mem(32+16*h, "AX"))
	}
	I("ADDL", imm(128), "SI")
	I("DECL", "DX")
	I("JNZ", "loop")

	Label("done")
	I("RET")
}

// half writes the G of the two lanes in half h of the rows (lanes 0 and 1
// or 2 and 3), the message words x0, x1 (first addition, lanes in order)
// and y0, y1 (second).
func (s *b2State) half(h, x0, x1, y0, y1 int) {
	a, b, d := s.a[h], s.b[h], s.d[h]
	c, t := s.alloc(), s.alloc()
	I("MOVO", s.cAt[h], c)
	I("MOVQ", mem(8*x0, "SI"), t)
	I("MOVHPS", mem(8*x1, "SI"), t)
	I("PADDQ", t, a)
	I("PADDQ", b, a)
	I("PXOR", a, d)
	I("PSHUFD", imm(0xb1), d, d) // >>> 32
	I("PADDQ", d, c)
	I("PXOR", c, b)
	if s.ssse3 {
		I("PSHUFB", mem(b2Rot24, "BX"), b)
	} else {
		I("MOVO", b, t)
		I("PSRLQ", imm(24), t)
		I("PSLLQ", imm(40), b)
		I("POR", t, b)
	}
	I("MOVQ", mem(8*y0, "SI"), t)
	I("MOVHPS", mem(8*y1, "SI"), t)
	I("PADDQ", t, a)
	I("PADDQ", b, a)
	I("PXOR", a, d)
	if s.ssse3 {
		I("PSHUFB", mem(b2Rot16, "BX"), d)
	} else {
		I("PSHUFLW", imm(0x39), d, d)
		I("PSHUFHW", imm(0x39), d, d)
	}
	I("PADDQ", d, c)
	I("MOVO", c, s.cHome[h])
	s.cAt[h] = s.cHome[h]
	I("PXOR", c, b)
	Comment(">>> 63")
	I("MOVO", b, t)
	I("PSRLQ", imm(63), t)
	I("PADDQ", b, b)
	I("POR", t, b)
	s.release(t)
	s.release(c)
}

// turn takes a row as its halves p = (w0, w1) and q = (w2, w3) and returns
// (w1, w2) and (w3, w0): the row turned by one word, and, in the other
// order, by three. It writes three instructions and frees one register.
func (s *b2State) turn(p, q string) (x, y string) {
	t := s.alloc()
	if s.ssse3 {
		I("MOVO", q, t)
		I("PALIGNR", imm(8), p, t) // (w1, w2)
		I("PALIGNR", imm(8), q, p) // (w3, w0)
		s.release(q)
		return t, p
	}
	I("MOVO", p, t)
	I("SHUFPD", imm(1), q, t) // (w1, w2)
	I("SHUFPD", imm(1), p, q) // (w3, w0)
	s.release(p)
	return t, q
}

// diagonalize turns row b by one word, c by two and d by three, so that
// the lanes hold the diagonals (v0, v5, v10, v15) and so on.
func (s *b2State) diagonalize() {
	b1, b3 := s.turn(s.b[0], s.b[1])
	s.b = [2]string{b1, b3}
	d1, d3 := s.turn(s.d[0], s.d[1])
	s.d = [2]string{d3, d1}
	s.cAt[0], s.cAt[1] = s.cAt[1], s.cAt[0]
	s.cHome[0], s.cHome[1] = s.cHome[1], s.cHome[0]
}

// undiagonalize turns the rows back: b by three words, c by two, d by one.
func (s *b2State) undiagonalize() {
	b1, b3 := s.turn(s.b[0], s.b[1])
	s.b = [2]string{b3, b1}
	d1, d3 := s.turn(s.d[0], s.d[1])
	s.d = [2]string{d1, d3}
	s.cAt[0], s.cAt[1] = s.cAt[1], s.cAt[0]
	s.cHome[0], s.cHome[1] = s.cHome[1], s.cHome[0]
}

// blake2bData writes the constants the cores copy into their frame: the IV
// (RFC 7693 section 2.6, SHA-512's initial hash value) and the PSHUFB masks
// that turn each 64-bit word right by 24 and 16 bits.
func blake2bData() {
	mask := func(bytes int) uint64 {
		var q uint64
		for i := range 8 {
			q |= uint64((i+bytes)%8) << (8 * i)
		}
		return q
	}
	data := append(blake2bspec.IV[:], mask(3), mask(3)|0x0808080808080808, mask(2), mask(2)|0x0808080808080808)
	text.WriteString("\n")
	for i, q := range data {
		fmt.Fprintf(&text, "DATA b2Const<>+%d(SB)/8, $0x%016x\n", 8*i, q)
	}
	fmt.Fprintf(&text, "GLOBL b2Const<>(SB), RODATA|NOPTR, $%d\n", 8*len(data))
}
