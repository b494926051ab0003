// Command blake3 generates hashing/blake3/blake3block_amd64.s: BLAKE3's
// kernels hash16AVX512 and hash8AVX2 (wide.go: sixteen or eight inputs at
// once, the same design in ZMM or YMM registers) and hash4SSSE3, for
// x86-64 CPUs without AVX2. BLAKE3's reference designs call theirs
// SSE4.1, for a blend in the one-block compression; this kernel hashes
// four inputs at once, one in each 32-bit lane of the XMM registers, and needs nothing
// past SSE2 but SSSE3's PSHUFB:
//
//	X0..X15    state word i of the four inputs in Xi during the rounds;
//	           X0..X7 the four chaining values between blocks
//	m (stack)  message word i of the four blocks at m+16*i, 16-byte
//	           aligned, the memory operand of the PADDDs
//	ctr        the four counters' low and high halves, the same for
//	           every block of an input
//
// The state fills all sixteen registers, so the one temporary that the
// rotations by 12 and 7 (two shifts and an OR) need is the register of the
// step's first c word, put on the stack for the four rotations and taken
// back. The rotations by 16 and 8 move whole bytes: one PSHUFB each.
// Each step runs its four G functions side by side, one operation of each
// at a time, so four independent chains keep the vector units busy.
//
// The message words of a block come from the four inputs as four rows of
// four words a load; a 4x4 transposition (PUNPCK*) turns them into
// columns, word i of the four blocks, stored once a block on the stack.
// The message permutation between rounds is done here, in the generator:
// round r adds the words the permutation applied r times names, so the
// block is never moved.
//
// The Go side hashes a group's whole chunks four at a time (16 blocks,
// counters counter..counter+3) and the parents above them four at a time
// (one block each, the chaining values of two children side by side in
// memory, counter 0).
package main

//go:generate go run . -out ../../blake3/blake3block_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashdrop/hashdrop/hashing/internal/blake3spec"
)

// iv and the message permutation between rounds are the specification's
// (hashing/internal/blake3spec).
var (
	iv          = blake3spec.IV
	permutation = blake3spec.Permutation
)

func main() {
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/blake3")
	ConstraintExpr("!purego")
	consts()
	hash4SSSE3()
	hashWide(wide{name: "hash8AVX2", width: 8, avx2: true,
		v: [16]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}})
	hashWide(wide{name: "hash16AVX512", width: 16,
		v: [16]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}})
	Generate()
}

var ivTable, rot16, rot8, blockLen, rot16x8, rot8x8 Mem

// consts emits the first four IV words, each in the four lanes of a
// 16-byte row, the PSHUFB masks rotating every 32-bit word right by 16
// and by 8, and the block length 64 in four lanes.
func consts() {
	ivTable = GLOBL("blake3_iv4", RODATA|NOPTR)
	for i := range 4 {
		for lane := range 4 {
			DATA(16*i+4*lane, U32(iv[i]))
		}
	}
	// Byte j of a word rotated right by 16 is byte j+2 (mod 4) of the
	// word; by 8, byte j+1.
	rot16 = GLOBL("blake3_rot16", RODATA|NOPTR)
	for lane := range 4 {
		DATA(4*lane, U32(0x01000302+0x04040404*uint32(lane)))
	}
	rot8 = GLOBL("blake3_rot8", RODATA|NOPTR)
	for lane := range 4 {
		DATA(4*lane, U32(0x00030201+0x04040404*uint32(lane)))
	}
	// The same for the eight lanes of a YMM register (VPSHUFB shuffles
	// each 128-bit half alone).
	rot16x8 = GLOBL("blake3_rot16x8", RODATA|NOPTR)
	for lane := range 8 {
		DATA(4*lane, U32(0x01000302+0x04040404*uint32(lane%4)))
	}
	rot8x8 = GLOBL("blake3_rot8x8", RODATA|NOPTR)
	for lane := range 8 {
		DATA(4*lane, U32(0x00030201+0x04040404*uint32(lane%4)))
	}
	blockLen = GLOBL("blake3_blocklen4", RODATA|NOPTR)
	for lane := range 4 {
		DATA(4*lane, U32(64))
	}
}

// schedule returns the message word each of the sixteen positions of
// every round adds.
func schedule() [7][16]int {
	var s [7][16]int
	for i := range 16 {
		s[0][i] = i
	}
	for r := 1; r < 7; r++ {
		for i, j := range permutation {
			s[r][i] = s[r-1][j]
		}
	}
	return s
}
