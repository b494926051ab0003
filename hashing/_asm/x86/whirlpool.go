package main

import "fmt"

// The Whirlpool table core for 386 (CPUs without AVX2; whirlpool_avx2.go
// writes the preferred core) is the eight-table core of the amd64 one with
// the eight accumulators in MMX registers: each output row of a round is
// the XOR of eight lookups, one per column, in the Go package's tables
// (·table, 2 KB each), which fold SubBytes and MixRows together, with
// ShiftColumns done by choosing which row each column's byte comes from.
//
// The rows being read wait on the stack as 32-bit halves; two of AX, BX and
// DX take them and give up their bytes in pairs from the low and high byte
// registers, with a 16-bit shift between pairs; SI and DI index the tables,
// whose base is in BP. A lookup is then one MOVZX and one PXOR with a memory
// operand, as in the amd64 core.
//
// The key schedule round leaves the new key in M0-M7; stored, it is also
// where the state round's accumulators start, so that round adds the key for
// free.
//
// Measured on Zen 3 (MB/s by CPU time, interleaved, 16 KiB messages; about
// 185, level with Debian's i386 OpenSSL): with the rounds' inputs made
// independent of each other (wrong digests) it ran only 4% faster, so it is
// not the chain of rounds that sets the pace and interleaving the key
// schedule's round with the state's cannot gain more than that; half the
// lookups' loads replaced by register XORs (wrong digests), 15% faster;
// MOVZX from AL instead of AH, no difference; the upper two bytes of each
// half taken with byte loads instead of a shift, 2-8% slower; one doubled
// table read at unaligned offsets (an earlier experiment), slower.
//
// The Go assembler accepts MMX registers in MOVQ and EMMS but, on 386, not in
// PXOR, so the PXORs with a table entry are written as bytes (0F EF /r, the
// operand in a comment) by pxorMMX.
func whirlpool() {
	TEXT("blockMMX", "func blockMMX(dig *digest, p []byte)", "NOSPLIT", fmt.Sprintf("%d-16", wpFrame))
	I("MOVL", "p_len+8(FP)", "AX")
	I("SHRL", imm(6), "AX")
	I("JZ", "done")
	I("MOVL", "AX", mem(wpBlocks, "SP"))
	I("MOVL", "p_base+4(FP)", "AX")
	I("MOVL", "AX", mem(wpPtr, "SP"))
	// Symbol addresses are taken here, before CX holds anything: a
	// position-independent 386 build computes them through CX.
	I("LEAL", "·rc(SB)", "AX")
	I("MOVL", "AX", mem(wpRC, "SP"))
	I("LEAL", "·table(SB)", "BP")
	Comment("CX: the rows, aligned to 64 bytes (SP is only 4-byte aligned)")
	I("LEAL", mem(wpRows+63, "SP"), "CX")
	I("ANDL", imm(^63), "CX")

	Label("loop")
	Comment("key = H; m = the block as big-endian rows; state = m ^ H")
	I("MOVL", "dig+0(FP)", "SI")
	I("MOVL", mem(wpPtr, "SP"), "DI")
	for i := range 8 {
		for half := range 2 { // the low half of row i is bytes 4..7 of it
			h := mem(8*i+4*half, "SI")
			I("MOVL", mem(8*i+4-4*half, "DI"), "AX")
			I("BSWAPL", "AX")
			I("MOVL", h, "BX")
			I("MOVL", "AX", mem(wpM+8*i+4*half, "CX"))
			I("MOVL", "BX", mem(wpKey+8*i+4*half, "CX"))
			I("XORL", "BX", "AX")
			I("MOVL", "AX", mem(wpState+8*i+4*half, "CX"))
		}
	}
	I("MOVL", mem(wpRC, "SP"), "AX")
	I("MOVL", "AX", mem(wpRCNext, "SP"))
	I("MOVL", imm(10), mem(wpRounds, "SP"))

	Label("round")
	Comment("key = round(key) ^ rc")
	I("MOVL", mem(wpRCNext, "SP"), "SI")
	I("MOVQ", mem(0, "SI"), "M0")
	wpRound(wpKey, false)
	for i := range 8 {
		I("MOVQ", fmt.Sprintf("M%d", i), mem(wpKey+8*i, "CX"))
	}
	Comment("state = round(state) ^ key")
	wpRound(wpState, true)
	for i := range 8 {
		I("MOVQ", fmt.Sprintf("M%d", i), mem(wpState+8*i, "CX"))
	}
	I("ADDL", imm(8), mem(wpRCNext, "SP"))
	I("DECL", mem(wpRounds, "SP"))
	I("JNZ", "round")

	Comment("H ^= state ^ m")
	I("MOVL", "dig+0(FP)", "SI")
	for i := range 16 {
		I("MOVL", mem(wpState+4*i, "CX"), "AX")
		I("XORL", mem(wpM+4*i, "CX"), "AX")
		I("XORL", "AX", mem(4*i, "SI"))
	}
	I("ADDL", imm(64), mem(wpPtr, "SP"))
	I("DECL", mem(wpBlocks, "SP"))
	I("JNZ", "loop")
	I("EMMS")

	Label("done")
	I("RET")

	whirlpoolAVX2()
}

