package main

import "fmt"

// XXH64's stripe loop for 386 with SSE2: the four 64-bit lanes in two XMM
// registers (X0 lanes 0-1, X1 lanes 2-3), where the generic Go's 386 code
// holds each lane in a register pair and the stack. A lane's round is
// acc += in*PRIME64_2; acc = rotl(acc, 31); acc *= PRIME64_1 (the xxHash
// specification, doc/xxhash_spec.md, "Step 2. Process stripes").
//
// SSE2 multiplies 32x32 into 64 bits (PMULUDQ, which reads the even
// doublewords), so a product's low 64 bits are built from three:
// a*p = a_lo*p_lo + ((a_hi*p_lo + a_lo*p_hi) << 32); PSHUFD $0xf5 moves
// a_hi to the even doublewords in one instruction. The input's product is
// added to the lane term by term, since the registers left (X2, X3) hold
// no third; the rotation is two shifts and an OR. The primes' halves wait
// in X4-X7.
//
// Registers: AX the lanes' address, SI the next stripe, CX how many are
// left, BX the primes on their way to X4-X7.
func xxh64() {
	TEXT("stripesSSE2", "func stripesSSE2(v *[4]uint64, p []byte)", "NOSPLIT", "0-16")
	I("MOVL", "v+0(FP)", "AX")
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("SHRL", imm(5), "CX")
	I("JZ", "done")
	Comment("X4, X5: PRIME64_2's low and high halves; X6, X7: PRIME64_1's (even doublewords)")
	for i, c := range []uint32{xxh64Prime2 & 0xffffffff, xxh64Prime2 >> 32, xxh64Prime1 & 0xffffffff, xxh64Prime1 >> 32} {
		x := fmt.Sprintf("X%d", 4+i)
		I("MOVL", hex(c), "BX")
		I("MOVL", "BX", x)
		I("PSHUFD", imm(0x44), x, x)
	}
	I("MOVOU", mem(0, "AX"), "X0")
	I("MOVOU", mem(16, "AX"), "X1")

	Label("stripe")
	for h, acc := range []string{"X0", "X1"} {
		Comment("lanes %d and %d", 2*h, 2*h+1)
		I("MOVOU", mem(16*h, "SI"), "X2")
		Comment("acc += in*PRIME64_2, term by term")
		I("PSHUFD", imm(0xf5), "X2", "X3")
		I("PMULULQ", "X4", "X3")
		I("PSLLQ", imm(32), "X3")
		I("PADDQ", "X3", acc)
		I("MOVO", "X2", "X3")
		I("PMULULQ", "X5", "X3")
		I("PSLLQ", imm(32), "X3")
		I("PADDQ", "X3", acc)
		I("PMULULQ", "X4", "X2")
		I("PADDQ", "X2", acc)
		Comment("acc = rotl(acc, 31)")
		I("MOVO", acc, "X3")
		I("PSLLQ", imm(31), acc)
		I("PSRLQ", imm(33), "X3")
		I("POR", "X3", acc)
		Comment("acc *= PRIME64_1")
		I("PSHUFD", imm(0xf5), acc, "X2")
		I("PMULULQ", "X6", "X2")
		I("MOVO", acc, "X3")
		I("PMULULQ", "X7", "X3")
		I("PADDQ", "X3", "X2")
		I("PSLLQ", imm(32), "X2")
		I("PMULULQ", "X6", acc)
		I("PADDQ", "X2", acc)
	}
	I("ADDL", imm(32), "SI")
	I("DECL", "CX")
	I("JNZ", "stripe")

	I("MOVOU", "X0", mem(0, "AX"))
	I("MOVOU", "X1", mem(16, "AX"))
	Label("done")
	I("RET")
}

// The primes of the specification that a stripe uses.
const (
	xxh64Prime1 = 0x9E3779B185EBCA87
	xxh64Prime2 = 0xC2B2AE3D27D4EB4F
)
