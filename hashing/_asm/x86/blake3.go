package main

import (
	"fmt"
	"slices"

	"github.com/hashdrop/hashdrop/hashing/internal/blake3spec"
)

// The BLAKE3 cores for 386 hash four inputs at once, one in each 32-bit
// lane of the XMM registers, as the amd64 ssse3 core (hashing/_asm/blake3)
// does, and fill the same function, hash4: the Go side hashes a group's
// whole chunks four at a time (16 blocks each) and the parents above them
// four at a time (one block each).
//
// 32-bit mode has eight XMM registers for the sixteen state vectors (word
// i of the four inputs in vector i), so the state lives in a 16-byte
// aligned frame and a G function runs on its four vectors in registers:
// seven registers cache state vectors, the eighth (X7) is the rotations'
// temporary. The schedule of a block is known here, so the generator
// decides which vectors stay in registers between G functions by Belady's
// rule (evict the vector used again latest) and stores an evicted vector
// only when it changed; each G function shares a vector with the next one
// across a column and diagonal step, and those and others stay cached. At
// a block's start the third and fourth rows are read from where they come
// from (the IV rows of the constants, the counters and the flags in the
// frame), and the final XORs drop them without storing.
//
// The message words of a block come from the four inputs as four rows of
// four words a load; a 4x4 transposition (PUNPCK*) turns them into
// columns, word i of the four blocks, stored once a block in the frame,
// where the G functions add them as memory operands. The message
// permutation between rounds is done here, in the generator.
//
// Rotations right by 12 and 7 are two shifts and an OR; by 16 and 8 one
// PSHUFB each in the ssse3 core, and in the sse2 core PSHUFLW and PSHUFHW
// for 16 and shifts for 8.
func blake3() {
	blake3Consts()
	blake3Hash4("hash4SSSE3", true)
	blake3Hash4("hash4SSE2", false)
}

// The constants, 16-byte rows: the first four IV words each in four lanes,
// the PSHUFB masks rotating every word right by 16 and by 8, and the block
// length 64 in four lanes.
const (
	b3cIV       = 0
	b3cRot16    = 64
	b3cRot8     = 80
	b3cBlockLen = 96
	b3cSize     = 112
)

func blake3Consts() {
	var rows [b3cSize / 4]uint32
	for i := range 4 {
		for lane := range 4 {
			rows[b3cIV/4+4*i+lane] = blake3spec.IV[i]
		}
	}
	// Byte j of a word rotated right by 16 is byte j+2 (mod 4) of the
	// word; by 8, byte j+1.
	for lane := range 4 {
		rows[b3cRot16/4+lane] = 0x01000302 + 0x04040404*uint32(lane)
		rows[b3cRot8/4+lane] = 0x00030201 + 0x04040404*uint32(lane)
		rows[b3cBlockLen/4+lane] = 64
	}
	fmt.Fprintf(&text, "\n")
	for i, w := range rows {
		fmt.Fprintf(&text, "DATA blake3Consts<>+%d(SB)/4, $0x%08x\n", 4*i, w)
	}
	fmt.Fprintf(&text, "GLOBL blake3Consts<>(SB), RODATA|NOPTR, $%d\n", b3cSize)
}

// The frame, from AX (aligned to 16 bytes): the state vectors, the message
// words of the block (word i of the four blocks at b3Msg+16*i), the four
// counters' low and high halves, and the flags of the block in four lanes.
const (
	b3State = 0
	b3Msg   = 256
	b3CtrLo = 512
	b3CtrHi = 528
	b3Flags = 544
	b3Frame = 560 + 12 // SP is 4-byte aligned
)

