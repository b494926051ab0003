package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// accumulateAVX512 keeps the accumulator in one ZMM register and the
// sixteen stripes' secrets, the scramble's and the prime in sixteen more,
// loaded once a call: a stripe is one load of input and five operations.
func accumulateAVX512() {
	prologue("accumulateAVX512", "with AVX-512F")
	acc := Z0
	sec := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	last, prime := Z15, Z14
	VMOVDQU64(Mem{Base: accPtr}, acc)
	for s := range stripes {
		VMOVDQU64(secretAt(8*s), sec[s])
	}
	VMOVDQU64(secretAt(scrambleAt), last)
	MOVL(U32(prime32_1), EAX)
	VPBROADCASTQ(RAX, prime)

	Label("block")
	for s := range stripes {
		stripeAVX512(acc, Mem{Base: in, Disp: stripeLen * s}, sec[s], s%2)
	}

	Comment("Scramble.")
	t := Z1
	VPSRLQ(U8(47), acc, t)
	VPTERNLOGQ(U8(0x96), last, t, acc) // acc ^= t ^ last
	VPSRLQ(U8(32), acc, t)
	VPMULUDQ(prime, acc, acc)
	VPMULUDQ(prime, t, t)
	VPSLLQ(U8(32), t, t)
	VPADDQ(t, acc, acc)
	epilogue()

	VMOVDQU64(acc, Mem{Base: accPtr})
	VZEROUPPER()
	Label("done")
	RET()
}

// zTemps are two sets of temporaries, taken in turns by the stripes.
var zTemps = [2][3]VecPhysical{{Z1, Z2, Z3}, {Z4, Z5, Z6}}

// stripeAVX512 accumulates the stripe at in with the secret sec (a
// register or memory) into acc, with the temporaries of set t.
func stripeAVX512(acc VecPhysical, in Mem, sec Op, t int) {
	v, k, hi := zTemps[t][0], zTemps[t][1], zTemps[t][2]
	VMOVDQU64(in, v)
	VPXORQ(sec, v, k)
	VPSRLQ(U8(32), k, hi)
	VPMULUDQ(hi, k, k)
	VPSHUFD(U8(0x4E), v, v)
	VPADDQ(v, k, k)
	VPADDQ(k, acc, acc)
}

// stripesAVX512 is stripesGeneric, a stripe a turn of the loop.
func stripesAVX512() {
	stripesPrologue("stripesAVX512", "with AVX-512F")
	acc := Z0
	VMOVDQU64(Mem{Base: accPtr}, acc)
	Label("stripe")
	stripeAVX512(acc, Mem{Base: in}, Mem{Base: secPtr}, 0)
	stripesEpilogue()
	VMOVDQU64(acc, Mem{Base: accPtr})
	VZEROUPPER()
	Label("done")
	RET()
}
