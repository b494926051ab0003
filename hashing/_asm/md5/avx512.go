package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashdrop/hashdrop/hashing/internal/md5spec"
	"github.com/hashdrop/hashdrop/hashing/internal/md5vec"
)

// blockAVX512 runs the steps hashing/internal/md5vec writes: the chain on
// the low doublewords of XMM registers, each function one VPTERNLOGD, the
// rotations VPROLD; the tests of hashing/md5 run the same steps on a Go model
// of the instructions. It needs AVX-512 F and VL, which the machines that
// wrote it lacked; it was verified later on an AMD Zen 4.
func blockAVX512() {
	TEXT("blockAVX512", NOSPLIT, "func(dig *digest, p []byte)")
	Doc("blockAVX512 compresses the whole blocks of p into dig with AVX-512VL.")

	k := GLOBL("avx512K", RODATA|NOPTR)
	for i, v := range md5spec.K {
		DATA(4*i, U32(v))
	}
	for i := 64; i < 67; i++ { // AddK of the last steps reads past K[63]
		DATA(4*i, U32(0))
	}

	Load(Param("dig"), dig)
	Load(Param("p").Base(), ptr)
	Load(Param("p").Len(), RCX)
	SHRQ(U8(6), RCX)
	JZ(LabelRef("avx512_done"))
	for i := range 4 {
		VMOVD(Mem{Base: dig, Disp: 4 * i}, xmm(md5vec.State+md5vec.Reg(i)))
	}
	Label("avx512_loop")
	md5vec.Block(emitter{k: k})
	ADDQ(U8(64), ptr)
	DECQ(RCX)
	JNZ(LabelRef("avx512_loop"))
	for i := range 4 {
		VMOVD(xmm(md5vec.State+md5vec.Reg(i)), Mem{Base: dig, Disp: 4 * i})
	}
	VZEROUPPER()
	Label("avx512_done")
	RET()
}

var xmms = []VecPhysical{
	X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15,
	X16, X17, X18, X19, X20, X21, X22, X23, X24, X25, X26, X27, X28, X29, X30, X31,
}

func xmm(r md5vec.Reg) VecPhysical { return xmms[r] }

// emitter writes the instructions of md5vec.Machine, in the operand order
// of the Go assembler (the reverse of Intel's).
type emitter struct{ k Mem }

func (emitter) LoadWord(dst md5vec.Reg, w int) { VMOVD(Mem{Base: ptr, Disp: 4 * w}, xmm(dst)) }
func (e emitter) AddK(dst md5vec.Reg, i int)   { VPADDD(e.k.Offset(4*i), xmm(dst), xmm(dst)) }
func (emitter) Add(dst, b md5vec.Reg)          { VPADDD(xmm(b), xmm(dst), xmm(dst)) }
func (emitter) Copy(dst, src md5vec.Reg)       { VMOVDQA64(xmm(src), xmm(dst)) }
func (emitter) Ternlog(dst, b, c md5vec.Reg, imm uint8) {
	VPTERNLOGD(U8(imm), xmm(c), xmm(b), xmm(dst))
}
func (emitter) Rotate(dst md5vec.Reg, s int) { VPROLD(U8(s), xmm(dst), xmm(dst)) }
