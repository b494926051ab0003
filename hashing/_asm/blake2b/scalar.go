package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// gWords are the state words of the eight Gs: four columns, four diagonals.
var gWords = [8][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}, {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}

// blockAMD64 emits the scalar kernel: the four Gs of a step interleaved
// operation by operation in general-purpose registers. Fifteen of them
// hold fifteen state words (BP among them: the frame saves it); v11 lives
// on the stack, where the CPU forwards it, and the block is copied to the
// stack first so that no register is left pointing at it.
func blockAMD64() {
	TEXT("blockAMD64", 0, "func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)")
	Doc("blockAMD64 compresses the whole blocks of p in general-purpose registers.")
	msg := AllocLocal(128)
	v11 := AllocLocal(8)
	pL, nL := AllocLocal(8), AllocLocal(8)
	t0L, t1L, flagL := AllocLocal(8), AllocLocal(8), AllocLocal(8)

	Load(Param("p").Base(), RAX)
	Load(Param("p").Len(), RCX)
	SHRQ(U8(7), RCX)
	JZ(LabelRef("scalar_done"))
	MOVQ(RAX, pL)
	MOVQ(RCX, nL)
	Load(Param("t"), RAX)
	MOVQ(Mem{Base: RAX}, RCX)
	MOVQ(RCX, t0L)
	MOVQ(Mem{Base: RAX, Disp: 8}, RCX)
	MOVQ(RCX, t1L)
	Load(Param("flag"), RCX)
	MOVQ(RCX, flagL)

	v := []Register{RAX, RBX, RCX, RDX, RSI, RDI, RBP, R8, R9, R10, R11, nil, R12, R13, R14, R15}
	word := func(i int) Op {
		if i == 11 {
			return v11
		}
		return v[i]
	}

	Label("scalar_loop")
	// The block to the stack.
	MOVQ(pL, RAX)
	for i := range 8 {
		MOVOU(Mem{Base: RAX, Disp: 16 * i}, X0)
		MOVOU(X0, msg.Offset(16*i))
	}
	// The counter moves on by a block, with carry.
	MOVQ(t0L, RAX)
	ADDQ(U8(128), RAX)
	MOVQ(RAX, t0L)
	MOVQ(t1L, RAX)
	ADCQ(U8(0), RAX)
	MOVQ(RAX, t1L)
	// v[0:8] = h, v[8:16] = IV, v12 ^= t0, v13 ^= t1, v14 ^= flag.
	Load(Param("h"), R15)
	for i := range 8 {
		MOVQ(Mem{Base: R15, Disp: 8 * i}, v[i])
	}
	MOVQ(U64(iv[3]), R12)
	MOVQ(R12, v11)
	for i := 8; i < 16; i++ {
		if i == 11 {
			continue
		}
		MOVQ(U64(iv[i-8]), v[i])
	}
	XORQ(t0L, R12)
	XORQ(t1L, R13)
	XORQ(flagL, R14)

	for r := range 12 {
		s := sigma[r%10]
		Comment(fmt.Sprintf("round %d", r))
		for step := range 2 {
			var ops [12][]func()
			for k := range 4 {
				g := 4*step + k
				a, b, c, d := word(gWords[g][0]), word(gWords[g][1]), word(gWords[g][2]), word(gWords[g][3])
				x, y := msg.Offset(8*s[2*g]), msg.Offset(8*s[2*g+1])
				half := func(m Mem, rd, rb int) []func() {
					return []func(){
						func() { ADDQ(m, a) },
						func() { ADDQ(b, a) },
						func() { XORQ(a, d); RORQ(U8(rd), d) },
						func() { ADDQ(d, c) },
						func() { XORQ(c, b) },
						func() { RORQ(U8(rb), b) },
					}
				}
				seq := append(half(x, 32, 24), half(y, 16, 63)...)
				for i, o := range seq {
					ops[i] = append(ops[i], o)
				}
			}
			for _, row := range ops {
				for _, o := range row {
					o()
				}
			}
		}
	}

	// h ^= v[0:8] ^ v[8:16].
	for i := range 8 {
		XORQ(word(i+8), v[i])
	}
	Load(Param("h"), R9)
	for i := range 8 {
		XORQ(v[i], Mem{Base: R9, Disp: 8 * i})
	}
	ADDQ(U32(128), pL)
	DECQ(nL)
	JNZ(LabelRef("scalar_loop"))

	Load(Param("t"), RAX)
	MOVQ(t0L, RCX)
	MOVQ(RCX, Mem{Base: RAX})
	MOVQ(t1L, RCX)
	MOVQ(RCX, Mem{Base: RAX, Disp: 8})
	Label("scalar_done")
	RET()
}
