package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// accumulateAVX2 keeps the accumulator in two YMM registers, the low and
// the high four words; the stripes' secrets, 32 registers' worth, are
// memory operands of the XORs, the scramble's secret and the prime are
// loaded once a call.
func accumulateAVX2() {
	prologue("accumulateAVX2", "with AVX2")
	acc := []VecPhysical{Y0, Y1}
	last := []VecPhysical{Y12, Y13}
	prime := Y14
	for h := range 2 {
		VMOVDQU(Mem{Base: accPtr, Disp: 32 * h}, acc[h])
		VMOVDQU(secretAt(scrambleAt+32*h), last[h])
	}
	MOVL(U32(prime32_1), EAX)
	MOVQ(RAX, X14)
	VPBROADCASTQ(X14, prime)

	Label("block")
	for s := range stripes {
		stripeAVX2(acc, Mem{Base: in, Disp: stripeLen * s}, secretAt(8*s))
	}

	Comment("Scramble.")
	for h := range 2 {
		t := yTemps[h][0]
		VPSRLQ(U8(47), acc[h], t)
		VPXOR(t, acc[h], acc[h])
		VPXOR(last[h], acc[h], acc[h])
		VPSRLQ(U8(32), acc[h], t)
		VPMULUDQ(prime, acc[h], acc[h])
		VPMULUDQ(prime, t, t)
		VPSLLQ(U8(32), t, t)
		VPADDQ(t, acc[h], acc[h])
	}
	epilogue()

	for h := range 2 {
		VMOVDQU(acc[h], Mem{Base: accPtr, Disp: 32 * h})
	}
	VZEROUPPER()
	Label("done")
	RET()
}

// yTemps are a set of temporaries for each half.
var yTemps = [2][3]VecPhysical{{Y2, Y3, Y4}, {Y5, Y6, Y7}}

// stripeAVX2 accumulates the stripe at in with the secret at sec into the
// halves acc.
func stripeAVX2(acc []VecPhysical, in, sec Mem) {
	for h := range 2 {
		v, k, hi := yTemps[h][0], yTemps[h][1], yTemps[h][2]
		VMOVDQU(in.Offset(32*h), v)
		VPXOR(sec.Offset(32*h), v, k)
		VPSRLQ(U8(32), k, hi)
		VPMULUDQ(hi, k, k)
		VPSHUFD(U8(0x4E), v, v)
		VPADDQ(v, k, k)
		VPADDQ(k, acc[h], acc[h])
	}
}

// stripesAVX2 is stripesGeneric, a stripe a turn of the loop.
func stripesAVX2() {
	stripesPrologue("stripesAVX2", "with AVX2")
	acc := []VecPhysical{Y0, Y1}
	for h := range 2 {
		VMOVDQU(Mem{Base: accPtr, Disp: 32 * h}, acc[h])
	}
	Label("stripe")
	stripeAVX2(acc, Mem{Base: in}, Mem{Base: secPtr})
	stripesEpilogue()
	for h := range 2 {
		VMOVDQU(acc[h], Mem{Base: accPtr, Disp: 32 * h})
	}
	VZEROUPPER()
	Label("done")
	RET()
}
