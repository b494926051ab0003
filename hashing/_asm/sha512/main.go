// Command sha512 generates hashing/sha512/sha512block_amd64.s: SHA-384/512
// cores that run the rounds on general-purpose registers with BMI2 (RORX,
// ANDN) and the message schedule of two blocks at once in YMM registers.
//
// Blocks go in pairs. The sixteen words of the first block fill the low
// 128-bit lanes of eight YMM registers, those of the second the high lanes, so
// one vector step extends both schedules by two words (the rotations of the
// schedule never cross a lane). Each step adds the round constants and stores
// W+K of both blocks on the stack; it is interleaved with the scalar rounds of
// the first block, where the vector units are otherwise idle. The second
// block's rounds then only read their W+K from the stack. An odd last block
// is loaded into both lanes and its second half of the work is skipped.
//
// A round is 22 integer operations and two eliminated moves; the add of
// Sigma0(a) goes to the next round, off the critical path, and Maj is
// Ch(a^b, c, b) with a^b kept for the next round (the order of OpenSSL's AVX2
// code). A fully unrolled pair of blocks would be some 4,600 instructions,
// more than the micro-op cache holds, so the rounds run in loops of sixteen,
// after which every register is back in its role.
//
// The rounds, not the schedule, set the speed. Zen 3 has four ALUs and runs
// RORX on two of them, so 22 operations need 5.5 cycles a round; the chains
// through a and through e are 5 cycles each. A scheduler that favoured the
// critical path would come close to 5.5, but the hardware issues the oldest
// ready operation, so the order of the instructions matters: legal orders of
// the same round measured from 6.2 to 8.5 cycles a round there. The order in
// round came from a search on Zen 3 (moves of single instructions, kept when
// they measured faster interleaved against the last best): 6.2 cycles a
// round against 6.5 for the order before it, 4.5 % faster; the schedule
// costs a further 2 %. Slower there: a round with the latency of e shortened
// from 5 to 4 cycles at the price of a 23rd operation (4 % to 11 %), the e
// half emitted before the a half (5 % to 9 %) or after it (30 %), the
// rotations of Sigma0 moved ahead of Ch (24 %, with a register of their
// own), and Sigma0 added to Maj before T1 instead of in the next round (10 %).
//
// On Zen 4 (Genoa) this order runs at about 5.95 cycles a round (960 MB/s at
// 3.57 GHz) and 5.8 with the schedule left out, against 5.5 for 22
// operations on four ALUs: measured with the kernels taking turns 16 KiB at
// a time, as hashtest.Alternate does. None of these measured more than 1 %
// faster there: 950 orders from random moves of one or two instructions,
// loop starts 0 to 56 bytes past a 64-byte boundary, loops of 32 or 64
// scheduled rounds and of 40 or 80 rounds for the second block. Adding
// h+W+K two rounds ahead on the vector side, one integer operation fewer at
// the price of two VMOVQ between the register files, measured 2 to 10 %
// slower.
//
// The two cores differ in the schedule: AVX2 builds the 64-bit rotations from
// shifts (and a byte shuffle for the rotation by 8), AVX-512VL has VPRORQ and
// merges three terms with one VPTERNLOGQ. They differ in the order of the
// round too: the AVX2 core keeps the Zen 3 order, the AVX-512 one runs the
// order found on Intel's Golden Cove cores (intelOrder), and AMD CPUs, whose
// Zen 4 ran the Zen 3 order as fast with either schedule, prefer the AVX2
// core (hashing/sha512).
package main

//go:generate go run . -out ../../sha512/sha512block_amd64.s

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashdrop/hashdrop/hashing/internal/sha512spec"
)

func main() {
	// avo reads the digest type from the package; load it as the purego
	// build sees it, which does not import cpuid.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/sha512")
	ConstraintExpr("!purego")
	consts()
	block(avx2)
	block(avx512)
	Generate()
}

// A core is a choice of schedule instructions.
type core struct {
	name   string
	avx512 bool  // VPRORQ and VPTERNLOGQ (AVX-512F with VL)
	order  []int // round's operations in this order; nil: as round lists them
}