// The frame: the loop's bookkeeping, then the key, the state and the message
// block as rows, at CX.
const (
	wpPtr    = 0
	wpBlocks = 4
	wpRC     = 8  // ·rc
	wpRCNext = 12 // the constant of this round
	wpRounds = 16 // rounds left
	wpRows   = 20 // 192 bytes from the first multiple of 64 on
	wpFrame  = wpRows + 64 + 192

	// Offsets from CX.
	wpKey   = 0
	wpState = 64
	wpM     = 128
)

// wpRound adds one round of the eight rows at src into M0-M7. With withKey
// the accumulators already hold the key; otherwise M0 holds the round
// constant and M1-M7 start from their first lookup (the other rows of the
// constant are zero).
func wpRound(src int, withKey bool) {
	// Byte c (counted from the most significant) of source row j lands,
	// by ShiftColumns, in column c of row j+c and goes through table c.
	// In memory the row is little-endian: the high half (offset 4) holds
	// bytes 3, 2, 1, 0 from its low byte up, the low half bytes 7, 6, 5, 4.
	halves := [][2]string{{"AX", "BX"}, {"DX", "AX"}, {"BX", "DX"}}
	for j := range 8 {
		hr := halves[j%3]
		I("MOVL", mem(src+8*j+4, "CX"), hr[0])
		I("MOVL", mem(src+8*j, "CX"), hr[1])
		for h, r := range hr {
			top := 3 + 4*h // the byte in the low byte register first
			for pair := range 2 {
				if pair == 1 {
					I("SHRL", imm(16), r)
				}
				c := top - 2*pair
				I("MOVBLZX", r[:1]+"L", "SI")
				I("MOVBLZX", r[:1]+"H", "DI")
				wpLookup(c, "SI", (j+c)&7, j == 0 && !withKey && (j+c)&7 != 0)
				wpLookup(c-1, "DI", (j+c-1)&7, j == 0 && !withKey && (j+c-1)&7 != 0)
			}
		}
	}
}

// wpLookup XORs entry idx of table c into Macc, or loads it when first.
func wpLookup(c int, idx string, acc int, first bool) {
	if first {
		I("MOVQ", memIdx(2048*c, "BP", idx, 8), fmt.Sprintf("M%d", acc))
		return
	}
	pxorMMX(acc, 2048*c, idx)
}

// pxorMMX writes PXOR disp(BP)(idx*8), Mn as bytes: 0F EF, the ModRM byte
// (disp32 with a SIB byte, reg n), the SIB byte (scale 8, base BP) and the
// displacement.
func pxorMMX(n, disp int, idx string) {
	index := map[string]int{"SI": 6, "DI": 7}[idx]
	modrm := 0x84 | n<<3
	sib := 3<<6 | index<<3 | 5
	fmt.Fprintf(&text, "\tBYTE $0x0f; BYTE $0xef; BYTE $0x%02x; BYTE $0x%02x; LONG $%d // PXOR %s, M%d\n",
		modrm, sib, disp, memIdx(disp, "BP", idx, 8), n)
}
