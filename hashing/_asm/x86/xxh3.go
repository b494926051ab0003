package main

import "fmt"

// XXH3's long-input accumulator for 386, the method of the amd64 kernels
// (hashing/_asm/xxh3, whose comment describes the algorithm) on the eight
// XMM or YMM registers of 32-bit mode: the eight 64-bit words in four XMM
// registers (sse2) or two YMM registers (avx2), PMULUDQ for the 32x32-bit
// product of a stripe and, twice, for the scramble's product by the 32-bit
// prime (lo*p + (hi*p << 32)). The kernels are those of
// func(acc *[8]uint64, p []byte), accumulateGeneric on the whole 1 KiB
// blocks of p, and func(acc *[8]uint64, p, sec []byte), stripesGeneric.
//
// With four registers for the accumulator, SSE2 has four left for a
// stripe: two a quarter, taken in turns. v's swapped halves go into the
// accumulator before the product is made in v's register, so a quarter
// needs no third one; the accumulator's chain is two adds a stripe.
// Legacy SSE's memory operands must be aligned, which the input and the
// secret (at offsets of 8) are not, so both are loaded with MOVOU. The
// VEX-encoded AVX2 instructions take unaligned memory operands.
//
// Registers: AX the accumulator's address, SI the next block or stripe,
// CX how many are left, DX the secret (·secret, or the sec argument).
func xxh3() {
	for _, avx := range []bool{false, true} {
		xxh3Accumulate(avx)
		xxh3StripesKernel(avx)
	}
}

const (
	xxh3StripeLen  = 64
	xxh3BlockLen   = 1024
	xxh3Stripes    = xxh3BlockLen / xxh3StripeLen
	xxh3ScrambleAt = 192 - xxh3StripeLen // the scramble's secret: the last 64 bytes
	xxh3Prime32_1  = 0x9E3779B1
)

// xxh3Core names a core's routines and its accumulator registers.
func xxh3Core(avx bool) (suffix string, acc []string) {
	if avx {
		return "AVX2", []string{"Y0", "Y1"}
	}
	return "SSE2", []string{"X0", "X1", "X2", "X3"}
}

// xxh3Acc loads (or, with store, stores) the accumulator.
func xxh3Acc(avx, store bool) {
	_, acc := xxh3Core(avx)
	op, width := "MOVOU", 16
	if avx {
		op, width = "VMOVDQU", 32
	}
	for i, r := range acc {
		if store {
			I(op, r, mem(width*i, "AX"))
		} else {
			I(op, mem(width*i, "AX"), r)
		}
	}
}

// xxh3Stripe accumulates the stripe at disp(SI) with the secret at
// sec(DX).
func xxh3Stripe(avx bool, disp, sec int) {
	_, acc := xxh3Core(avx)
	if avx {
		for h, a := range acc {
			v, k, hi := fmt.Sprintf("Y%d", 2+3*h), fmt.Sprintf("Y%d", 3+3*h), fmt.Sprintf("Y%d", 4+3*h)
			I("VMOVDQU", mem(disp+32*h, "SI"), v)
			I("VPXOR", mem(sec+32*h, "DX"), v, k)
			I("VPSRLQ", imm(32), k, hi)
			I("VPMULUDQ", hi, k, k)
			I("VPSHUFD", imm(0x4e), v, v)
			I("VPADDQ", v, k, k)
			I("VPADDQ", k, a, a)
		}
		return
	}
	for q, a := range acc {
		v, k := fmt.Sprintf("X%d", 4+2*(q%2)), fmt.Sprintf("X%d", 5+2*(q%2))
		I("MOVOU", mem(disp+16*q, "SI"), v)
		I("MOVOU", mem(sec+16*q, "DX"), k)
		I("PXOR", v, k)
		I("PSHUFD", imm(0x4e), v, v)
		I("PADDQ", v, a)
		I("PSHUFD", imm(0x31), k, v)
		I("PMULULQ", v, k)
		I("PADDQ", k, a)
	}
}

