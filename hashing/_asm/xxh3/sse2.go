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

	Label("block")
	for s := range stripes {
		stripeSSE2(acc, Mem{Base: in, Disp: stripeLen * s}, secretAt(8*s))
	}

	Comment("Scramble.")
	for q := range 4 {
		t := xTemps[q%2][0]
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

// xTemps are two sets of temporaries, taken in turns by the quarters.
var xTemps = [2][3]VecPhysical{{X4, X5, X6}, {X7, X12, X13}}

// stripeSSE2 accumulates the stripe at in with the secret at sec into the
// quarters acc.
func stripeSSE2(acc []VecPhysical, in, sec Mem) {
	for q := range 4 {
		v, k, hi := xTemps[q%2][0], xTemps[q%2][1], xTemps[q%2][2]
		MOVOU(in.Offset(16*q), v)
		MOVOU(sec.Offset(16*q), k)
		PXOR(v, k)
		PSHUFD(U8(0x31), k, hi)
		PMULULQ(hi, k)
		PSHUFD(U8(0x4E), v, v)
		PADDQ(v, k)
		PADDQ(k, acc[q])
	}
}

// stripesSSE2 is stripesGeneric, a stripe a turn of the loop.
func stripesSSE2() {
	stripesPrologue("stripesSSE2", "with SSE2")
	acc := []VecPhysical{X0, X1, X2, X3}
	for q := range 4 {
		MOVOU(Mem{Base: accPtr, Disp: 16 * q}, acc[q])
	}
	Label("stripe")
	stripeSSE2(acc, Mem{Base: in}, Mem{Base: secPtr})
	stripesEpilogue()
	for q := range 4 {
		MOVOU(acc[q], Mem{Base: accPtr, Disp: 16 * q})
	}
	Label("done")
	RET()
}
