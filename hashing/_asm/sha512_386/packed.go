package main

import (
	"bytes"
	"fmt"
)

// The AVX2 core packs the round's two chains into one register: the low
// lane of V holds e, the high lane a. AVX2's per-lane shifts (VPSRLVQ,
// VPSLLVQ) then compute Sigma1(e) and Sigma0(a) with one set of six shifts,
// and Ch and Maj come from one formula, as Maj(a,b,c) = Ch(a^c, b, c):
//
//	P1 = (f, b), P2 = (g, c)             V one and two rounds back
//	CM = ((P1^P2) & (V ^ (0, c))) ^ P2   = (Ch(e,f,g), Maj(a,b,c))
//	S  = (Sigma1(e), Sigma0(a))
//	Z  = CM + S                          = (T1-h-WK, T2)
//	F  = (d+h+WK, h+WK)                  from (h, d), V three rounds back
//	V' = F + Z + (0, low half of Z)      = (d+T1, T1+T2)
//
// Only V lives in a register from round to round; each round stores it in a
// four-slot ring on the stack, from which P1, P2 and (h, d) = V three rounds
// back are read as memory operands. That leaves X1, X3 and X7 to the next
// block's message schedule, computed beside the rounds as in the other
// cores, four words at a time in YMM registers. Every instruction is VEX
// encoded (no SSE after the YMM ones; VZEROUPPER at the end); the 64-bit
// moves are VMOVSD, as Go's 386 assembler encodes VMOVQ with VEX.W1, which
// 32-bit mode runs as VMOVD.
//
// On Zen 3 a round takes about 12 cycles, against 8 for its chain of
// one-cycle operations: the operations that wait on V start more slowly
// than the pipes allow (the six shifts of S and their five XORs take 7
// cycles, not 5). Leaving out the schedule altogether would save only 6 %,
// and spending operations to shorten the chain after S costs more than it
// saves.

// packedConsts writes the shift counts of the two Sigmas, low lane Sigma1
// (14, 18, 41), high lane Sigma0 (28, 34, 39), and the mask of the high lane.
func packedConsts(b *bytes.Buffer) {
	lanes := func(name string, lo, hi uint64) {
		fmt.Fprintf(b, "DATA %s<>+0(SB)/8, $%d\n", name, lo)
		fmt.Fprintf(b, "DATA %s<>+8(SB)/8, $%d\n", name, hi)
		fmt.Fprintf(b, "GLOBL %s<>(SB), RODATA|NOPTR, $16\n", name)
	}
	fmt.Fprintln(b)
	s1, s0 := [3]uint64{14, 18, 41}, [3]uint64{28, 34, 39}
	for i := range 3 {
		lanes(fmt.Sprintf("sigr%d", i), s1[i], s0[i])
		lanes(fmt.Sprintf("sigl%d", i), 64-s1[i], 64-s0[i])
	}
	for _, m := range []struct {
		name string
		lo   uint64
	}{{"bswap64x2", 0x0001020304050607}, {"ror64by8x2", 0x0007060504030201}} {
		for i := range 4 {
			fmt.Fprintf(b, "DATA %s<>+%d(SB)/8, $0x%016x\n", m.name, 8*i, m.lo+0x0808080808080808*uint64(i%2))
		}
		fmt.Fprintf(b, "GLOBL %s<>(SB), RODATA|NOPTR, $32\n", m.name)
	}
	fmt.Fprintf(b, "DATA hilane<>+0(SB)/8, $0\n")
	fmt.Fprintf(b, "DATA hilane<>+8(SB)/8, $-1\n")
	fmt.Fprintf(b, "GLOBL hilane<>(SB), RODATA|NOPTR, $16\n")
}

// slotV is the ring slot of V at round t; its low half holds e, its high a.
func slotV(t int) string { return slotA(t) }

func slotVHi(t int) string { return fmt.Sprintf("%d(DI)", offA+16*(((t%4)+4)%4)+8) }