// General registers: BP the constants, AX the frame, SI the first input's
// next block, DX the distance from one input to the next and BX three
// times that, CX the blocks left, DI the flags of this block.
func blake3Hash4(name string, ssse3 bool) {
	decl := fmt.Sprintf("func %s(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)", name)
	TEXT(name, decl, "", fmt.Sprintf("%d-56", b3Frame))
	// Symbol addresses first: a position-independent build computes them
	// through CX.
	I("LEAL", "blake3Consts<>(SB)", "BP")
	I("LEAL", mem(15, "SP"), "AX")
	I("ANDL", imm(^15), "AX")

	Comment("the key, broadcast: state vector i holds key word i in every lane")
	I("MOVL", "key+20(FP)", "SI")
	for half := range 2 {
		I("MOVOU", mem(16*half, "SI"), "X0")
		for i := range 4 {
			I("PSHUFD", imm(int64(0x55*i)), "X0", "X1")
			I("MOVO", "X1", mem(b3State+16*(4*half+i), "AX"))
		}
	}
	Comment("the counters of the four inputs, counter+i*inc")
	I("MOVL", "counter_lo+24(FP)", "BX")
	I("MOVL", "counter_hi+28(FP)", "CX")
	for lane := range 4 {
		if lane > 0 {
			I("ADDL", "inc_lo+32(FP)", "BX")
			I("ADCL", "inc_hi+36(FP)", "CX")
		}
		I("MOVL", "BX", mem(b3CtrLo+4*lane, "AX"))
		I("MOVL", "CX", mem(b3CtrHi+4*lane, "AX"))
	}
	I("MOVL", "p_base+0(FP)", "SI")
	I("MOVL", "blocks_lo+12(FP)", "CX")
	I("MOVL", "CX", "DX")
	I("SHLL", imm(6), "DX")
	I("LEAL", memIdx(0, "DX", "DX", 2), "BX")
	I("MOVL", "flags+40(FP)", "DI")
	I("ORL", "start+44(FP)", "DI")

	Label("block")
	I("CMPL", "CX", imm(1))
	I("JNE", "notlast")
	I("ORL", "end+48(FP)", "DI")
	Label("notlast")
	I("MOVL", "DI", "X0")
	I("PSHUFD", imm(0), "X0", "X0")
	I("MOVO", "X0", mem(b3Flags, "AX"))
	Comment("the message words, word i of the four blocks in a row")
	for q := range 4 {
		I("MOVOU", mem(16*q, "SI"), "X0")
		I("MOVOU", memIdx(16*q, "SI", "DX", 1), "X1")
		I("MOVOU", memIdx(16*q, "SI", "DX", 2), "X2")
		I("MOVOU", memIdx(16*q, "SI", "BX", 1), "X3")
		for i, x := range b3Transpose([4]string{"X0", "X1", "X2", "X3"}, "X4", "X5") {
			I("MOVO", x, mem(b3Msg+16*(4*q+i), "AX"))
		}
	}
	a := newB3Alloc(ssse3)
	a.block()
	I("MOVL", "flags+40(FP)", "DI")
	I("ADDL", imm(64), "SI")
	I("DECL", "CX")
	I("JNZ", "block")

	Comment("the chaining values, word i of the four inputs in vector i, back to one input's eight words after another's")
	I("MOVL", "out+52(FP)", "DI")
	for half := range 2 {
		for i := range 4 {
			I("MOVO", mem(b3State+16*(4*half+i), "AX"), fmt.Sprintf("X%d", i))
		}
		for lane, x := range b3Transpose([4]string{"X0", "X1", "X2", "X3"}, "X4", "X5") {
			I("MOVOU", x, mem(32*lane+16*half, "DI"))
		}
	}
	I("RET")
}

// b3Transpose turns four rows of four words into their columns, with t0
// and t1 as temporaries, and returns the registers holding columns 0 to 3.
func b3Transpose(rows [4]string, t0, t1 string) [4]string {
	a, b, c, d := rows[0], rows[1], rows[2], rows[3]
	I("MOVO", a, t0)
	I("PUNPCKLLQ", b, t0) // a0 b0 a1 b1
	I("PUNPCKHLQ", b, a)  // a2 b2 a3 b3
	I("MOVO", c, t1)
	I("PUNPCKLLQ", d, t1) // c0 d0 c1 d1
	I("PUNPCKHLQ", d, c)  // c2 d2 c3 d3
	I("MOVO", t0, b)
	I("PUNPCKLQDQ", t1, b) // a0 b0 c0 d0
	I("PUNPCKHQDQ", t1, t0)
	I("MOVO", a, d)
	I("PUNPCKLQDQ", c, d) // a2 b2 c2 d2
	I("PUNPCKHQDQ", c, a)
	return [4]string{b, t0, d, a}
}

// A b3Op is one step of a block's schedule: a G function on state vectors
// a, b, c, d (words) adding message words x and y, or (fin) the final XOR
// of vector words[0] with words[1].
type b3Op struct {
	words []int
	x, y  int
	fin   bool
}