var (
	avx2   = core{name: "AVX2"}
	avx512 = core{name: "AVX512", avx512: true, order: intelOrder}
)

// intelOrder is the order of the round in the avx512 core, from a search on
// Intel's Sapphire Rapids (Golden Cove cores, 3.75 GHz) like the one on Zen 3:
// some 4,000 orders, each one or two legal moves from the best so far, eleven
// at a time taking turns 16 KiB at a time with it (TestAlternate), a move kept
// when a second run confirmed it. Five steps were kept: T1 completed before
// Maj's AND and Sigma0's first XOR before the rotation of a by 28 (+1.7 %),
// d+T1 before that rotation too (+0.9 %), e&f before h+W+K (+1.4 %), and ^e&g
// before the rotation of e by 14 (+0.4 %), then before Sigma1's first XOR
// (+0.6 %). The round then ran at 6.2 cycles instead of 6.5 (955 against 914
// MB/s), 4.4 % faster; no other order measured faster than noise. The AVX2
// schedule with this order measured 3.6 % faster there too, but the avx2 core
// keeps the Zen 3 order: AMD CPUs run it, and Intel's CPUs without AVX-512
// (Alder Lake and later desktops, Golden Cove beside Gracemont cores) have
// not been measured. With the schedule left out
// entirely the Zen 3 order ran 1.5 % slower there, not faster: on these cores
// the vector work does not hold the rounds back.
var intelOrder = []int{1, 0, 2, 3, 4, 5, 8, 6, 7, 9, 10, 11, 12, 13, 15, 14, 16, 20, 19, 17, 18, 21, 22, 23}

var kTable, bswapMask, ror8Mask Mem

// consts emits the round constants as the vector steps add them (K[2j],
// K[2j+1] in both lanes, 32 bytes for each pair of rounds), the shuffle that
// reads big-endian words, and the one that rotates each word by 8 bits.
func consts() {
	kTable = GLOBL("k512", RODATA|NOPTR)
	for j := range 40 {
		for lane := range 2 {
			DATA(32*j+16*lane, U64(sha512spec.K[2*j]))
			DATA(32*j+16*lane+8, U64(sha512spec.K[2*j+1]))
		}
	}
	bswapMask = GLOBL("bswap64", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0001020304050607+0x0808080808080808*uint64(i%2)))
	}
	ror8Mask = GLOBL("ror64by8", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0007060504030201+0x0808080808080808*uint64(i%2)))
	}
}

// Registers. The eight working variables, five scratch registers (carried
// from round to round: the deferred Sigma0, b^c for Maj, and a copy of f),
// SI indexing the rounds' W+K on the stack and DI the constants.
var (
	state        = []GPPhysical{RAX, RBX, RCX, RDX, R8, R9, R10, R11}
	t0, t1, bc   = R12, R13, R14
	s0, fc       = R15, RBP
	idx, kBase   = RSI, RDI
	schedule     = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	v0, v1, v2   = Y8, Y9, Y10
	v3           = Y11
	wkBytes      = 40 * 32 // W+K for 80 rounds of two blocks
	roundsInLoop = 16
)

// frame holds the stack slots of a kernel.
type frame struct {
	wk       Mem // W+K: 32 bytes per pair of rounds, first block's two words then the second's
	ptr, end Mem // the next pair of blocks, and the end of the whole blocks
	second   Mem // 128 when the pair has a second block, 0 when not
}

