package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	wr "github.com/hashdrop/hashdrop/hashing/internal/whirlpoolround"
)

// blockAVX512 keeps the state in one ZMM register and runs the round that
// hashing/internal/whirlpoolround writes (two VPERMI2B for the S-box,
// GF2P8AFFINEQB for the multiplications of MixRows, VPERMB for ShiftColumns
// and the rows' rotations, VPTERNLOGQ for the XOR tree); the tests of
// hashing/whirlpool run the same round on a Go model of the instructions.
// It needs AVX-512 F, BW and VBMI and GFNI, which the machines that wrote it
// lacked; it was verified later on an AMD Zen 4.
func blockAVX512() {
	TEXT("blockAVX512", NOSPLIT, "func(dig *digest, p []byte)")
	Doc("blockAVX512 compresses whole blocks of p into dig with AVX-512 VBMI and GFNI.")

	perms := GLOBL("avx512Perms", RODATA|NOPTR)
	for m, p := range wr.Perms() {
		for i := 0; i < 64; i += 8 {
			var q uint64
			for b := range 8 {
				q |= uint64(p[i+b]) << (8 * b)
			}
			DATA(64*m+i, U64(q))
		}
	}
	matrices := GLOBL("avx512Matrices", RODATA|NOPTR)
	for k, mul := range wr.Multipliers {
		DATA(8*k, U64(wr.Matrix(mul.C)))
	}
	// VPSHUFB indexes that reverse the bytes of each quadword: the rows load
	// big-endian.
	bswap := GLOBL("avx512Bswap", RODATA|NOPTR)
	for i := 0; i < 64; i += 8 {
		DATA(i, U64(0x08090a0b0c0d0e0f-0x0808080808080808+uint64(i%16)*0x0101010101010101))
	}

	Load(Param("dig"), RAX)
	Load(Param("p").Base(), RSI)
	Load(Param("p").Len(), RCX)
	SHRQ(U8(6), RCX)
	JZ(LabelRef("avx512_done"))

	sbox := NewDataAddr(Symbol{Name: "·sbox"}, 0)
	for q := range 4 {
		VMOVDQU64(sbox.Offset(64*q), z(wr.Sbox+wr.Reg(q)))
	}
	for m := range 8 {
		VMOVDQU64(perms.Offset(64*m), z(wr.Perm+wr.Reg(m)))
	}
	for k := range wr.Multipliers {
		VPBROADCASTQ(matrices.Offset(8*k), z(wr.Matrices+wr.Reg(k)))
	}
	h, msg := wr.FirstTmp, wr.FirstTmp+1
	var free []wr.Reg
	for r := msg + 1; r < 32; r++ {
		free = append(free, r)
	}
	VMOVDQU64(Mem{Base: RAX}, z(h))

	Label("avx512_loop")
	VMOVDQU64(Mem{Base: RSI}, z(msg))
	VPSHUFB(bswap, z(msg), z(msg))
	wr.Compress(emitter{}, h, msg, free)
	ADDQ(U8(64), RSI)
	DECQ(RCX)
	JNZ(LabelRef("avx512_loop"))

	VMOVDQU64(z(h), Mem{Base: RAX})
	VZEROUPPER()
	Label("avx512_done")
	RET()
}

var zmm = []VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

func z(r wr.Reg) VecPhysical { return zmm[r] }

// emitter writes the instructions of whirlpoolround.Machine, in the operand
// order of the Go assembler (the reverse of Intel's).
type emitter struct{}

func (emitter) Copy(dst, src wr.Reg)        { VMOVDQA64(z(src), z(dst)) }
func (emitter) Permute2(idx, lo, hi wr.Reg) { VPERMI2B(z(hi), z(lo), z(idx)) }
func (emitter) SignMask(src wr.Reg)         { VPMOVB2M(z(src), K1) }
func (emitter) Blend(dst, clear, set wr.Reg) {
	VPBLENDMB(z(set), z(clear), K1, z(dst))
}
func (emitter) Affine(dst, src, matrix wr.Reg) { VGF2P8AFFINEQB(U8(0), z(matrix), z(src), z(dst)) }
func (emitter) Permute(dst, idx, src wr.Reg)   { VPERMB(z(src), z(idx), z(dst)) }
func (emitter) Xor(dst, b wr.Reg)              { VPXORQ(z(b), z(dst), z(dst)) }
func (emitter) Xor3(dst, b, c wr.Reg)          { VPTERNLOGQ(U8(0x96), z(c), z(b), z(dst)) }
func (emitter) RoundConstant(dst wr.Reg, r int) {
	VMOVQ(NewDataAddr(Symbol{Name: "·rc"}, 8*r), z(dst).AsX())
}
