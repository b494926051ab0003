package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// v is the state: word i of the four inputs in v[i].
var v = [16]VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15}

// General-purpose registers: the first input's next block, the distance
// from one input to the next and three times that, the blocks left, the
// flags of this block, of every block and of the last one, and the
// 16-byte aligned area on the stack.
var (
	ptr, stride, stride3 = RSI, R8, R9
	left                 = RCX
	cur, every, last     = R10, R11L, R12L
	area                 = RDI
)

// Offsets in the aligned area: the message words, the counters' low and
// high halves, the spilled c word.
const (
	msgOff   = 0
	ctrLoOff = 16 * 16
	ctrHiOff = ctrLoOff + 16
	spillOff = ctrHiOff + 16
	areaSize = spillOff + 16
)

func at(off int) Mem { return Mem{Base: area, Disp: off} }

func hash4SSSE3() {
	TEXT("hash4SSSE3", NOSPLIT, "func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)")
	Doc("hash4SSSE3 hashes four inputs of blocks 64-byte blocks each, one after",
		"another in p, with SSSE3, and writes their chaining values to",
		"out. Input i starts from key with counter counter+i*inc; every block has",
		"flags, the first one also start, the last one also end. blocks is at",
		"least 1.")

	// The area is aligned by hand: Go aligns the stack pointer to 8 bytes.
	local := AllocLocal(areaSize + 16)
	LEAQ(local, area)
	ADDQ(U8(15), area)
	ANDQ(I8(-16), area)

	Load(Param("p").Base(), ptr)
	Load(Param("blocks"), left)
	MOVQ(left, stride)
	SHLQ(U8(6), stride)
	LEAQ(Mem{Base: stride, Index: stride, Scale: 2}, stride3)
	Load(Param("flags"), every)
	Load(Param("end"), last)
	Load(Param("start"), cur.As32())
	ORL(every, cur.As32())
	counters()

	// The key, broadcast: v[i] holds key word i in every lane.
	key := Load(Param("key"), GP64())
	for half := range 2 {
		MOVOU(Mem{Base: key, Disp: 16 * half}, X8)
		for i := range 4 {
			PSHUFD(U8(0x55*i), X8, v[4*half+i])
		}
	}

	Label("block")
	CMPQ(left, U8(1))
	JNE(LabelRef("notlast"))
	ORL(last, cur.As32())
	Label("notlast")
	loadMessage()
	for i := range 4 {
		MOVO(ivTable.Offset(16*i), v[8+i])
	}
	MOVO(at(ctrLoOff), v[12])
	MOVO(at(ctrHiOff), v[13])
	MOVO(blockLen, v[14])
	MOVQ(cur, v[15])
	PSHUFD(U8(0), v[15], v[15])
	for r, s := range schedule() {
		Commentf("round %d", r+1)
		step([4]int{0, 1, 2, 3}, [4]int{4, 5, 6, 7}, [4]int{8, 9, 10, 11}, [4]int{12, 13, 14, 15},
			[4]int{s[0], s[2], s[4], s[6]}, [4]int{s[1], s[3], s[5], s[7]})
		step([4]int{0, 1, 2, 3}, [4]int{5, 6, 7, 4}, [4]int{10, 11, 8, 9}, [4]int{15, 12, 13, 14},
			[4]int{s[8], s[10], s[12], s[14]}, [4]int{s[9], s[11], s[13], s[15]})
	}
	for i := range 8 {
		PXOR(v[i+8], v[i])
	}
	MOVL(every, cur.As32())
	ADDQ(U8(64), ptr)
	DECQ(left)
	JNZ(LabelRef("block"))

	// The chaining values, word i of the four inputs in v[i], back to
	// one input's eight words after another's.
	out := Load(Param("out"), GP64())
	for half := range 2 {
		cols := transpose(v[4*half:4*half+4], X8, X9)
		for lane, x := range cols {
			MOVOU(x, Mem{Base: out, Disp: 32*lane + 16*half})
		}
	}
	RET()
}