// packedBlock is block for the AVX2 core.
func (e *emitter) packedBlock() {
	name, spPtr, spEnd := e.enter()

	e.comment("the first block's schedule on its own; later ones are computed beside the rounds of the block before")
	e.schedule(name)
	e.comment("the chaining words as (e, a) in X0 and (f, b), (g, c), (h, d) in ring slots -1..-3")
	e.ins("MOVL dig+0(FP), CX")
	e.ins("VMOVSD 32(CX), X0")
	e.ins("VMOVHPD 0(CX), X0, X0")
	for i := 1; i < 4; i++ {
		e.ins("VMOVSD %d(CX), X1", 8*(4+i))
		e.ins("VMOVHPD %d(CX), X1, X1", 8*i)
		e.ins("VMOVDQA X1, %s", slotV(-i))
	}

	fmt.Fprintf(e.w, "\n%s_loop:\n", name)
	e.ins("MOVL %d(SP), SI", spPtr)
	e.ins("LEAL 128(SI), BX")
	e.ins("CMPL BX, %d(SP)", spEnd)
	e.ins("JAE %s_last", name)
	e.ins("MOVL BX, SI")
	fmt.Fprintf(e.w, "%s_last:\n", name) // the last block's "next" is itself, computed and not used
	e.packedRounds(name)

	e.comment("add into the chaining words; the ring keeps (f, b), (g, c), (h, d) for the next block")
	e.ins("MOVL dig+0(FP), CX")
	e.ins("VMOVSD 32(CX), X1")
	e.ins("VMOVHPD 0(CX), X1, X1")
	e.ins("VPADDQ X1, X0, X0")
	e.ins("VMOVSD X0, 32(CX)")
	e.ins("VMOVHPD X0, 0(CX)")
	for i := 1; i < 4; i++ {
		e.ins("VMOVSD %d(CX), X1", 8*(4+i))
		e.ins("VMOVHPD %d(CX), X1, X1", 8*i)
		e.ins("VPADDQ %s, X1, X1", slotV(-i))
		e.ins("VMOVSD X1, %d(CX)", 8*(4+i))
		e.ins("VMOVHPD X1, %d(CX)", 8*i)
		e.ins("VMOVDQA X1, %s", slotV(-i))
	}
	e.ins("XCHGL AX, BP")
	e.ins("MOVL %d(SP), SI", spPtr)
	e.ins("ADDL $128, SI")
	e.ins("MOVL SI, %d(SP)", spPtr)
	e.ins("CMPL SI, %d(SP)", spEnd)
	e.ins("JB %s_loop", name)
	e.ins("VZEROUPPER")
	fmt.Fprintf(e.w, "\n%s_done:\n", name)
	e.ins("RET")
}

// packedRounds runs the 80 rounds, sixteen to a loop, with the next block's
// schedule in X1, X3 and X7 beside them.
func (e *emitter) packedRounds(name string) {
	e.comment("rounds")
	e.ins("XORL DX, DX")
	sixteen := func(first bool) {
		for t := 0; t < 16; t += 4 {
			var rounds []string
			for r := t; r < t+4; r++ {
				wk := fmt.Sprintf("%d%s", offWK+e.wkStride()*r, e.wkIndex("AX"))
				rounds = append(rounds, e.collect(func() { e.packedRound(r, wk) })...)
			}
			step := e.collect(func() {
				if first {
					e.packedLoadStep(t / 4)
				} else {
					e.packedScheduleStep(t / 4)
				}
			})
			e.interleave(rounds, step)
		}
	}
	e.eighty(name, sixteen)
}

// packedRound emits round t of sixteen: V in X0, scratch X2, X4, X5, X6.
func (e *emitter) packedRound(t int, wk string) {
	e.ins("VMOVDQA X0, %s", slotV(t))
	// CM = (Ch, Maj)
	e.ins("VMOVDQA %s, X2", slotV(t-2))
	e.ins("VPAND hilane<>(SB), X2, X4")
	e.ins("VPXOR X0, X4, X4")
	e.ins("VPXOR %s, X2, X5", slotV(t-1))
	e.ins("VPAND X4, X5, X5")
	e.ins("VPXOR X2, X5, X5")
	// S = (Sigma1(e), Sigma0(a)), three rotations of both lanes; Z = CM + S
	for i := range 3 {
		r := "X4"
		if i == 0 {
			r = "X6"
		}
		e.ins("VPSRLVQ sigr%d<>(SB), X0, %s", i, r)
		e.ins("VPSLLVQ sigl%d<>(SB), X0, X2", i)
		e.ins("VPXOR X2, %s, %s", r, r)
		if i > 0 {
			e.ins("VPXOR %s, X6, X6", r)
		}
	}
	e.ins("VPADDQ X5, X6, X6")
	// F = (d+h+WK, h+WK), from (h, d), V three rounds back;
	// V' = F + Z + (0, low half of Z)
	e.ins("VMOVDDUP %s, X5", slotV(t-3))
	e.ins("VMOVDDUP %s, X2", wk)
	e.ins("VPADDQ X2, X5, X5")
	e.ins("VMOVSD %s, X2", slotVHi(t-3))
	e.ins("VPADDQ X2, X5, X5")
	e.ins("VPADDQ X6, X5, X5")
	e.ins("VPSLLDQ $8, X6, X6")
	e.ins("VPADDQ X6, X5, X0")
}

