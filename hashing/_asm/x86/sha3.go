package main

import "fmt"

// The Keccak-f[1600] core for 386 keeps each 64-bit lane in the low
// quadword of an XMM register (SSE2): 386 has no 64-bit general registers,
// and its eight XMM registers hold a plane and the scratch chi needs.
//
// The state is copied into a 16-byte-aligned frame, one lane per 16-byte
// slot, so that lanes can be the (aligned) memory operand of PXOR; the high
// quadwords carry garbage no low quadword ever sees, since every operation
// used is lane-wise. Two copies alternate: a round reads one and writes the
// other. A round computes the column parities C (X0-X4) and from them the
// five D words (stored), then each output plane: the five lanes that pi
// brings into it, each XORed with its D and rotated (rho), in X0-X4, then chi
// and iota into the other copy.
func sha3() {
	rot, src := keccakTables()
	TEXT("absorbSSE2", "func absorbSSE2(a *[25]uint64, p []byte, rate int)", "", fmt.Sprintf("%d-20", sha3Frame))
	Comment("BX: the state copies and D, aligned to 16 bytes")
	I("LEAL", mem(15, "SP"), "BX")
	I("ANDL", imm(^15), "BX")
	I("MOVL", "a+0(FP)", "AX")
	for i := range 25 {
		I("MOVQ", mem(8*i, "AX"), "X0")
		I("MOVO", "X0", mem(16*i, "BX"))
	}
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "DI")

	Label("block")
	I("CMPL", "DI", "rate+16(FP)")
	I("JB", "done")
	Comment("XOR the block into the state")
	I("MOVL", "rate+16(FP)", "CX")
	I("SHRL", imm(3), "CX")
	I("MOVL", "BX", "AX")
	Label("xor")
	I("MOVQ", mem(0, "SI"), "X0")
	I("PXOR", mem(0, "AX"), "X0")
	I("MOVO", "X0", mem(0, "AX"))
	I("ADDL", imm(8), "SI")
	I("ADDL", imm(16), "AX")
	I("DECL", "CX")
	I("JNZ", "xor")
	I("SUBL", "rate+16(FP)", "DI")

	Comment("24 rounds, two per iteration, from one copy to the other and back")
	I("LEAL", "·roundConstants(SB)", "DX")
	I("MOVL", imm(12), "CX")
	Label("rounds")
	keccakRound(rot, src, 0, sha3Copy)
	keccakRound(rot, src, sha3Copy, 0)
	I("DECL", "CX")
	I("JNZ", "rounds")
	I("JMP", "block")

	Label("done")
	I("MOVL", "a+0(FP)", "AX")
	for i := range 25 {
		I("MOVO", mem(16*i, "BX"), "X0")
		I("MOVQ", "X0", mem(8*i, "AX"))
	}
	I("RET")
}

// The frame: two copies of the state and the five D words, 16 bytes a lane,
// and 15 bytes of slack for the alignment.
const (
	sha3Copy  = 25 * 16
	sha3D     = 2 * sha3Copy
	sha3Frame = sha3D + 5*16 + 16
)

// keccakTables returns the rho rotation of each lane x+5y and, for each
// position x+5y after pi, the lane it comes from (FIPS 202, 3.2.2-3.2.3).
func keccakTables() (rot, src [25]int) {
	x, y := 1, 0
	for t := range 24 {
		rot[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	for x := range 5 {
		for y := range 5 {
			src[y+5*((2*x+3*y)%5)] = x + 5*y
		}
	}
	return rot, src
}

// keccakRound writes one round from the copy at offset from to the copy at
// offset to, and advances DX to the next round constant.
func keccakRound(rot, src [25]int, from, to int) {
	lane := func(base, i int) string { return mem(base+16*i, "BX") }
	Comment("theta: column parities")
	for x := range 5 {
		c := fmt.Sprintf("X%d", x)
		I("MOVO", lane(from, x), c)
		for y := 1; y < 5; y++ {
			I("PXOR", lane(from, x+5*y), c)
		}
	}
	Comment("theta: D[x] = C[x-1] ^ rol(C[x+1], 1)")
	for x := range 5 {
		next, prev := fmt.Sprintf("X%d", (x+1)%5), fmt.Sprintf("X%d", (x+4)%5)
		I("MOVO", next, "X5")
		I("PSRLQ", imm(63), "X5")
		I("MOVO", next, "X6")
		I("PADDQ", "X6", "X6")
		I("POR", "X5", "X6")
		I("PXOR", prev, "X6")
		I("MOVO", "X6", mem(sha3D+16*x, "BX"))
	}
	for y := range 5 {
		Comment("plane %d: rho and pi into X0-X4, then chi", y)
		for x := range 5 {
			s := src[x+5*y]
			b := fmt.Sprintf("X%d", x)
			I("MOVO", lane(from, s), b)
			I("PXOR", mem(sha3D+16*(s%5), "BX"), b)
			if r := rot[s]; r != 0 {
				I("MOVO", b, "X5")
				I("PSLLQ", imm(int64(r)), b)
				I("PSRLQ", imm(int64(64-r)), "X5")
				I("POR", "X5", b)
			}
		}
		for x := range 5 {
			I("MOVO", fmt.Sprintf("X%d", (x+1)%5), "X5")
			I("PANDN", fmt.Sprintf("X%d", (x+2)%5), "X5")
			I("PXOR", fmt.Sprintf("X%d", x), "X5")
			if x == 0 && y == 0 {
				I("MOVQ", mem(0, "DX"), "X6")
				I("PXOR", "X6", "X5")
			}
			I("MOVO", "X5", lane(to, x+5*y))
		}
	}
	I("ADDL", imm(8), "DX")
}
