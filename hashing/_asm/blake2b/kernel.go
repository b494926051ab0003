package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Registers of the kernel: the chaining value in two, the rows a, b, c, d,
// the IV's two halves, the block in two ZMM registers, the flag of the last
// block in the third word of fvec, the shuffles, the message words of a
// step (the first words of the four Gs in the low half of msg, the second
// in its high half, extracted to msgHi).
var (
	hLo, hHi       = Y0, Y1
	a, b, c, d     = Y2, Y3, Y4, Y5
	iv0, iv1       = Y6, Y7
	mLo, mHi       = Z8, Z9
	fvec           = Y10
	r24, r16       = Y11, Y12
	msg, msgY      = Z13, Y13
	msgHi          = Y14
	tvec           = X15
	hPtr, tPtr     = RDI, RSI
	pPtr, n        = RBX, RCX
	t0, t1, flagGP = R8, R9, R10
)

// blockAVX512 compresses whole blocks as blockGeneric does.
func blockAVX512() {
	TEXT("blockAVX512", NOSPLIT, "func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)")
	Doc("blockAVX512 compresses the whole blocks of p with AVX-512F and VL.")
	Load(Param("h"), hPtr)
	Load(Param("t"), tPtr)
	Load(Param("flag"), flagGP)
	Load(Param("p").Base(), pPtr)
	Load(Param("p").Len(), n)
	SHRQ(U8(7), n)
	JZ(LabelRef("done"))

	// fvec = (0, 0, flag, 0), through the stack once a call.
	f := AllocLocal(32)
	MOVQ(U32(0), f)
	MOVQ(U32(0), f.Offset(8))
	MOVQ(flagGP, f.Offset(16))
	MOVQ(U32(0), f.Offset(24))
	VMOVDQU(f, fvec)

	VMOVDQU(Mem{Base: hPtr}, hLo)
	VMOVDQU(Mem{Base: hPtr, Disp: 32}, hHi)
	MOVQ(Mem{Base: tPtr}, t0)
	MOVQ(Mem{Base: tPtr, Disp: 8}, t1)
	VMOVDQU(ivTable, iv0)
	VMOVDQU(ivTable.Offset(32), iv1)
	VMOVDQU(ror24, r24)
	VMOVDQU(ror16, r16)

	Label("loop")
	ADDQ(U8(128), t0)
	ADCQ(U8(0), t1)
	VMOVQ(t0, tvec)
	VPINSRQ(U8(1), t1, tvec, tvec)
	VMOVDQU64(Mem{Base: pPtr}, mLo)
	VMOVDQU64(Mem{Base: pPtr, Disp: 64}, mHi)
	VMOVDQA(hLo, a)
	VMOVDQA(hHi, b)
	VMOVDQA(iv0, c)
	VMOVDQA(iv1, d)
	VPTERNLOGQ(U8(0x96), fvec, tvec.AsY(), d) // d = iv[4:8] ^ (t0, t1, flag, 0)
	for r := range 12 {
		for step := range 2 {
			VMOVDQU64(msgIndex.Offset(128*r+64*step), msg)
			VPERMI2Q(mHi, mLo, msg)
			VEXTRACTI64X4(U8(1), msg, msgHi)
			g(msgY, msgHi)
			left, right := U8(0x39), U8(0x93) // lane i from lane i+1, from lane i-1
			if step == 1 {
				left, right = right, left
			}
			VPERMQ(right, a, a)
			VPERMQ(left, c, c)
			VPERMQ(U8(0x4e), d, d)
		}
	}
	VPTERNLOGQ(U8(0x96), c, a, hLo)
	VPTERNLOGQ(U8(0x96), d, b, hHi)
	ADDQ(U32(128), pPtr)
	DECQ(n)
	JNZ(LabelRef("loop"))

	VMOVDQU(hLo, Mem{Base: hPtr})
	VMOVDQU(hHi, Mem{Base: hPtr, Disp: 32})
	MOVQ(t0, Mem{Base: tPtr})
	MOVQ(t1, Mem{Base: tPtr, Disp: 8})
	VZEROUPPER()
	Label("done")
	RET()
}

// g runs the four G functions of a step, x and y their message words.
func g(x, y VecPhysical) {
	VPADDQ(x, a, a)
	VPADDQ(b, a, a)
	VPXORQ(a, d, d)
	VPSHUFD(U8(0xb1), d, d) // >>> 32
	VPADDQ(d, c, c)
	VPXORQ(c, b, b)
	VPSHUFB(r24, b, b)
	VPADDQ(y, a, a)
	VPADDQ(b, a, a)
	VPXORQ(a, d, d)
	VPSHUFB(r16, d, d)
	VPADDQ(d, c, c)
	VPXORQ(c, b, b)
	VPRORQ(U8(63), b, b)
}