// packedLoadStep loads words 4j..4j+3 of the next block (at SI) into the
// next area (BP), with their W+K.
func (e *emitter) packedLoadStep(j int) {
	e.ins("VMOVDQU %d(SI), Y3", 32*j)
	e.ins("VPSHUFB bswap64x2<>(SB), Y3, Y3")
	e.ins("VMOVDQU Y3, %d(BP)", offW+32*j)
	e.ins("VPADDQ k512<>+%d(SB), Y3, Y3", 32*j)
	e.ins("VMOVDQU Y3, %d(BP)", offWK+32*j)
}

// packedScheduleStep computes W[t..t+3] of the next block, t = DX/8 + 4k,
// in Y1, Y3 and Y7: sigma0 and the sums for four words at once, sigma1 for
// two and then, from those, the other two.
func (e *emitter) packedScheduleStep(k int) {
	w := func(d int) string { return fmt.Sprintf("%d(BP)(DX*1)", offW+8*(4*k+d)) }
	// sigma0(x) = ror 1 ^ ror 8 ^ shr 7 = (x>>6 ^ x)>>1 ^ x<<63 ^ ror 8
	e.ins("VMOVDQU %s, Y1", w(-15))
	e.ins("VPSRLQ $6, Y1, Y3")
	e.ins("VPXOR Y1, Y3, Y3")
	e.ins("VPSRLQ $1, Y3, Y3")
	e.ins("VPSLLQ $63, Y1, Y7")
	e.ins("VPXOR Y7, Y3, Y3")
	e.ins("VPSHUFB ror64by8x2<>(SB), Y1, Y7")
	e.ins("VPXOR Y7, Y3, Y3")
	e.ins("VPADDQ %s, Y3, Y3", w(-16))
	e.ins("VPADDQ %s, Y3, Y3", w(-7))
	// sigma1(y) = ror 19 ^ ror 61 ^ shr 6 = ((y>>42 ^ y)>>13 ^ y)>>6 ^ (y<<42 ^ y)<<3,
	// of W[t-2], W[t-1] from memory, then of W[t], W[t+1] in X3. The
	// 128-bit results leave the upper half of Y1 zero.
	sigma1 := func(y, again string) {
		e.ins("VPSLLQ $42, %s, X7", y)
		e.ins("VPXOR %s, X7, X7", y)
		e.ins("VPSLLQ $3, X7, X7")
		e.ins("VPSRLQ $42, %s, X1", y)
		e.ins("VPXOR %s, X1, X1", again)
		e.ins("VPSRLQ $13, X1, X1")
		e.ins("VPXOR %s, X1, X1", again)
		e.ins("VPSRLQ $6, X1, X1")
		e.ins("VPXOR X7, X1, X1")
	}
	e.ins("VMOVDQA %s, X1", w(-2))
	sigma1("X1", w(-2)) // X1 is overwritten on the way: read y again from memory
	e.ins("VPADDQ Y1, Y3, Y3")
	sigma1("X3", "X3")
	e.ins("VPERMQ $0x4e, Y1, Y1")
	e.ins("VPADDQ Y1, Y3, Y3")
	e.ins("VMOVDQU Y3, %s", w(0))
	e.ins("VPADDQ k512<>+%d(SB)(DX*1), Y3, Y3", 32*k)
	e.ins("VMOVDQU Y3, %d%s", offWK+32*k, e.wkIndex("BP"))
}
