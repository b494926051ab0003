package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// wide describes one of the kernels that hash 8 (AVX2, YMM) or 16
// (AVX-512F, ZMM) inputs at once, one in each 32-bit lane, as hash4SSSE3
// does four: state word i of every input in register i; word i of the
// block of every input in Z16+j (AVX-512: its 32 registers hold the state
// and the message) or in a row on the stack (AVX2). On Zen 4 (best of 40
// runs of 1 MiB, cycles from a chain of dependent IMULs run in turns):
// hash16AVX512 0.73 cycles a byte, 0.66 with the message's gathering left
// out (wrong digests), against 0.74-0.77 when it gathered a quarter of the
// blocks at a time; hash8AVX2 0.96-1.03.
type wide struct {
	name  string
	width int // inputs, 32-bit lanes of a register
	v     [16]VecPhysical
	avx2  bool // VEX only: VPXOR, shuffles and shifts for the rotations
}

// lanes is the number of 128-bit lanes of a register: the inputs 4L..4L+3
// are in lane L.
func (w wide) lanes() int { return w.width / 4 }

// hashWide emits a kernel of hash4SSSE3's contract for w.width inputs.
func hashWide(w wide) {
	sig := fmt.Sprintf("func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[%d]byte)", 32*w.width)
	TEXT(w.name, 0, sig)
	Doc(fmt.Sprintf("%s hashes %d inputs of blocks 64-byte blocks each, one after", w.name, w.width),
		"another in p, and writes their chaining values to out. Input i starts",
		"from key with counter counter+i*inc; every block has flags, the first",
		"one also start, the last one also end. blocks is at least 1.")
	row := 4 * w.width // bytes of one stack row: one word of every input
	msgOff, ctrLoOff := 0, 16*row
	if !w.avx2 {
		ctrLoOff = 0 // the message is in registers
	}
	ctrHiOff, spillOff := ctrLoOff+row, ctrLoOff+2*row
	local := AllocLocal(spillOff + row)
	at := func(off int) Mem { return local.Offset(off) }

	// ptrs[L] points at the next block of input 4L, stride is the
	// distance from an input to the next.
	ptrs := []Register{RAX, RBX, RDX, R13}[:w.lanes()]
	stride, stride3, left := R8, R9, RCX
	cur, every, last := R10, R11L, R12L
	Load(Param("p").Base(), ptrs[0])
	Load(Param("blocks"), left)
	MOVQ(left, stride)
	SHLQ(U8(6), stride)
	LEAQ(Mem{Base: stride, Index: stride, Scale: 2}, stride3)
	for L := 1; L < len(ptrs); L++ {
		LEAQ(Mem{Base: ptrs[L-1], Index: stride, Scale: 4}, ptrs[L])
	}
	Load(Param("flags"), every)
	Load(Param("end"), last)
	Load(Param("start"), cur.As32())
	ORL(every, cur.As32())

	c, inc, hi := RSI, RDI, R14
	Load(Param("counter"), c)
	Load(Param("inc"), inc)
	for lane := range w.width {
		if lane > 0 {
			ADDQ(inc, c)
		}
		MOVQ(c, hi)
		SHRQ(U8(32), hi)
		MOVL(c.As32(), at(ctrLoOff+4*lane))
		MOVL(hi.As32(), at(ctrHiOff+4*lane))
	}

	key := Load(Param("key"), RSI)
	for i := range 8 {
		VPBROADCASTD(Mem{Base: key, Disp: 4 * i}, w.v[i])
	}

	Label("block")
	CMPQ(left, U8(1))
	JNE(LabelRef("notlast"))
	ORL(last, cur.As32())
	Label("notlast")
	msg := w.loadMessage(ptrs, stride, stride3, at, msgOff, row)
	w.prefetch(ptrs, stride, stride3, R14) // hi's, free in the loop
	for i := range 4 {
		VPBROADCASTD(ivTable.Offset(16*i), w.v[8+i])
	}
	w.move(at(ctrLoOff), w.v[12])
	w.move(at(ctrHiOff), w.v[13])
	VPBROADCASTD(blockLen, w.v[14])
	if w.avx2 {
		VMOVD(cur.As32(), w.v[15].AsX())
		VPBROADCASTD(w.v[15].AsX(), w.v[15])
	} else {
		VPBROADCASTD(cur.As32(), w.v[15])
	}
	for r, s := range schedule() {
		Commentf("round %d", r+1)
		w.step(msg, at(spillOff), [4]int{0, 1, 2, 3}, [4]int{4, 5, 6, 7}, [4]int{8, 9, 10, 11}, [4]int{12, 13, 14, 15},
			[4]int{s[0], s[2], s[4], s[6]}, [4]int{s[1], s[3], s[5], s[7]})
		w.step(msg, at(spillOff), [4]int{0, 1, 2, 3}, [4]int{5, 6, 7, 4}, [4]int{10, 11, 8, 9}, [4]int{15, 12, 13, 14},
			[4]int{s[8], s[10], s[12], s[14]}, [4]int{s[9], s[11], s[13], s[15]})
	}
	for i := range 8 {
		w.xor(w.v[i+8], w.v[i])
	}
	MOVL(every, cur.As32())
	for _, p := range ptrs {
		ADDQ(U8(64), p)
	}
	DECQ(left)
	JNZ(LabelRef("block"))

	// The chaining values, word i of every input in v[i], back to one
	// input's eight words after another's: in each 128-bit lane, the
	// first four words of inputs 4L..4L+3 from v0..v3, the last four from
	// v4..v7.
	out := Load(Param("out"), RSI)
	for half := range 2 {
		q := w.transpose(w.v[4*half:4*half+4], w.v[8+2*half], w.v[9+2*half])
		for m, x := range q {
			for L := range w.lanes() {
				w.storeLane(x, L, Mem{Base: out, Disp: 32*(4*L+m) + 16*half})
			}
		}
	}
	VZEROUPPER()
	RET()
}

