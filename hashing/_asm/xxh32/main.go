// Command xxh32 generates hashing/xxh32/xxh32block_amd64.s: XXH32's stripe
// loop with the four 32-bit lanes in one XMM register, the kernel of
// func(v *[4]uint32, p []byte) that run stripesGeneric on the whole 16-byte
// stripes of p.
//
// A lane's round is acc += in*PRIME32_2; acc = rotl(acc, 13);
// acc *= PRIME32_1 (the xxHash specification, doc/xxhash_spec.md, "Step 2.
// Process stripes"). One stripe is one 16-byte load: the four inputs are
// the four doublewords of an XMM register, and PMULLD multiplies all four.
// The product by PRIME32_2 does not depend on the lanes, so the loop's
// chain is an add, a rotation and one PMULLD a stripe.
//
// That chain is why the kernel is for AMD only: Zen's PMULLD takes 3 or 4
// cycles, so a stripe costs about 6 (the rotation is two shifts side by
// side and an OR), where the scalar loop the Go compiler writes issues
// eight 32-bit IMULs a stripe on the one port that runs them (8 cycles).
// Intel's PMULLD is two micro-ops of 10 cycles: 14 a stripe, slower than
// the scalar loop, which Intel CPUs keep.
//
// AVX-512's VPROLD would rotate in one instruction, but Zen 4 takes 2
// cycles for it, as long as the shifts: an avx512 kernel measured level
// with this one (TestAlternate in hashing, xxh32, 16 KiB and 1 MiB
// messages: 9.5 and 9.7 GB/s both, the Go loop 7.3) and was left out.
package main

//go:generate go run . -out ../../xxh32/xxh32block_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	prime1 = 0x9E3779B1
	prime2 = 0x85EBCA77
)

func main() {
	// avo loads the package to check the signatures; its purego build does
	// not import cpuid, which this module does not require.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/xxh32")
	ConstraintExpr("!purego")
	stripesSSE41()
	Generate()
}

// Registers: the lanes' address, the next stripe, how many are left; the
// lanes, the primes broadcast, a stripe's product and the rotation's
// other half.
var (
	vPtr, in, left           = RDI, RSI, RCX
	lanes, p1, p2, term, tmp = X0, X1, X2, X3, X4
)

func stripesSSE41() {
	const name = "stripesSSE41"
	TEXT(name, NOSPLIT, "func(v *[4]uint32, p []byte)")
	Doc(name+" consumes the whole 16-byte stripes of p into v with SSE4.1's PMULLD.",
		"It computes stripesGeneric.")
	Load(Param("v"), vPtr)
	Load(Param("p").Base(), in)
	Load(Param("p").Len(), left)
	SHRQ(U8(4), left)
	JZ(LabelRef(name + "_done"))

	Comment("the primes in every doubleword")
	MOVL(U32(prime1), EAX)
	MOVD(EAX, p1)
	PSHUFL(U8(0), p1, p1)
	MOVL(U32(prime2), EAX)
	MOVD(EAX, p2)
	PSHUFL(U8(0), p2, p2)
	MOVOU(Mem{Base: vPtr}, lanes)

	Label(name + "_stripe")
	MOVOU(Mem{Base: in}, term)
	PMULLD(p2, term)
	PADDD(term, lanes)
	Comment("rotl(lanes, 13)")
	MOVO(lanes, tmp)
	PSLLL(U8(13), lanes)
	PSRLL(U8(19), tmp)
	POR(tmp, lanes)
	PMULLD(p1, lanes)
	ADDQ(U8(16), in)
	DECQ(left)
	JNZ(LabelRef(name + "_stripe"))
	MOVOU(lanes, Mem{Base: vPtr})

	Label(name + "_done")
	RET()
}
