// Command sha1 generates hashing/sha1/sha1block_amd64.s: the SHA-NI kernel
// for x86-64: the loop of the 32-bit one (hashing/_asm/sha1_386) with the
// state of the block's start kept in registers instead of on the stack, and
// the schedule's instructions in another order around the chain.
//
//	X0      A B C D (A in the top lane), what SHA1RNDS4 updates
//	X1, X2  E plus the message words of the next four rounds, alternating:
//	        SHA1NEXTE derives the next E from the A of four rounds back
//	X3..X6  the sixteen-word message schedule, four words a register
//	X7      the byte-swap mask
//	X8, X9  ABCD and E at the start of the block, for the feed-forward
//
// A block is a chain of 20 dependent SHA1RNDS4; the schedule runs beside it.
// Where its instructions go decides how often they take the SHA unit from
// the chain. This order came from a search on Intel's Sapphire Rapids (some
// 3,400 orders, each a shift of one or two of a group's seven kinds of
// instruction by up to a group and a half, eleven at a time taking turns 16
// KiB at a time with the best so far): SHA1MSG2 ahead of the copy of ABCD
// and of SHA1NEXTE (+1.3 %), SHA1MSG1 a group later and the loads a group
// earlier (+0.4 %). With the 32-bit loop's order this kernel ran 0.3 %
// faster than crypto/sha1's there; with this one 2.2 %, level with OpenSSL
// and RHash. On an AMD Zen 5 it ran at 0.996-0.998 times crypto/sha1's
// speed, both at the chain's bound, and crypto/sha1 keeps SHA-1 on AMD.
package main

//go:generate go run . -out ../../sha1/sha1block_amd64.s

import (
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var (
	abcd, bswap     = X0, X7
	saveABCD, saveE = X8, X9
)

// msg is the register holding schedule words 4g..4g+3 of group g (mod 16);
// e the one holding E (plus words) for group g.
func msg(g int) VecPhysical { return []VecPhysical{X3, X4, X5, X6}[g%4] }
func e(g int) VecPhysical   { return []VecPhysical{X1, X2}[g%2] }

func main() {
	// avo reads the digest type from the package; load it as the purego
	// build sees it, which does not import cpuid.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/sha1")
	ConstraintExpr("!purego")

	mask := GLOBL("bswap128", RODATA|NOPTR)
	DATA(0, U64(0x08090a0b0c0d0e0f)) // the message as one big-endian 128-bit
	DATA(8, U64(0x0001020304050607)) // number: the first word in the top lane

	kernel(mask)
	Generate()
}

// kernel emits blockSHANI, which reads its byte-swap mask from mask.
func kernel(mask Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(dig *digest, p []byte)")
	Doc("blockSHANI compresses whole blocks of p into dig.")
	dig := Load(Param("dig"), RAX)
	ptr := Load(Param("p").Base(), RSI)
	end := Load(Param("p").Len(), RCX)
	ANDQ(I32(-64), end)
	JZ(LabelRef("done"))
	ADDQ(ptr, end)

	Comment("H0..H3 reversed into ABCD, H4 into the top lane of E.")
	MOVOU(Mem{Base: dig}, abcd)
	PSHUFD(Imm(0x1b), abcd, abcd)
	PXOR(e(0), e(0))
	PINSRD(Imm(3), Mem{Base: dig}.Offset(16), e(0))
	MOVOU(mask, bswap)

	Label("loop")
	MOVO(abcd, saveABCD)
	MOVO(e(0), saveE)
	load := func(g int) {
		MOVOU(Mem{Base: ptr}.Offset(16*g), msg(g))
		PSHUFB(bswap, msg(g))
	}
	load(0)
	for g := range 20 {
		Comment(fmt.Sprintf("Rounds %d-%d", 4*g, 4*g+3))
		if g < 3 {
			load(g + 1)
		}
		// Group k's words: SHA1MSG1 at k-2 folds in W[t-16] and W[t-14],
		// PXOR at k-2 adds W[t-8], SHA1MSG2 at k-1 adds W[t-3] and rotates.
		if g >= 3 && g <= 18 {
			SHA1MSG2(msg(g), msg(g+1))
		}
		MOVO(abcd, e(g+1))
		if g == 0 {
			PADDD(msg(g), e(g))
		} else {
			SHA1NEXTE(msg(g), e(g))
		}
		SHA1RNDS4(Imm(uint64(g/5)), e(g), abcd)
		if g >= 2 && g <= 17 {
			SHA1MSG1(msg(g-1), msg(g-2))
			PXOR(msg(g), msg(g-2))
		}
	}
	Comment("E of this block from the A of round 76, plus the saved E.")
	SHA1NEXTE(saveE, e(20))
	PADDD(saveABCD, abcd)
	ADDQ(Imm(64), ptr)
	CMPQ(ptr, end)
	JNE(LabelRef("loop"))

	PSHUFD(Imm(0x1b), abcd, abcd)
	MOVOU(abcd, Mem{Base: dig})
	PEXTRD(Imm(3), e(0), Mem{Base: dig}.Offset(16))
	Label("done")
	RET()
}
