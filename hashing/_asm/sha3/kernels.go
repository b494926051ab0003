package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var roundConstants = Symbol{Name: "·roundConstants"}

// scalar maps memRound to general registers (BMI2: RORX, ANDN). Buffer 0 is
// the caller's state at (a), buffer 1 a stack copy; the round constants of the
// two rounds of a loop iteration are at 0(rcp) and 8(rcp).
type scalar struct {
	r     [11]GPPhysical
	a     GPPhysical
	stack Mem
	rcp   GPPhysical
}

func (s *scalar) mem(m M) Mem {
	if m.buf == 0 {
		return Mem{Base: s.a, Disp: 8 * m.lane}
	}
	return s.stack.Offset(8 * m.lane)
}

func (s *scalar) load(d V, m M)   { MOVQ(s.mem(m), s.r[d]) }
func (s *scalar) store(m M, v V)  { MOVQ(s.r[v], s.mem(m)) }
func (s *scalar) xorMem(d V, m M) { XORQ(s.mem(m), s.r[d]) }
func (s *scalar) xor(d, a, b V) {
	if d != a {
		panic("scalar xor must be in place")
	}
	XORQ(s.r[b], s.r[d])
}
func (s *scalar) rol(d, v V, n int)    { RORXQ(U8(64-n), s.r[v], s.r[d]) }
func (s *scalar) andnXor(d, a, b, c V) { ANDNQ(s.r[c], s.r[b], s.r[d]); XORQ(s.r[a], s.r[d]) }
func (s *scalar) iota(d V, round int)  { XORQ(Mem{Base: s.rcp, Disp: 8 * (round % 2)}, s.r[d]) }
func (s *scalar) xor3(d, b, c V)       { panic("unused") }
func (s *scalar) chi(d, b, c V)        { panic("unused") }
func (s *scalar) mov(d, v V)           { panic("unused") }

// absorbBMI2 is the scalar kernel: the state stays in memory, two rounds a
// loop iteration, reading (a) and writing a stack copy, then back.
func absorbBMI2() {
	TEXT("absorbBMI2", NOSPLIT, "func(a *[25]uint64, p []byte, rate int)")
	Doc("absorbBMI2 absorbs the whole rate-byte blocks of p, rate >= 72.")
	s := &scalar{
		r:     [11]GPPhysical{R8, R9, R10, R11, R12, RAX, RBX, RCX, RDX, RSI, R13},
		a:     RDI,
		stack: AllocLocal(200),
		rcp:   R14,
	}
	left, rate, count := AllocLocal(8), AllocLocal(8), AllocLocal(8)
	p := R15
	Load(Param("a"), s.a)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), RAX)
	Load(Param("rate"), RCX)
	MOVQ(RAX, left)
	MOVQ(RCX, rate)
	CMPQ(RAX, RCX)
	JB(LabelRef("done"))

	Label("block")
	Comment("XOR the block into the state: nine lanes, then the rest of the rate.")
	for i := 0; i < 9; i++ {
		MOVQ(Mem{Base: p, Disp: 8 * i}, RAX)
		XORQ(RAX, Mem{Base: s.a, Disp: 8 * i})
	}
	MOVQ(rate, RCX)
	SHRQ(U8(3), RCX)
	SUBQ(U8(9), RCX)
	JZ(LabelRef("permute"))
	LEAQ(Mem{Base: p, Disp: 72}, RSI)
	LEAQ(Mem{Base: s.a, Disp: 72}, RDX)
	Label("lane")
	MOVQ(Mem{Base: RSI}, RAX)
	XORQ(RAX, Mem{Base: RDX})
	ADDQ(U8(8), RSI)
	ADDQ(U8(8), RDX)
	DECQ(RCX)
	JNZ(LabelRef("lane"))

	Label("permute")
	LEAQ(NewDataAddr(roundConstants, 0), s.rcp)
	MOVQ(U32(12), count)
	Label("round")
	memRound(s, 0, 0, 1)
	memRound(s, 1, 1, 0)
	ADDQ(U8(16), s.rcp)
	DECQ(count)
	JNZ(LabelRef("round"))

	ADDQ(rate, p)
	MOVQ(left, RAX)
	SUBQ(rate, RAX)
	MOVQ(RAX, left)
	CMPQ(RAX, rate)
	JAE(LabelRef("block"))
	Label("done")
	RET()
}