func block(c core) {
	name := "block" + c.name
	TEXT(name, 0, "func(dig *digest, p []byte)") // the W+K buffer is too large for NOSPLIT
	Doc(name + " compresses whole blocks of p into dig.")
	f := frame{wk: AllocLocal(wkBytes), ptr: AllocLocal(8), end: AllocLocal(8), second: AllocLocal(8)}

	Load(Param("p").Base(), RSI)
	Load(Param("p").Len(), RCX)
	ANDQ(I32(^127), RCX)
	JZ(LabelRef(name + "_done"))
	ADDQ(RSI, RCX)
	MOVQ(RSI, f.ptr)
	MOVQ(RCX, f.end)
	Load(Param("dig"), RDI)
	for i, r := range state {
		MOVQ(Mem{Base: RDI}.Offset(8*i), r)
	}

	Label(name + "_pair")
	loadPair(name, f)
	Comment("first block: rounds 0-63 beside the schedule of both blocks")
	s := startRounds()
	XORQ(idx, idx)
	LEAQ(kTable, kBase)
	alignLoop()
	Label(name + "_scheduled")
	s = sixteenRounds(s, f, 0, c, true)
	ADDQ(U32(roundsInLoop/2*32), idx)
	CMPQ(idx, U32(64/2*32))
	JB(LabelRef(name + "_scheduled"))
	Comment("first block: rounds 64-79")
	s = sixteenRounds(s, f, 0, c, false)
	finishBlock(s)

	Comment("second block, from the W+K on the stack")
	CMPQ(f.second, Imm(0))
	JE(LabelRef(name + "_next"))
	s = startRounds()
	XORQ(idx, idx)
	alignLoop()
	Label(name + "_second")
	s = sixteenRounds(s, f, 16, c, false)
	ADDQ(U32(roundsInLoop/2*32), idx)
	CMPQ(idx, U32(80/2*32))
	JB(LabelRef(name + "_second"))
	finishBlock(s)

	Label(name + "_next")
	MOVQ(f.ptr, RSI)
	ADDQ(Imm(128), RSI)
	ADDQ(f.second, RSI)
	MOVQ(RSI, f.ptr)
	CMPQ(RSI, f.end)
	JB(LabelRef(name + "_pair"))
	VZEROUPPER()
	Label(name + "_done")
	RET()
}

// alignLoop puts the next instruction 8 bytes past a 64-byte boundary. Where
// the loops start changed the speed by up to 12 % on Zen 3 (some starts
// between 64k and 64k+32 measured 6.2 cycles a round, others 7.0); without
// it the start followed from where the linker put the function, a 32-byte
// boundary, and measured 6.2 or 6.3 depending on the build. PCALIGN also
// aligns the function to 64 bytes. The padding is eight one-byte NOPs, run
// once per loop, not per round: one 8-byte NOP there measured 1.3 % slower.
// The unrolled rounds 64-79 after the first loop are as sensitive: they
// start at 64k+19 now; moved to a 64-byte boundary they measured 11 %
// slower, to 64k+16 5 %. A change anywhere in the kernel needs measuring
// again on Zen 3.
func alignLoop() {
	Instruction(&ir.Instruction{Opcode: "PCALIGN", Operands: []Op{Imm(64)}})
	for range 8 {
		Instruction(&ir.Instruction{Opcode: "BYTE", Operands: []Op{U8(0x90)}}) // NOP
	}
}

// loadPair loads the next block into the low lanes of the schedule registers
// and the block after it (or the same block again, when it is the last) into
// the high lanes, and stores W+K of rounds 0-15 of both.
func loadPair(name string, f frame) {
	Comment("load two blocks (the last one twice when the count is odd)")
	MOVQ(f.ptr, RSI)
	LEAQ(Mem{Base: RSI}.Offset(128), RDI)
	XORQ(R12, R12)
	CMPQ(RDI, f.end)
	JAE(LabelRef(name + "_single"))
	MOVQ(U32(128), R12)
	Label(name + "_single")
	MOVQ(R12, f.second)
	ADDQ(RSI, R12) // the second block, or the first again
	VMOVDQU(bswapMask, v3)
	for j, x := range schedule {
		VMOVDQU(Mem{Base: RSI}.Offset(16*j), x.AsX())
		VINSERTI128(Imm(1), Mem{Base: R12}.Offset(16*j), x, x)
		VPSHUFB(v3, x, x)
		VPADDQ(kTable.Offset(32*j), x, v0)
		VMOVDQU(v0, f.wk.Offset(32*j))
	}
}