// xxh3Scramble scrambles the accumulator with the secret at DX.
func xxh3Scramble(avx bool) {
	_, acc := xxh3Core(avx)
	Comment("Scramble: a ^= a>>47; a ^= the secret's last 64 bytes; a *= PRIME32_1.")
	I("MOVL", hex(xxh3Prime32_1), "BX")
	if avx {
		I("VMOVD", "BX", "X7")
		I("VPBROADCASTQ", "X7", "Y7")
		for h, a := range acc {
			t := fmt.Sprintf("Y%d", 2+h)
			I("VPSRLQ", imm(47), a, t)
			I("VPXOR", t, a, a)
			I("VPXOR", mem(xxh3ScrambleAt+32*h, "DX"), a, a)
			I("VPSRLQ", imm(32), a, t)
			I("VPMULUDQ", "Y7", a, a)
			I("VPMULUDQ", "Y7", t, t)
			I("VPSLLQ", imm(32), t, t)
			I("VPADDQ", t, a, a)
		}
		return
	}
	Comment("X7: the prime in both words")
	I("MOVL", "BX", "X7")
	I("PSHUFD", imm(0x44), "X7", "X7")
	for q, a := range acc {
		t, s := "X4", "X5"
		if q%2 == 1 {
			t, s = "X6", "X5"
		}
		I("MOVO", a, t)
		I("PSRLQ", imm(47), t)
		I("PXOR", t, a)
		I("MOVOU", mem(xxh3ScrambleAt+16*q, "DX"), s)
		I("PXOR", s, a)
		I("PSHUFD", imm(0x31), a, t)
		I("PMULULQ", "X7", a)
		I("PMULULQ", "X7", t)
		I("PSLLQ", imm(32), t)
		I("PADDQ", t, a)
	}
}

// xxh3Accumulate writes accumulateSSE2 or accumulateAVX2.
func xxh3Accumulate(avx bool) {
	suffix, _ := xxh3Core(avx)
	name := "accumulate" + suffix
	TEXT(name, "func "+name+"(acc *[8]uint64, p []byte)", "NOSPLIT", "0-16")
	Comment("The secret's address first: a position-independent build computes it through CX.")
	I("LEAL", "·secret(SB)", "DX")
	I("MOVL", "acc+0(FP)", "AX")
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("SHRL", imm(10), "CX")
	I("JZ", name+"_done")
	xxh3Acc(avx, false)

	Label(name + "_block")
	for s := range xxh3Stripes {
		Comment("stripe %d", s)
		xxh3Stripe(avx, xxh3StripeLen*s, 8*s)
	}
	xxh3Scramble(avx)
	I("ADDL", imm(xxh3BlockLen), "SI")
	I("DECL", "CX")
	I("JNZ", name+"_block")

	xxh3Acc(avx, true)
	if avx {
		I("VZEROUPPER")
	}
	Label(name + "_done")
	I("RET")
}

// xxh3StripesKernel writes stripesSSE2 or stripesAVX2, a stripe a turn of the
// loop.
func xxh3StripesKernel(avx bool) {
	suffix, _ := xxh3Core(avx)
	name := "stripes" + suffix
	TEXT(name, "func "+name+"(acc *[8]uint64, p, sec []byte)", "NOSPLIT", "0-28")
	I("MOVL", "acc+0(FP)", "AX")
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("MOVL", "sec_base+16(FP)", "DX")
	I("SHRL", imm(6), "CX")
	I("JZ", name+"_done")
	xxh3Acc(avx, false)

	Label(name + "_stripe")
	xxh3Stripe(avx, 0, 0)
	I("ADDL", imm(xxh3StripeLen), "SI")
	I("ADDL", imm(8), "DX")
	I("DECL", "CX")
	I("JNZ", name+"_stripe")

	xxh3Acc(avx, true)
	if avx {
		I("VZEROUPPER")
	}
	Label(name + "_done")
	I("RET")
}
