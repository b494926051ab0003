package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The four-state kernels take func(a *[4][25]uint64, in *lanes, blocks int),
// lanes being {p [4]*byte; rate [4]int}: state j absorbs blocks blocks of
// rate[j] bytes from p[j], or nothing when rate[j] is 0 (and is left as it
// was). Inside, the states are interleaved on the stack so that lane i of
// all four is one 256-bit vector; the block bytes are XORed in there by
// scalar code, each state at its own rate.

const lanesSignature = "func(a *[4][25]uint64, in *[8]uint64, blocks int)" // in is *lanes

var lanePointers = [4]GPPhysical{R8, R9, R10, R11}

// gather copies the states taking part from (a) into the interleaved buffer.
func gather(a, in GPPhysical, buf Mem) {
	for j := 0; j < 4; j++ {
		skip := fmt.Sprintf("gather%d", j+1)
		CMPQ(Mem{Base: in, Disp: 32 + 8*j}, U8(0))
		JE(LabelRef(skip))
		for i := 0; i < 25; i++ {
			MOVQ(Mem{Base: a, Disp: 8 * (25*j + i)}, RAX)
			MOVQ(RAX, buf.Offset(32*i+8*j))
		}
		Label(skip)
	}
}

// scatter copies the states taking part back from the interleaved buffer.
func scatter(a, in GPPhysical, buf Mem) {
	for j := 0; j < 4; j++ {
		skip := fmt.Sprintf("scatter%d", j+1)
		CMPQ(Mem{Base: in, Disp: 32 + 8*j}, U8(0))
		JE(LabelRef(skip))
		for i := 0; i < 25; i++ {
			MOVQ(buf.Offset(32*i+8*j), RAX)
			MOVQ(RAX, Mem{Base: a, Disp: 8 * (25*j + i)})
		}
		Label(skip)
	}
}

// xorIn XORs the next block of each state into the interleaved buffer and
// advances its pointer past the block.
func xorIn(in GPPhysical, buf Mem) {
	for j, p := range lanePointers {
		next, loop := fmt.Sprintf("xored%d", j+1), fmt.Sprintf("xor%d", j+1)
		MOVQ(Mem{Base: in, Disp: 32 + 8*j}, RCX)
		SHRQ(U8(3), RCX)
		JZ(LabelRef(next))
		LEAQ(buf.Offset(8*j), RDX)
		Label(loop)
		MOVQ(Mem{Base: p}, RAX)
		XORQ(RAX, Mem{Base: RDX})
		ADDQ(U8(8), p)
		ADDQ(U8(32), RDX)
		DECQ(RCX)
		JNZ(LabelRef(loop))
		Label(next)
	}
}

func loadLanePointers(in GPPhysical) {
	for j, p := range lanePointers {
		MOVQ(Mem{Base: in, Disp: 8 * j}, p)
	}
}

// rotMasks are the VPSHUFB controls rotating each quadword left by 8 and 56.
func rotMasks() (rot8, rot56 Mem) {
	mask := func(name string, lo, hi uint64) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for i := 0; i < 2; i++ {
			DATA(16*i, U64(lo))
			DATA(16*i+8, U64(hi))
		}
		return m
	}
	return mask("rot8", 0x0605040302010007, 0x0e0d0c0b0a09080f),
		mask("rot56", 0x0007060504030201, 0x080f0e0d0c0b0a09)
}

// absorb4AVX2 runs memRound on four states at once, two buffers on the stack.
func absorb4AVX2(rot8, rot56 Mem) {
	TEXT("absorb4AVX2", 0, lanesSignature)
	Doc("absorb4AVX2 absorbs blocks blocks into each state taking part, rate <= 200.")
	v := &vector{
		r:     registers(ymm, 11),
		tmp:   Y11,
		rot8:  Y12,
		rot56: Y13,
		bufs:  [2]Mem{AllocLocal(800), AllocLocal(800)},
		rcp:   RBX,
	}
	count, blocks := AllocLocal(8), AllocLocal(8)
	a, in := RDI, RSI
	Load(Param("a"), a)
	Load(Param("in"), in)
	Load(Param("blocks"), RCX)
	TESTQ(RCX, RCX)
	JZ(LabelRef("done"))
	MOVQ(RCX, blocks)
	gather(a, in, v.bufs[0])
	loadLanePointers(in)
	VMOVDQU(rot8, v.rot8)
	VMOVDQU(rot56, v.rot56)

	Label("block")
	xorIn(in, v.bufs[0])
	LEAQ(NewDataAddr(roundConstants, 0), v.rcp)
	MOVQ(U32(12), count)
	Label("round")
	memRound(v, 0, 0, 1)
	memRound(v, 1, 1, 0)
	ADDQ(U8(16), v.rcp)
	DECQ(count)
	JNZ(LabelRef("round"))
	DECQ(blocks)
	JNZ(LabelRef("block"))

	scatter(a, in, v.bufs[0])
	VZEROUPPER()
	Label("done")
	RET()
}