// loadMessage gathers the words of the inputs' blocks at ptrs and returns
// where word i of every input is: a row of the stack (AVX2, whose sixteen
// registers the state fills), or a register of Z16..Z31 (AVX-512,
// loadMessage16). For AVX2, a quarter q of the block (words 4q..4q+3) is
// gathered into four registers, register k holding in lane L those of
// input 4L+k; transposed inside the lanes, register k then holds word
// 4q+k of inputs 0..7 in order. v8..v13 are free: only the chaining
// values are live between blocks.
func (w wide) loadMessage(ptrs []Register, stride, stride3 Register, at func(int) Mem, msgOff, row int) (msg [16]Op) {
	if !w.avx2 {
		return w.loadMessage16(ptrs, stride, stride3)
	}
	rows := w.v[8:12]
	for q := range 4 {
		for k, x := range rows {
			for L, p := range ptrs {
				m := Mem{Base: p, Disp: 16 * q}
				switch k {
				case 1:
					m = m.Idx(stride, 1)
				case 2:
					m = m.Idx(stride, 2)
				case 3:
					m = m.Idx(stride3, 1)
				}
				if L == 0 {
					VMOVDQU(m, x.AsX())
				} else {
					VINSERTI128(U8(L), m, x, x)
				}
			}
		}
		for k, x := range w.transpose(rows, w.v[12], w.v[13]) {
			msg[4*q+k] = at(msgOff + row*(4*q+k))
			w.move(x, msg[4*q+k])
		}
	}
	return msg
}

