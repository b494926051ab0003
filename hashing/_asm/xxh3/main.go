// Command xxh3 generates hashing/xxh3/xxh3block_amd64.s: XXH3's long-input
// accumulator with AVX-512, AVX2 and SSE2, the kernels of
// func(acc *[8]uint64, p []byte) that run accumulateGeneric on the whole
// 1 KiB blocks of p, and those of func(acc *[8]uint64, p, sec []byte) that
// run stripesGeneric on the stripes of the last block, which Sum finishes.
//
// A stripe of 64 bytes is eight 64-bit words v, each XORed with its word
// of the secret into k; word i of the accumulator gains the 32x32-bit
// product of k's halves, word i^1 gains v itself. A block is sixteen
// stripes, stripe s with the secret moved on by 8*s bytes, then a scramble
// of every word: a ^= a>>47, a ^= the secret's last 64 bytes, a *= PRIME32_1
// (the xxHash specification, doc/xxhash_spec.md, "Stripe processing" and
// "Accumulator scrambling").
//
// The eight words are one ZMM register, two YMM or four XMM registers;
// swapping the 64-bit halves of every 128-bit lane (PSHUFD $0x4E) takes v
// to the word i^1. The product is PMULUDQ of k and k shifted right by 32.
// A stripe's two terms are added together before the accumulator, so its
// chain is one add a stripe; the stripes' loads, XORs and products are
// independent and overlap. The scramble's product by the 32-bit prime is
// two PMULUDQs, lo*p + (hi*p << 32), since a 64x64-bit vector product
// (VPMULLQ) is AVX-512DQ and slow on Intel.
//
// The secret is the package's var secret (the default secret, 192 bytes),
// read through ·secret(SB).
//
// Measured on the AMD EPYC of the development machine (AVX-512; go test
// -bench Write ./hashing/xxh3, one message written 1 MiB at a time, best
// of 5 on a shared machine): avx512 83 GB/s, avx2 69, sse2 35, the
// portable Go 8.4; github.com/zeebo/xxh3's Hasher with its AVX-512 kernel
// 46, since it copies the Writes after the first (82 on one 1 MiB Write).
package main

//go:generate go run . -out ../../xxh3/xxh3block_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	stripeLen  = 64
	blockLen   = 1024
	stripes    = blockLen / stripeLen
	scrambleAt = 192 - stripeLen // the scramble's secret: the last 64 bytes
	prime32_1  = 0x9E3779B1
)

func main() {
	// avo loads the package to check the signatures; its purego build does
	// not import cpuid or zeebo/xxh3, which this module does not require.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/xxh3")
	ConstraintExpr("!purego")
	accumulateAVX512()
	accumulateAVX2()
	accumulateSSE2()
	stripesAVX512()
	stripesAVX2()
	stripesSSE2()
	Generate()
}

// Every kernel: the accumulator's address, the next block (or stripe) and
// how many are left; the stripes kernels' secret.
var accPtr, in, left, secPtr = RDI, RSI, RCX, RDX

// secretAt is the default secret from byte off on.
func secretAt(off int) Mem { return NewDataAddr(Symbol{Name: "·secret"}, off) }

// prologue loads the arguments and jumps to done when p holds no block.
func prologue(name, doc string) {
	TEXT(name, NOSPLIT, "func(acc *[8]uint64, p []byte)")
	Doc(name+" accumulates the whole 1 KiB blocks of p into acc "+doc+".",
		"It computes accumulateGeneric.")
	Load(Param("acc"), accPtr)
	Load(Param("p").Base(), in)
	Load(Param("p").Len(), left)
	SHRQ(U8(10), left)
	JZ(LabelRef("done"))
}

// epilogue moves on to the next block and loops.
func epilogue() {
	ADDQ(U32(blockLen), in)
	DECQ(left)
	JNZ(LabelRef("block"))
}

// stripesPrologue loads the arguments of a stripes kernel and jumps to
// done when p holds no stripe.
func stripesPrologue(name, doc string) {
	TEXT(name, NOSPLIT, "func(acc *[8]uint64, p, sec []byte)")
	Doc(name+" accumulates the whole stripes of p into acc "+doc+", stripe i",
		"with the secret from sec[8*i:], which must hold 8*(stripes-1)+64 bytes.",
		"It computes stripesGeneric.")
	Load(Param("acc"), accPtr)
	Load(Param("p").Base(), in)
	Load(Param("p").Len(), left)
	Load(Param("sec").Base(), secPtr)
	SHRQ(U8(6), left)
	JZ(LabelRef("done"))
}

// stripesEpilogue moves on to the next stripe and its secret, and loops.
func stripesEpilogue() {
	ADDQ(U8(stripeLen), in)
	ADDQ(U8(8), secPtr)
	DECQ(left)
	JNZ(LabelRef("stripe"))
}
