package main

// XXH32's stripe loop for 386 with SSE4.1, as hashing/_asm/xxh32 writes it
// for amd64: the four 32-bit lanes in X0, one 16-byte stripe a load, the
// products of PMULLD. A lane's round is acc += in*PRIME32_2;
// acc = rotl(acc, 13); acc *= PRIME32_1 (the xxHash specification,
// doc/xxhash_spec.md, "Step 2. Process stripes"). The product by
// PRIME32_2 does not depend on the lanes, so the chain is an add, the two
// shifts and an OR of the rotation, and one PMULLD a stripe: about 6 cycles
// on AMD's Zen, where PMULLD takes 3 or 4; Intel's takes 10, and Intel
// CPUs keep the Go (hashing/xxh32's dispatch).
//
// Registers: AX the lanes' address, SI the next stripe, CX how many are
// left, BX the primes on their way to X1 (PRIME32_1) and X2 (PRIME32_2);
// X3 a stripe's product, X4 the rotation's other half.
func xxh32() {
	TEXT("stripesSSE41", "func stripesSSE41(v *[4]uint32, p []byte)", "NOSPLIT", "0-16")
	I("MOVL", "v+0(FP)", "AX")
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("SHRL", imm(4), "CX")
	I("JZ", "done")
	Comment("the primes in every doubleword")
	I("MOVL", hex(xxh32Prime1), "BX")
	I("MOVL", "BX", "X1")
	I("PSHUFD", imm(0), "X1", "X1")
	I("MOVL", hex(xxh32Prime2), "BX")
	I("MOVL", "BX", "X2")
	I("PSHUFD", imm(0), "X2", "X2")
	I("MOVOU", mem(0, "AX"), "X0")

	Label("stripe")
	I("MOVOU", mem(0, "SI"), "X3")
	I("PMULLD", "X2", "X3")
	I("PADDL", "X3", "X0")
	Comment("rotl(lanes, 13)")
	I("MOVO", "X0", "X4")
	I("PSLLL", imm(13), "X0")
	I("PSRLL", imm(19), "X4")
	I("POR", "X4", "X0")
	I("PMULLD", "X1", "X0")
	I("ADDL", imm(16), "SI")
	I("DECL", "CX")
	I("JNZ", "stripe")

	I("MOVOU", "X0", mem(0, "AX"))
	Label("done")
	I("RET")
}

// The primes of the specification that a stripe uses.
const (
	xxh32Prime1 = 0x9E3779B1
	xxh32Prime2 = 0x85EBCA77
)
