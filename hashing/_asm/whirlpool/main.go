// Command whirlpool generates hashing/whirlpool/whirlpoolblock_amd64.s.
//
// The table core follows the generic Go code: each output row of a round is
// the XOR of eight lookups, one per column, in eight 256-entry tables that
// fold SubBytes and MixRows together (the Go package builds them at init and
// the assembly reads them as ·table), with ShiftColumns done by choosing which
// row each column's byte comes from.
package main

//go:generate go run . -out ../../whirlpool/whirlpoolblock_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const rounds = 10

func main() {
	// avo reads the digest type from the package. Load it as the purego build
	// sees it: that build does not import cpuid, which this module does not
	// require.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/whirlpool")
	ConstraintExpr("!purego")
	blockTable()
	blockAVX512()
	blockAVX2()
	Generate()
}

// blockTable keeps the state and the round key in two 64-byte frames on the
// stack. A round loads each source row into AX, BX or CX and takes its bytes
// two at a time from the low and high byte registers (AL, AH) with a 16-bit
// shift between pairs; each byte indexes its table and is XORed into one of
// eight accumulators, R8-R15. DX holds the table base, SI and DI the indexes
// (they must take no REX prefix, since an instruction that reads AH cannot
// have one). Measured on Zen 3 (MB/s by CPU time, medians of 5): reading
// the bytes with byte loads from the stack was load-bound and half as fast;
// one table rotated with RORQ instead of eight gave 159 against 196; taking
// the top two bytes of each row with byte loads to spare the ALUs, 199, no
// clear gain.
func blockTable() {
	TEXT("blockTable", NOSPLIT, "func(dig *digest, p []byte)")
	Doc("blockTable compresses whole blocks of p into dig with eight lookup tables.")

	key := AllocLocal(64)
	state := AllocLocal(64)
	ptrSave := AllocLocal(8)
	nSave := AllocLocal(8)
	rcSave := AllocLocal(8)    // the round constant of this round
	roundSave := AllocLocal(8) // rounds left

	Load(Param("p").Base(), RAX)
	Load(Param("p").Len(), RBX)
	SHRQ(U8(6), RBX)
	JZ(LabelRef("done"))
	MOVQ(RAX, ptrSave)
	MOVQ(RBX, nSave)
	LEAQ(NewDataAddr(Symbol{Name: "·table"}, 0), RDX)

	Label("loop")
	Comment("key = H, state = m ^ H")
	Load(Param("dig"), RSI)
	MOVQ(ptrSave, RDI)
	for i := range 8 {
		MOVQ(Mem{Base: RSI, Disp: 8 * i}, RAX)
		MOVQ(RAX, key.Offset(8*i))
		MOVQ(Mem{Base: RDI, Disp: 8 * i}, RBX)
		BSWAPQ(RBX)
		XORQ(RAX, RBX)
		MOVQ(RBX, state.Offset(8*i))
	}

	// The rounds are a loop, not unrolled: ten copies of the round (18 KB)
	// overflow the op cache and run at the speed of the decoders.
	LEAQ(NewDataAddr(Symbol{Name: "·rc"}, 0), RAX)
	MOVQ(RAX, rcSave)
	MOVQ(U32(rounds), roundSave)
	Label("round")
	MOVQ(rcSave, RSI)
	round(key, Mem{Base: RSI}, false)
	round(state, key, true)
	ADDQ(U8(8), rcSave)
	DECQ(roundSave)
	JNZ(LabelRef("round"))

	Comment("H ^= state ^ m")
	Load(Param("dig"), RSI)
	MOVQ(ptrSave, RDI)
	for i := range 8 {
		MOVQ(state.Offset(8*i), RAX)
		MOVQ(Mem{Base: RDI, Disp: 8 * i}, RBX)
		BSWAPQ(RBX)
		XORQ(RBX, RAX)
		XORQ(RAX, Mem{Base: RSI, Disp: 8 * i})
	}
	ADDQ(U8(64), RDI)
	MOVQ(RDI, ptrSave)
	DECQ(nSave)
	JNZ(LabelRef("loop"))

	Label("done")
	RET()
}

var acc = []GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}

// round replaces the eight rows at src with one round of them: SubBytes,
// ShiftColumns and MixRows by table lookups, then the key. For the key
// schedule the key is the round constant k, a single row; for the state it is
// the eight rows at k.
func round(src Mem, k Mem, fullKey bool) {
	if fullKey {
		for i, a := range acc {
			MOVQ(k.Offset(8*i), a)
		}
	} else {
		MOVQ(k, acc[0])
	}
	// Byte c (counted from the most significant) of source row j lands, by
	// ShiftColumns, in column c of row j+c, and goes through table c.
	rows := []GPPhysical{RAX, RBX, RCX}
	low := []GPPhysical{AL, BL, CL}
	high := []GPPhysical{AH, BH, CH}
	for j := range 8 {
		x := j % len(rows)
		MOVQ(src.Offset(8*j), rows[x])
		for c := 7; c >= 0; c -= 2 {
			if c != 7 {
				SHRQ(U8(16), rows[x])
			}
			MOVBLZX(low[x], ESI)
			MOVBLZX(high[x], EDI)
			lookup(c, RSI, acc[(j+c)&7], j == 0 && !fullKey && (j+c)&7 != 0)
			lookup(c-1, RDI, acc[(j+c-1)&7], j == 0 && !fullKey && (j+c-1)&7 != 0)
		}
	}
	for i, a := range acc {
		MOVQ(a, src.Offset(8*i))
	}
}

// lookup adds table c at idx into a; first says a has no value yet (rows
// 1..7 of a round constant are zero).
func lookup(c int, idx, a GPPhysical, first bool) {
	entry := Mem{Base: RDX, Index: idx, Scale: 8, Disp: 2048 * c}
	if first {
		MOVQ(entry, a)
	} else {
		XORQ(entry, a)
	}
}