// loadMessage16 loads the sixteen inputs' blocks whole, input i in one
// register, and transposes the 16x16 words into Z16..Z31: in each group of
// four inputs, 32- and 64-bit unpacks give register k of the group word
// 4L+k of its four inputs in lane L; four VSHUFI32X4 a word then gather
// lane L of the four groups' register k, word 4L+k of all sixteen. 16
// loads and 64 shuffles, against 64 loads (48 of them inserts) and 32
// shuffles gathering a quarter of the block at a time. Registers are
// handed out from a free list, Z16..Z31 and the state's v8..v13 (free
// while the message is gathered); a word that ends in one of those moves.
func (w wide) loadMessage16(ptrs []Register, stride, stride3 Register) (msg [16]Op) {
	free := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
		w.v[8], w.v[9], w.v[10], w.v[11], w.v[12], w.v[13]}
	take := func() VecPhysical {
		r := free[0]
		free = free[1:]
		return r
	}
	give := func(rs ...VecPhysical) { free = append(rs, free...) }
	var groups [4][4]VecPhysical // groups[g][k]: word 4L+k of inputs 4g..4g+3 in lane L
	for g, p := range ptrs {
		var r [4]VecPhysical
		for k := range r {
			r[k] = take()
			m := Mem{Base: p}
			switch k {
			case 1:
				m = m.Idx(stride, 1)
			case 2:
				m = m.Idx(stride, 2)
			case 3:
				m = m.Idx(stride3, 1)
			}
			VMOVDQU32(m, r[k])
		}
		var t [4]VecPhysical
		for i := range t {
			t[i] = take()
		}
		VPUNPCKLDQ(r[1], r[0], t[0])
		VPUNPCKHDQ(r[1], r[0], t[1])
		VPUNPCKLDQ(r[3], r[2], t[2])
		VPUNPCKHDQ(r[3], r[2], t[3])
		give(r[:]...)
		for k := range 4 {
			groups[g][k] = take()
		}
		VPUNPCKLQDQ(t[2], t[0], groups[g][0])
		VPUNPCKHQDQ(t[2], t[0], groups[g][1])
		VPUNPCKLQDQ(t[3], t[1], groups[g][2])
		VPUNPCKHQDQ(t[3], t[1], groups[g][3])
		give(t[:]...)
	}
	for k := range 4 {
		t0, t1, t2, t3 := groups[0][k], groups[1][k], groups[2][k], groups[3][k]
		u := [4]VecPhysical{take(), take(), take(), take()}
		VSHUFI32X4(U8(0x44), t1, t0, u[0]) // t0.L0 t0.L1 t1.L0 t1.L1
		VSHUFI32X4(U8(0xee), t1, t0, u[1]) // t0.L2 t0.L3 t1.L2 t1.L3
		VSHUFI32X4(U8(0x44), t3, t2, u[2])
		VSHUFI32X4(U8(0xee), t3, t2, u[3])
		give(t0, t1, t2, t3)
		for L := range 4 {
			x := take()
			imm := U8(0x88) // lanes 0 and 2 of each: lane L of t0, t1, t2, t3
			if L%2 == 1 {
				imm = U8(0xdd)
			}
			VSHUFI32X4(imm, u[2+L/2], u[L/2], x)
			msg[4*L+k] = x
		}
		give(u[:]...)
	}
	// Words left in the state's registers move to free ones of Z16..Z31.
	var high []VecPhysical
	for _, r := range free {
		if r.ID() >= 16 {
			high = append(high, r)
		}
	}
	for i, m := range msg {
		if r := m.(VecPhysical); r.ID() < 16 {
			VMOVDQA64(r, high[0])
			msg[i], high = high[0], high[1:]
		}
	}
	return msg
}

// transpose turns, in every 128-bit lane, four rows of four words into
// their columns, with t0 and t1 as temporaries, and returns the registers
// holding columns 0 to 3.
func (w wide) transpose(rows []VecPhysical, t0, t1 VecPhysical) [4]VecPhysical {
	a, b, c, d := rows[0], rows[1], rows[2], rows[3]
	VPUNPCKLDQ(b, a, t0) // a0 b0 a1 b1
	VPUNPCKHDQ(b, a, a)  // a2 b2 a3 b3
	VPUNPCKLDQ(d, c, t1) // c0 d0 c1 d1
	VPUNPCKHDQ(d, c, c)  // c2 d2 c3 d3
	VPUNPCKLQDQ(t1, t0, b)
	VPUNPCKHQDQ(t1, t0, d)
	VPUNPCKLQDQ(c, a, t0)
	VPUNPCKHQDQ(c, a, c)
	return [4]VecPhysical{b, d, t0, c}
}

// storeLane stores 128-bit lane L of x at m.
func (w wide) storeLane(x VecPhysical, L int, m Mem) {
	switch {
	case L == 0:
		VMOVDQU(x.AsX(), m)
	case w.avx2:
		VEXTRACTI128(U8(L), x, m)
	default:
		VEXTRACTI32X4(U8(L), x, m)
	}
}

// move is a whole-register load or store.
func (w wide) move(src, dst Op) {
	if w.avx2 {
		VMOVDQU(src, dst)
	} else {
		VMOVDQU32(src, dst)
	}
}

// xor sets dst ^= src.
func (w wide) xor(src, dst VecPhysical) {
	if w.avx2 {
		VPXOR(src, dst, dst)
	} else {
		VPXORD(src, dst, dst)
	}
}