// regRounds unrolls the 24 rounds of regRound; the renaming of pi comes back
// to where it started.
func regRounds(v *vector) {
	s := [25]V{}
	for i := range s {
		s[i] = V(i)
	}
	for round := 0; round < 24; round++ {
		Comment(fmt.Sprintf("Round %d.", round))
		regRound(v, round, &s)
	}
	for i := range s {
		if s[i] != V(i) {
			panic("pi renaming did not come back")
		}
	}
}

func avx512Vector(bank func(int) VecPhysical) *vector {
	return &vector{
		r:       registers(bank, 31),
		avx512:  true,
		rcRound: func(round int) Mem { return NewDataAddr(roundConstants, 8*round) },
	}
}

// absorbAVX512 keeps one state in the low quadwords of X0..X24.
func absorbAVX512() {
	TEXT("absorbAVX512", NOSPLIT, "func(a *[25]uint64, p []byte, rate int)")
	Doc("absorbAVX512 absorbs the whole rate-byte blocks of p; rate is 72, 104, 136 or 144.")
	v := avx512Vector(xmm)
	a, p, n, rate := RDI, RSI, RCX, RDX
	Load(Param("a"), a)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), n)
	Load(Param("rate"), rate)
	CMPQ(n, rate)
	JB(LabelRef("done"))
	for i := 0; i < 25; i++ {
		VMOVQ(Mem{Base: a, Disp: 8 * i}, v.r[i])
	}

	Label("block")
	for i, r := range []int{72, 104, 136, 144} {
		for l := max(0, r/8-[]int{9, 4, 4, 1}[i]); l < r/8; l++ {
			VPXORQ_BCST(Mem{Base: p, Disp: 8 * l}, v.r[l], v.r[l])
		}
		if r < 144 {
			CMPQ(rate, U8(r))
			JE(LabelRef("permute"))
		}
	}
	Label("permute")
	regRounds(v)
	ADDQ(rate, p)
	SUBQ(rate, n)
	CMPQ(n, rate)
	JAE(LabelRef("block"))

	for i := 0; i < 25; i++ {
		VMOVQ(v.r[i], Mem{Base: a, Disp: 8 * i})
	}
	Label("done")
	RET()
}

// absorb4AVX512 keeps four interleaved states in Y0..Y24; the block bytes go
// in through the stack buffer.
func absorb4AVX512() {
	TEXT("absorb4AVX512", 0, lanesSignature)
	Doc("absorb4AVX512 absorbs blocks blocks into each state taking part, rate <= 144.")
	v := avx512Vector(ymm)
	buf, blocks := AllocLocal(800), AllocLocal(8)
	a, in := RDI, RSI
	Load(Param("a"), a)
	Load(Param("in"), in)
	Load(Param("blocks"), RCX)
	TESTQ(RCX, RCX)
	JZ(LabelRef("done"))
	MOVQ(RCX, blocks)
	gather(a, in, buf)
	loadLanePointers(in)
	for i := 0; i < 25; i++ {
		VMOVDQU64(buf.Offset(32*i), v.r[i])
	}

	Label("block")
	const rows = 144 / 8 // the lanes a block can reach
	for i := 0; i < rows; i++ {
		VMOVDQU64(v.r[i], buf.Offset(32*i))
	}
	xorIn(in, buf)
	for i := 0; i < rows; i++ {
		VMOVDQU64(buf.Offset(32*i), v.r[i])
	}
	regRounds(v)
	DECQ(blocks)
	JNZ(LabelRef("block"))

	for i := 0; i < 25; i++ {
		VMOVDQU64(v.r[i], buf.Offset(32*i))
	}
	scatter(a, in, buf)
	VZEROUPPER()
	Label("done")
	RET()
}