// counters stores the four inputs' counters, counter+i*inc, split into
// their low and high halves, in the area.
func counters() {
	c, inc, hi := GP64(), GP64(), GP64()
	Load(Param("counter"), c)
	Load(Param("inc"), inc)
	for lane := range 4 {
		if lane > 0 {
			ADDQ(inc, c)
		}
		MOVQ(c, hi)
		SHRQ(U8(32), hi)
		MOVL(c.As32(), at(ctrLoOff+4*lane))
		MOVL(hi.As32(), at(ctrHiOff+4*lane))
	}
}

// loadMessage stores the words of the four inputs' blocks at ptr, word i
// of the four in one 16-byte row of the area. X8..X13 are free: only the
// chaining values are live between blocks.
func loadMessage() {
	for q := range 4 {
		rows := []VecPhysical{X8, X9, X10, X11}
		MOVOU(Mem{Base: ptr, Disp: 16 * q}, rows[0])
		MOVOU(Mem{Base: ptr, Index: stride, Scale: 1, Disp: 16 * q}, rows[1])
		MOVOU(Mem{Base: ptr, Index: stride, Scale: 2, Disp: 16 * q}, rows[2])
		MOVOU(Mem{Base: ptr, Index: stride3, Scale: 1, Disp: 16 * q}, rows[3])
		for i, x := range transpose(rows, X12, X13) {
			MOVO(x, at(msgOff+16*(4*q+i)))
		}
	}
}

// transpose turns four rows of four words into their columns, with t0 and
// t1 as temporaries, and returns the registers holding columns 0 to 3.
func transpose(rows []VecPhysical, t0, t1 VecPhysical) [4]VecPhysical {
	a, b, c, d := rows[0], rows[1], rows[2], rows[3]
	MOVO(a, t0)
	PUNPCKLLQ(b, t0) // a0 b0 a1 b1
	PUNPCKHLQ(b, a)  // a2 b2 a3 b3
	MOVO(c, t1)
	PUNPCKLLQ(d, t1) // c0 d0 c1 d1
	PUNPCKHLQ(d, c)  // c2 d2 c3 d3
	MOVO(t0, b)
	PUNPCKLQDQ(t1, b) // a0 b0 c0 d0
	PUNPCKHQDQ(t1, t0)
	MOVO(a, d)
	PUNPCKLQDQ(c, d) // a2 b2 c2 d2
	PUNPCKHQDQ(c, a)
	return [4]VecPhysical{b, t0, d, a}
}

// step runs four G functions side by side: G j on state words a[j], b[j],
// c[j], d[j] with message words x[j] and y[j].
func step(a, b, c, d, x, y [4]int) {
	half(a, b, c, d, x, rot16, 12)
	half(a, b, c, d, y, rot8, 7)
}

// half is one half of G: a += b + m, d = (d ^ a) >>> (16 or 8, by the
// shuffle rotD), c += d, b = (b ^ c) >>> rotB, for the four Gs.
func half(a, b, c, d, m [4]int, rotD Mem, rotB int) {
	for j := range 4 {
		PADDL(at(msgOff+16*m[j]), v[a[j]])
	}
	for j := range 4 {
		PADDL(v[b[j]], v[a[j]])
	}
	for j := range 4 {
		PXOR(v[a[j]], v[d[j]])
	}
	for j := range 4 {
		PSHUFB(rotD, v[d[j]])
	}
	for j := range 4 {
		PADDL(v[d[j]], v[c[j]])
	}
	for j := range 4 {
		PXOR(v[c[j]], v[b[j]])
	}
	t := v[c[0]]
	MOVO(t, at(spillOff))
	for j := range 4 {
		MOVO(v[b[j]], t)
		PSRLL(U8(rotB), v[b[j]])
		PSLLL(U8(32-rotB), t)
		POR(t, v[b[j]])
	}
	MOVO(at(spillOff), t)
}
