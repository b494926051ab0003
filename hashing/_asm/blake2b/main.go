// Command blake2b generates hashing/blake2b/blake2bblock_amd64.s: BLAKE2b's
// scalar kernel (scalar.go), for CPUs without AVX-512, and a vector one that keeps
// the 4x4 state in four YMM registers, one row each, and runs the four G
// functions of a step at once, described here.
//
// The rounds are a chain of dependent operations: a G is twelve of them
// (a+=b, d^=a, d>>>=32, c+=d, b^=c, b>>>=24, twice), a round two Gs, and
// nothing of one block starts before the last one's rounds end. Between the
// column step and the diagonal step the rows are turned against each other;
// turning a, c and d and leaving b (the diagonal G of lane i then sees
// a[i-1], b[i], c[i+1], d[i+2]) keeps the turns off the chain: a is
// finished five operations before the next step reads it, d and c before
// their first use too, while b, which the next step reads first, stays put.
// The message words each step adds are picked from the block's sixteen,
// held in two ZMM registers, by one VPERMI2Q for the two halves of a step
// (AVX-512F), off the chain. The rotations by 32, 24 and 16 are shuffles,
// by 63 VPRORQ.
//
// Measured on AMD Zen 4 (EPYC, 3.78 GHz; 64 KiB at a time, the variants
// taking turns): 893 MB/s, 543 cycles a block, against 701 for
// golang.org/x/crypto/blake2b's AVX2 core. Turning b, c and d instead of a,
// c and d: 785 (-12 %); the rotation by 63 as add, shift and OR: 822
// (-8 %); every rotation by VPRORQ: 887. With the turns and the message
// left out altogether (wrong digests, the bare chain of the rounds) it ran
// 917 MB/s, 515 cycles a block, 21 a step: the chain of fourteen vector
// operations a step, not the turns or the message, sets the speed on Zen 4.
// The scalar kernel's chain is twelve one-cycle operations a step: it ran
// 1673 MB/s there (290 cycles a block, the chain's bound).
//
// Measured again on the same kind of machine (Zen 4, 1 MiB, best of 40
// runs, cycles from a chain of dependent IMULs timed in turns with each
// kernel, the clock at 3.69 GHz): the vector kernel 3.19 cycles a byte
// (408 a block), its bare chain 3.12 (399 a block, 16.6 a step: the floor
// of this design on Zen 4), every rotation by VPRORQ 3.24, the rows'
// turn of a left out 3.19; the scalar kernel 3.63 to 3.83, its v11 on the
// stack on the chain of two Gs a step. The vector kernel now comes first.
package main

//go:generate go run . -out ../../blake2b/blake2bblock_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/hashdrop/hashdrop/hashing/internal/blake2bspec"
)

// sigma and iv are RFC 7693's (hashing/internal/blake2bspec).
var (
	sigma = blake2bspec.Sigma
	iv    = blake2bspec.IV
)

func main() {
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/blake2b")
	ConstraintExpr("!purego")
	consts()
	blockAVX512()
	blockAMD64()
	Generate()
}

var ivTable, msgIndex, ror24, ror16 Mem

// consts emits the IV, the VPERMI2Q indexes of every step (round r, step s
// at 64*(2r+s): the first words of the four Gs, then the second words), and
// the byte shuffles that rotate each 64-bit word right by 24 and by 16.
func consts() {
	ivTable = GLOBL("blake2b_iv", RODATA|NOPTR)
	for i, v := range iv {
		DATA(8*i, U64(v))
	}
	msgIndex = GLOBL("blake2b_msg", RODATA|NOPTR)
	for r := range 12 {
		s := sigma[r%10]
		// Column step: lane i runs G_i on words s[2i], s[2i+1]. Diagonal
		// step: lane i holds b[i], so it runs G_{4+(i+3)%4}.
		col := []int{s[0], s[2], s[4], s[6], s[1], s[3], s[5], s[7]}
		diag := []int{s[14], s[8], s[10], s[12], s[15], s[9], s[11], s[13]}
		for j, w := range append(col, diag...) {
			DATA(128*r+8*j, U64(uint64(w)))
		}
	}
	ror24 = GLOBL("blake2b_ror24", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0201000706050403+0x0808080808080808*uint64(i%2)))
	}
	ror16 = GLOBL("blake2b_ror16", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0100070605040302+0x0808080808080808*uint64(i%2)))
	}
}