// b3Schedule returns a block's operations: seven rounds of eight G
// functions, the message permutation applied to the words they add, then
// the eight XORs of the chaining value.
func b3Schedule() []b3Op {
	var ops []b3Op
	s := [16]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	gs := [8][4]int{
		{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
		{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14},
	}
	for r := range 7 {
		for j, g := range gs {
			ops = append(ops, b3Op{words: g[:], x: s[2*j], y: s[2*j+1]})
		}
		if r < 6 {
			var next [16]int
			for i, j := range blake3spec.Permutation {
				next[i] = s[j]
			}
			s = next
		}
	}
	for i := range 8 {
		ops = append(ops, b3Op{words: []int{i, i + 8}, fin: true})
	}
	return ops
}

// b3Alloc tracks which state vector each of X0-X6 holds while a block's
// schedule is written.
type b3Alloc struct {
	ssse3 bool
	ops   []b3Op
	reg   [7]int  // the word in Xr, or -1
	dirty [7]bool // Xr differs from the word's place in memory
	home  [16]string
	loads int
}

func newB3Alloc(ssse3 bool) *b3Alloc {
	a := &b3Alloc{ssse3: ssse3, ops: b3Schedule()}
	for r := range a.reg {
		a.reg[r] = -1
	}
	for w := range 8 {
		a.home[w] = mem(b3State+16*w, "AX")
	}
	for i := range 4 {
		a.home[8+i] = mem(b3cIV+16*i, "BP")
	}
	a.home[12] = mem(b3CtrLo, "AX")
	a.home[13] = mem(b3CtrHi, "AX")
	a.home[14] = mem(b3cBlockLen, "BP")
	a.home[15] = mem(b3Flags, "AX")
	return a
}

func xr(r int) string { return fmt.Sprintf("X%d", r) }

// nextUse returns the index of the first operation from i on that reads
// word w, or len(ops) when none does (a word of the third or fourth row
// after its final XOR is dead; one of the chaining value is read after
// the block, by the flush).
func (a *b3Alloc) nextUse(w, i int) int {
	for ; i < len(a.ops); i++ {
		if slices.Contains(a.ops[i].words, w) {
			return i
		}
	}
	if w < 8 {
		return len(a.ops)
	}
	return len(a.ops) + 1
}

// load returns the register holding word w for operation i, loading it
// when needed into a free register or the one whose word is read again
// latest, storing that word first if it changed. pinned are the words
// operation i holds in registers already.
func (a *b3Alloc) load(w, i int, pinned []int) string {
	if r := slices.Index(a.reg[:], w); r >= 0 {
		return xr(r)
	}
	best, bestUse := -1, -1
	for r, v := range a.reg {
		if v < 0 {
			best = r
			break
		}
		if slices.Contains(pinned, v) {
			continue
		}
		use := a.nextUse(v, i)
		if v >= 8 && use > len(a.ops) { // dead
			best = r
			break
		}
		if use > bestUse || use == bestUse && !a.dirty[r] {
			best, bestUse = r, use
		}
	}
	if v := a.reg[best]; v >= 0 && a.dirty[best] && !(v >= 8 && a.nextUse(v, i) > len(a.ops)) {
		a.store(best)
	}
	I("MOVO", a.home[w], xr(best))
	a.loads++
	a.reg[best], a.dirty[best] = w, false
	return xr(best)
}

func (a *b3Alloc) store(r int) {
	w := a.reg[r]
	a.home[w] = mem(b3State+16*w, "AX")
	I("MOVO", xr(r), a.home[w])
	a.dirty[r] = false
}

// block writes the schedule of one block and leaves the chaining value in
// the frame, no register holding a state vector.
func (a *b3Alloc) block() {
	for i, op := range a.ops {
		if i%8 == 0 && !op.fin {
			Comment("round %d", i/8+1)
		}
		if op.fin {
			if i == 56 {
				Comment("the chaining value: vector i ^= vector i+8")
			}
			v := a.load(op.words[0], i, op.words)
			u := a.load(op.words[1], i, op.words)
			I("PXOR", u, v)
			a.dirty[slices.Index(a.reg[:], op.words[0])] = true
			continue
		}
		var x [4]string
		for k, w := range op.words {
			x[k] = a.load(w, i, op.words)
		}
		a.half(x, op.x, 16, 12)
		a.half(x, op.y, 8, 7)
		for _, w := range op.words {
			a.dirty[slices.Index(a.reg[:], w)] = true
		}
	}
	Comment("%d loads of state vectors in this block", a.loads)
	for r, w := range a.reg {
		if w >= 0 && w < 8 && a.dirty[r] {
			a.store(r)
		}
	}
}

// half is one half of G: a += b + m, d = (d ^ a) >>> rotD, c += d,
// b = (b ^ c) >>> rotB.
func (a *b3Alloc) half(x [4]string, m, rotD, rotB int) {
	va, vb, vc, vd := x[0], x[1], x[2], x[3]
	I("PADDL", mem(b3Msg+16*m, "AX"), va)
	I("PADDL", vb, va)
	I("PXOR", va, vd)
	a.rotate(vd, rotD)
	I("PADDL", vd, vc)
	I("PXOR", vc, vb)
	a.rotate(vb, rotB)
}

// rotate rotates every word of x right by n bits.
func (a *b3Alloc) rotate(x string, n int) {
	switch {
	case n == 16 && a.ssse3:
		I("PSHUFB", mem(b3cRot16, "BP"), x)
	case n == 8 && a.ssse3:
		I("PSHUFB", mem(b3cRot8, "BP"), x)
	case n == 16:
		I("PSHUFLW", imm(0xb1), x, x)
		I("PSHUFHW", imm(0xb1), x, x)
	default:
		I("MOVO", x, "X7")
		I("PSRLL", imm(int64(n)), x)
		I("PSLLL", imm(int64(32-n)), "X7")
		I("POR", "X7", x)
	}
}