// step runs four G functions side by side: G j on state words a[j], b[j],
// c[j], d[j] with message words x[j] and y[j].
func (w wide) step(msg [16]Op, spill Mem, a, b, c, d, x, y [4]int) {
	w.half(msg, spill, a, b, c, d, x, 16, 12)
	w.half(msg, spill, a, b, c, d, y, 8, 7)
}

// half is one half of G for four Gs: a += b + m, d = (d ^ a) >>> rotD,
// c += d, b = (b ^ c) >>> rotB. AVX-512F rotates with VPRORD; AVX2 by
// whole bytes with VPSHUFB, by 12 and 7 with two shifts and an OR, whose
// temporary is the register of the first c word, put on the stack
// meanwhile (the state fills the sixteen YMM registers).
func (w wide) half(msg [16]Op, spill Mem, a, b, c, d, m [4]int, rotD, rotB int) {
	v := w.v
	for j := range 4 {
		VPADDD(msg[m[j]], v[a[j]], v[a[j]])
	}
	for j := range 4 {
		VPADDD(v[b[j]], v[a[j]], v[a[j]])
	}
	for j := range 4 {
		w.xor(v[a[j]], v[d[j]])
	}
	for j := range 4 {
		if w.avx2 {
			mask := rot16x8
			if rotD == 8 {
				mask = rot8x8
			}
			VPSHUFB(mask, v[d[j]], v[d[j]])
		} else {
			VPRORD(U8(rotD), v[d[j]], v[d[j]])
		}
	}
	for j := range 4 {
		VPADDD(v[d[j]], v[c[j]], v[c[j]])
	}
	for j := range 4 {
		w.xor(v[c[j]], v[b[j]])
	}
	if !w.avx2 {
		for j := range 4 {
			VPRORD(U8(rotB), v[b[j]], v[b[j]])
		}
		return
	}
	t := v[c[0]]
	VMOVDQU(t, spill)
	for j := range 4 {
		VPSRLD(U8(rotB), v[b[j]], t)
		VPSLLD(U8(32-rotB), v[b[j]], v[b[j]])
		VPOR(t, v[b[j]], v[b[j]])
	}
	VMOVDQU(spill, t)
}

// prefetchAhead is how far ahead of the block being hashed each input's
// bytes are asked into the cache: four blocks, the distance of the BLAKE3
// team's C and assembly kernels.
const prefetchAhead = 4 * 64

// prefetch asks the cache for every input's block prefetchAhead bytes
// after the one just loaded, and for the same block of the input as far
// after it as the next call's (w.width inputs on: the caller hashes a
// buffer group by group), whose first blocks the first prefetches do not reach: input i's
// last blocks ask for input i+1's first ones, loaded already. The sixteen
// inputs are sixteen streams of a kibibyte, too short and too many for
// the hardware prefetchers when the input is a mapped file the cache has
// not seen. hash16AVX512, one goroutine, 1 GiB of a populated mapping of
// a file in the page cache (Zen 4 VM, user time of three runs): 0.33-0.34
// s without prefetches, 0.28-0.29 with the first ones, 0.22 with both;
// a 256 MiB buffer on the heap 0.32, 0.27, 0.23. A prefetch of bytes past
// the end of the input, or of a page that is not there, neither faults
// nor changes the result.
func (w wide) prefetch(ptrs []Register, stride, stride3, tmp Register) {
	for _, p := range ptrs {
		PREFETCHT0(Mem{Base: p, Disp: prefetchAhead})
		PREFETCHT0(Mem{Base: p, Index: stride, Scale: 1, Disp: prefetchAhead})
		PREFETCHT0(Mem{Base: p, Index: stride, Scale: 2, Disp: prefetchAhead})
		PREFETCHT0(Mem{Base: p, Index: stride3, Scale: 1, Disp: prefetchAhead})
	}
	for _, p := range ptrs {
		// tmp = p + w.width*stride, in steps of 8 strides (LEAQ's
		// largest scale).
		LEAQ(Mem{Base: p, Index: stride, Scale: 8}, tmp)
		for range w.width/8 - 1 {
			LEAQ(Mem{Base: tmp, Index: stride, Scale: 8}, tmp)
		}
		PREFETCHT0(Mem{Base: tmp})
		PREFETCHT0(Mem{Base: tmp, Index: stride, Scale: 1})
		PREFETCHT0(Mem{Base: tmp, Index: stride, Scale: 2})
		PREFETCHT0(Mem{Base: tmp, Index: stride3, Scale: 1})
	}
}