// rounds is the state of the round emitter: which register plays which
// working variable, and which of t1/bc holds b^c.
type rounds struct {
	r      []GPPhysical // a, b, c, d, e, f, g, h
	t1, bc GPPhysical
}

// startRounds sets up the carried scratch registers for round 0: no deferred
// Sigma0, b^c, and the copy of f.
func startRounds() rounds {
	s := rounds{r: append([]GPPhysical(nil), state...), t1: t1, bc: bc}
	b, c, f := s.r[1], s.r[2], s.r[5]
	XORQ(s0, s0)
	MOVQ(b, s.bc)
	XORQ(c, s.bc)
	MOVQ(f, fc)
	return s
}

// finishBlock adds the deferred Sigma0 and the working variables into the
// digest.
func finishBlock(s rounds) {
	for i, r := range s.r {
		if r != state[i] {
			panic("sha512: roles not back in their registers after a block")
		}
	}
	ADDQ(s0, s.r[0])
	Load(Param("dig"), RDI)
	for i, r := range state {
		ADDQ(Mem{Base: RDI}.Offset(8*i), r)
		MOVQ(r, Mem{Base: RDI}.Offset(8*i))
	}
}

// sixteenRounds emits sixteen rounds reading W+K at f.wk + idx + lane (0 for
// the first block, 16 for the second), in the order of core c. When
// scheduled, each pair of rounds is interleaved with a schedule step that
// computes W+K sixteen rounds ahead.
func sixteenRounds(s rounds, f frame, lane int, c core, scheduled bool) rounds {
	for pair := range roundsInLoop / 2 {
		var ops []func()
		for k := range 2 {
			wk := Mem{Base: f.wk.Base, Index: idx, Scale: 1, Disp: f.wk.Disp + 32*pair + lane + 8*k}
			ops = append(ops, round(&s, wk, c.order)...)
		}
		var vec []func()
		if scheduled {
			vec = step(c, f, pair)
		}
		interleave(ops, vec)
	}
	return s
}

// interleave emits the scalar operations with the vector ones spread evenly
// between them.
func interleave(scalar, vector []func()) {
	for i, op := range scalar {
		op()
		if len(vector) > 0 && (i%2 == 1 || len(scalar)-i <= len(vector)) {
			vector[0]()
			vector = vector[1:]
		}
	}
	for _, op := range vector {
		op()
	}
}

// round returns the operations of one round and renames the registers for the
// next, in the given order (see intelOrder). On entry the variable a lacks
// its Sigma0 (in s0), bc holds b^c and fc holds f. Ch(e,f,g) is
// (e&f) + (^e&g), Maj(a,b,c) is ((a^b)&(b^c))^b.
func round(s *rounds, wk Mem, order []int) []func() {
	a, b, d, e, g, h := s.r[0], s.r[1], s.r[3], s.r[4], s.r[6], s.r[7]
	t1, bc := s.t1, s.bc
	lea := func(dst, src GPPhysical) func() {
		return func() { LEAQ(Mem{Base: dst, Index: src, Scale: 1}, dst) }
	}
	ops := []func(){
		func() { ADDQ(wk, h) },
		func() { ANDQ(e, fc) }, // e&f
		func() { RORXQ(Imm(41), e, t0) },
		func() { RORXQ(Imm(18), e, t1) },
		lea(a, s0), // a is complete
		lea(h, fc),
		func() { XORQ(t1, t0) },
		func() { RORXQ(Imm(14), e, t1) },
		func() { ANDNQ(g, e, fc) }, // ^e&g
		lea(h, fc),
		func() { XORQ(t1, t0) }, // Sigma1(e)
		func() { MOVQ(a, t1) },
		func() { RORXQ(Imm(39), a, s0) },
		func() { XORQ(b, t1) }, // a^b, the next round's b^c
		func() { ANDQ(t1, bc) },
		lea(h, t0), // h = T1
		func() { RORXQ(Imm(34), a, t0) },
		func() { RORXQ(Imm(28), a, fc) },
		func() { XORQ(b, bc) }, // Maj(a,b,c)
		lea(d, h),              // d+T1, the next e
		func() { XORQ(t0, s0) },
		func() { XORQ(fc, s0) }, // Sigma0(a), added in the next round
		func() { MOVQ(e, fc) },  // the next round's f
		lea(h, bc),              // T1+Maj, the next a
	}
	s.r = append([]GPPhysical{h}, s.r[:7]...)
	s.t1, s.bc = bc, t1
	if order == nil {
		return ops
	}
	if len(order) != len(ops) {
		panic("sha512: the order does not list every operation of the round")
	}
	reordered := make([]func(), len(ops))
	for i, j := range order {
		reordered[i] = ops[j]
	}
	return reordered
}

