package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// accumulateSSE2 keeps the accumulator in four XMM registers, two words
// each, and the scramble's secret and the prime in five more. SSE2's XOR
// wants its memory operand aligned, so the stripes' secrets (at offsets
// of 8) are loaded with MOVOU. PSHUFD $0x31 copies and shifts k in one.
// Go's assembler calls PMULUDQ PMULULQ.
func accumulateSSE2() {
	prologue("accumulateSSE2", "with SSE2")
	acc := []VecPhysical{X0, X1, X2, X3}
	last := []VecPhysical{X8, X9, X10, X11}
	prime := X15
	for q := range 4 {
		MOVOU(Mem{Base: accPtr, Disp: 16 * q}, acc[q])
		MOVOU(secretAt(scrambleAt+16*q), last[q])
	}
	MOVL(U32(prime32_1), EAX)
	MOVQ(RAX, prime)
	PSHUFD(U8(0x44), prime, prime)

	// Two sets of temporaries, taken in turns by the quarter stripes.
	tmp := [2][3]VecPhysical{{X4, X5, X6}, {X7, X12, X13}}
	Label("block")
	for s := range stripes {
		for q := range 4 {
			v, k, hi := tmp[q%2][0], tmp[q%2][1], tmp[q%2][2]
			MOVOU(Mem{Base: in, Disp: stripeLen*s + 16*q}, v)
			MOVOU(secretAt(8*s+16*q), k)
			PXOR(v, k)
			PSHUFD(U8(0x31), k, hi)
			PMULULQ(hi, k)
			PSHUFD(U8(0x4E), v, v)
			PADDQ(v, k)
			PADDQ(k, acc[q])
		}
	}

	Comment("Scramble.")
	for q := range 4 {
		t := tmp[q%2][0]
		MOVO(acc[q], t)
		PSRLQ(U8(47), t)
		PXOR(t, acc[q])
		PXOR(last[q], acc[q])
		PSHUFD(U8(0x31), acc[q], t)
		PMULULQ(prime, acc[q])
		PMULULQ(prime, t)
		PSLLQ(U8(32), t)
		PADDQ(t, acc[q])
	}
	epilogue()

	for q := range 4 {
		MOVOU(acc[q], Mem{Base: accPtr, Disp: 16 * q})
	}
	Label("done")
	RET()
}