// vector maps memRound to AVX2 (four interleaved states, lane i of state j
// at 32i+8j of a stack buffer) and regRound to AVX-512VL (one state in the
// low quadwords of XMM registers, or four side by side in YMM registers).
type vector struct {
	r       []VecPhysical // V to register
	tmp     VecPhysical   // AVX2: rotations and round constants
	rot8    VecPhysical   // AVX2: VPSHUFB masks rotating quadwords by 8 and 56
	rot56   VecPhysical
	bufs    [2]Mem
	rcp     GPPhysical // AVX2: round constants of this loop iteration
	avx512  bool
	rcRound func(round int) Mem
}

func (v *vector) mem(m M) Mem { return v.bufs[m.buf].Offset(32 * m.lane) }

func (v *vector) load(d V, m M)   { VMOVDQU(v.mem(m), v.r[d]) }
func (v *vector) store(m M, s V)  { VMOVDQU(v.r[s], v.mem(m)) }
func (v *vector) xorMem(d V, m M) { VPXOR(v.mem(m), v.r[d], v.r[d]) }
func (v *vector) xor(d, a, b V) {
	if v.avx512 {
		VPXORQ(v.r[b], v.r[a], v.r[d])
	} else {
		VPXOR(v.r[b], v.r[a], v.r[d])
	}
}

func (v *vector) rol(d, s V, n int) {
	switch {
	case v.avx512:
		VPROLQ(U8(n), v.r[s], v.r[d])
	case n == 8:
		VPSHUFB(v.rot8, v.r[s], v.r[d])
	case n == 56:
		VPSHUFB(v.rot56, v.r[s], v.r[d])
	case n == 1:
		VPADDQ(v.r[s], v.r[s], v.tmp)
		VPSRLQ(U8(63), v.r[s], v.r[d])
		VPOR(v.tmp, v.r[d], v.r[d])
	default:
		VPSLLQ(U8(n), v.r[s], v.tmp)
		VPSRLQ(U8(64-n), v.r[s], v.r[d])
		VPOR(v.tmp, v.r[d], v.r[d])
	}
}

func (v *vector) andnXor(d, a, b, c V) {
	VPANDN(v.r[c], v.r[b], v.r[d]) // Go order: d = ^b & c
	VPXOR(v.r[a], v.r[d], v.r[d])
}

func (v *vector) iota(d V, round int) {
	if v.avx512 {
		VPXORQ_BCST(v.rcRound(round), v.r[d], v.r[d])
		return
	}
	VPBROADCASTQ(Mem{Base: v.rcp, Disp: 8 * (round % 2)}, v.tmp)
	VPXOR(v.tmp, v.r[d], v.r[d])
}

// ternlog returns the VPTERNLOGQ immediate computing f of the destination
// (a), the middle operand (b) and the first operand (c) in Go's order.
func ternlog(f func(a, b, c bool) bool) U8 {
	var imm uint8
	for i := 0; i < 8; i++ {
		if f(i&4 != 0, i&2 != 0, i&1 != 0) {
			imm |= 1 << i
		}
	}
	return U8(imm)
}

var (
	xor3Imm = ternlog(func(a, b, c bool) bool { return a != b != c })    // 0x96
	chiImm  = ternlog(func(a, b, c bool) bool { return a != (!b && c) }) // 0xd2
)

func (v *vector) xor3(d, b, c V) { VPTERNLOGQ(xor3Imm, v.r[c], v.r[b], v.r[d]) }
func (v *vector) chi(d, b, c V)  { VPTERNLOGQ(chiImm, v.r[c], v.r[b], v.r[d]) }
func (v *vector) mov(d, s V)     { VMOVDQA64(v.r[s], v.r[d]) }

// registers returns the first n registers of a bank.
func registers(bank func(int) VecPhysical, n int) []VecPhysical {
	r := make([]VecPhysical, n)
	for i := range r {
		r[i] = bank(i)
	}
	return r
}

func xmm(i int) VecPhysical { return vec(i, S128) }
func ymm(i int) VecPhysical { return vec(i, S256) }

func vec(i int, s Spec) VecPhysical {
	return FamilyOfKind(KindVector).Lookup(Index(i), s).(VecPhysical)
}

func init() {
	if got := xmm(31).Asm() + " " + ymm(17).Asm(); got != "X31 Y17" {
		panic("register banks are not in order: " + got)
	}
}