// step returns one schedule step for the pair of rounds "pair" of a loop of
// sixteen: W[t], W[t+1] of both blocks from the sixteen words before them,
// into the register of the oldest pair, and their W+K onto the stack. The
// constants and W+K are addressed from idx, sixteen rounds ahead.
func step(c core, f frame, pair int) []func() {
	x := func(i int) VecPhysical { return schedule[(pair+i)%8] }
	w0 := x(0)
	ops := []func(){
		func() { VPALIGNR(Imm(8), x(0), x(1), v0) }, // W[t-15], W[t-14]
		func() { VPALIGNR(Imm(8), x(4), x(5), v1) }, // W[t-7], W[t-6]
		func() { VPADDQ(v1, w0, w0) },
	}
	if c.avx512 {
		ops = append(ops,
			// sigma0 = ror 1 ^ ror 8 ^ shr 7
			func() { VPRORQ(Imm(1), v0, v1) },
			func() { VPRORQ(Imm(8), v0, v2) },
			func() { VPSRLQ(Imm(7), v0, v0) },
			func() { VPTERNLOGQ(U8(0x96), v2, v1, v0) },
			func() { VPADDQ(v0, w0, w0) },
			// sigma1 = ror 19 ^ ror 61 ^ shr 6
			func() { VPRORQ(Imm(19), x(7), v1) },
			func() { VPRORQ(Imm(61), x(7), v2) },
			func() { VPSRLQ(Imm(6), x(7), v3) },
			func() { VPTERNLOGQ(U8(0x96), v2, v1, v3) },
		)
	} else {
		ops = append(ops,
			// sigma0 = ror 1 ^ ror 8 ^ shr 7; the rotation by 8 is a byte shuffle
			func() { VPSRLQ(Imm(1), v0, v1) },
			func() { VPSLLQ(Imm(63), v0, v2) },
			func() { VPXOR(v2, v1, v1) },
			func() { VPSRLQ(Imm(7), v0, v2) },
			func() { VPSHUFB(ror8Mask, v0, v0) },
			func() { VPXOR(v2, v1, v1) },
			func() { VPXOR(v1, v0, v0) },
			func() { VPADDQ(v0, w0, w0) },
			// sigma1 = ror 19 ^ ror 61 ^ shr 6 = (x>>6 ^ x>>19 ^ x>>61) ^ (x<<45 ^ x<<3)
			func() { VPSRLQ(Imm(6), x(7), v3) },
			func() { VPSRLQ(Imm(19), x(7), v1) },
			func() { VPSLLQ(Imm(45), x(7), v2) },
			func() { VPXOR(v1, v3, v3) },
			func() { VPSRLQ(Imm(61), x(7), v1) },
			func() { VPXOR(v2, v3, v3) },
			func() { VPSLLQ(Imm(3), x(7), v2) },
			func() { VPXOR(v1, v3, v3) },
			func() { VPXOR(v2, v3, v3) },
		)
	}
	ahead := 32*pair + 256 // sixteen rounds ahead
	ops = append(ops,
		func() { VPADDQ(v3, w0, w0) }, // W[t], W[t+1]
		func() { VPADDQ(Mem{Base: kBase, Index: idx, Scale: 1, Disp: ahead}, w0, v0) },
		func() { VMOVDQU(v0, Mem{Base: f.wk.Base, Index: idx, Scale: 1, Disp: f.wk.Disp + ahead}) },
	)
	return ops
}
