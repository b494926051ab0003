package main

import (
	"fmt"

	"github.com/hashdrop/hashdrop/hashing/internal/ripemdspec"
)

// The RIPEMD cores for 386: one routine per variant, a block per loop
// iteration, fully unrolled.
//
// 386 has seven general registers and the two lines of a block need ten
// chaining words, so only the words the boolean function reads, B, C and D
// of each line, live in registers (six), with one register free. A (and E
// in the five-word lines) wait in two stack slots per line: A is needed once,
// at the start of a step, and E only in the final addition. The block is
// copied to the stack first, so that message words are read relative to SP
// and no register holds the input pointer.
//
// A step of a five-word line, with the free register F:
//
//	F = A + X + K           (does not wait for the newest word B)
//	slot(A) = D             (D is E' from now on; the slot A left)
//	D = f(B, C, D)          (in D's own register, the saved copy at hand)
//	F = rol(F + D, s) + E   (the new B)
//	C = rol(C, 10)
//
// after which D's register is the free one. Words A, B, C, D, E become E, F,
// B, C, slot. The four-word lines are the same without E and the rotation of
// C. The free register passes from line to line; the out-of-order core
// renames it, so the left and right steps, written one after the other,
// overlap in execution. The critical path of a line is f's last operation
// on B, one add, the rotation and (five words) the add of E.
func ripemd() {
	for _, v := range ripemdVariants {
		ripemdBlock(v)
	}
}

type ripemdVariant struct {
	bits  int
	words int   // chaining words per line, also the number of rounds
	wide  bool  // 256 and 320: each line has its own chaining words
	swap  []int // wide only: the word the lines exchange after each round
	kR    []uint32
}

var ripemdVariants = []ripemdVariant{
	{bits: 128, words: 4, kR: ripemdspec.KR128[:]},
	{bits: 160, words: 5, kR: ripemdspec.KR160[:]},
	{bits: 256, words: 4, wide: true, swap: []int{0, 1, 2, 3}, kR: ripemdspec.KR128[:]},
	{bits: 320, words: 5, wide: true, swap: []int{1, 3, 0, 2, 4}, kR: ripemdspec.KR160[:]},
}

// The frame: the message block, two slots per line, the input pointer and
// its end, and room to spill the registers for the final addition.
const (
	rmX     = 0  // 16 message words
	rmSlots = 64 // 4 slots: left A, E, right A, E
	rmPtr   = 80
	rmEnd   = 84
	rmSpill = 88 // 6 words
	rmFrame = 112
)

// A word of a line is in a register or in a stack slot.
type word struct {
	reg  string
	slot int
}

func (w word) String() string {
	if w.reg != "" {
		return w.reg
	}
	return mem(w.slot, "SP")
}

// A line is the words A, B, C, D (, E) of one line, and its constants.
type line struct {
	w  []word
	k  []uint32
	r  *[5][16]uint8
	s  *[5][16]uint8
	fn func(round int) int // the boolean function of each round
}

func ripemdBlock(v ripemdVariant) {
	n := v.words
	name := fmt.Sprintf("block%dX86", v.bits)
	TEXT(name, "func "+name+"(dig *digest, p []byte)", "NOSPLIT", fmt.Sprintf("%d-16", rmFrame))
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("ANDL", imm(^63), "CX")
	I("JZ", name+"_done")
	I("ADDL", "SI", "CX")
	I("MOVL", "SI", mem(rmPtr, "SP"))
	I("MOVL", "CX", mem(rmEnd, "SP"))

	Label(name + "_loop")
	Comment("copy the block to the stack")
	I("MOVL", mem(rmPtr, "SP"), "SI")
	for i := 0; i < 16; i += 2 {
		I("MOVL", mem(4*i, "SI"), "AX")
		I("MOVL", mem(4*i+4, "SI"), "BX")
		I("MOVL", "AX", mem(rmX+4*i, "SP"))
		I("MOVL", "BX", mem(rmX+4*i+4, "SP"))
	}

	// Both lines start from the chaining words; the wide variants keep
	// the right line's apart, after the left line's.
	rightOff := 0
	if v.wide {
		rightOff = 4 * n
	}
	left := &line{k: ripemdspec.KL[:], r: &ripemdspec.RL, s: &ripemdspec.SL, fn: func(i int) int { return i }}
	right := &line{k: v.kR, r: &ripemdspec.RR, s: &ripemdspec.SR, fn: func(i int) int { return n - 1 - i }}
	regs := [2][]string{{"AX", "BX", "CX"}, {"DX", "SI", "DI"}}
	free := "BP"
	Comment("B, C, D of each line in registers, A and E in slots")
	I("MOVL", "dig+0(FP)", "BP")
	for li, l := range []*line{left, right} {
		off := 0
		if li == 1 {
			off = rightOff
		}
		l.w = make([]word, n)
		l.w[0] = word{slot: rmSlots + 8*li}
		if n == 5 {
			l.w[4] = word{slot: rmSlots + 8*li + 4}
		}
		for i := 1; i <= 3; i++ {
			l.w[i] = word{reg: regs[li][i-1]}
		}
		for i := range n {
			if l.w[i].reg != "" {
				I("MOVL", mem(off+4*i, "BP"), l.w[i].reg)
			}
		}
		for i := range n {
			if l.w[i].reg == "" {
				I("MOVL", mem(off+4*i, "BP"), "DI")
				I("MOVL", "DI", l.w[i].String())
			}
		}
	}
	// The right line's D is DI, loaded last so the slot copies above
	// could use it.
	I("MOVL", mem(rightOff+12, "BP"), "DI")

	for round := range n {
		Comment("round %d", round+1)
		for j := range 16 {
			free = ripemdStep(left, round, j, free)
			free = ripemdStep(right, round, j, free)
		}
		if v.wide {
			w := v.swap[round]
			left.w[w], right.w[w] = right.w[w], left.w[w]
		}
	}

	Comment("add the lines into the chaining words")
	spill := rmSpill
	for _, l := range []*line{left, right} {
		for i := range l.w {
			if l.w[i].reg != "" {
				I("MOVL", l.w[i].reg, mem(spill, "SP"))
				l.w[i] = word{slot: spill}
				spill += 4
			}
		}
	}
	I("MOVL", "dig+0(FP)", "BP")
	if v.wide {
		for i := range n {
			I("MOVL", left.w[i].String(), "AX")
			I("MOVL", right.w[i].String(), "BX")
			I("ADDL", "AX", mem(4*i, "BP"))
			I("ADDL", "BX", mem(4*(n+i), "BP"))
		}
	} else {
		// h[i] = h[i+1] + left[i+2] + right[i+3], indices mod n, all from
		// the old h.
		sum := []string{"AX", "BX", "CX", "DX", "SI"}[:n]
		for i := range n {
			I("MOVL", mem(4*((i+1)%n), "BP"), sum[i])
			I("ADDL", left.w[(i+2)%n].String(), sum[i])
			I("ADDL", right.w[(i+3)%n].String(), sum[i])
		}
		for i := range n {
			I("MOVL", sum[i], mem(4*i, "BP"))
		}
	}

	I("MOVL", mem(rmPtr, "SP"), "SI")
	I("ADDL", imm(64), "SI")
	I("MOVL", "SI", mem(rmPtr, "SP"))
	I("CMPL", "SI", mem(rmEnd, "SP"))
	I("JB", name+"_loop")
	Label(name + "_done")
	I("RET")
}

// ripemdStep writes step j of round i of line l with the free register f
// and returns the register free after it.
func ripemdStep(l *line, i, j int, f string) string {
	a, b, c, d := l.w[0], l.w[1], l.w[2], l.w[3]
	if a.reg != "" || b.reg == "" || c.reg == "" || d.reg == "" {
		panic("ripemd: words not where a step expects them")
	}
	k := l.k[i]
	x := mem(rmX+4*int(l.r[i][j]), "SP")
	I("MOVL", a.String(), f)
	I("ADDL", x, f)
	if k != 0 {
		I("ADDL", hex(k), f)
	}
	I("MOVL", d.reg, a.String()) // the slot A leaves now holds D
	z := a.String()              // D's value from here on
	dr := d.reg
	switch l.fn(i) {
	case 0: // x ^ y ^ z
		I("XORL", c.reg, dr)
		I("XORL", b.reg, dr)
	case 1: // x&y | ^x&z = ((y ^ z) & x) ^ z
		I("XORL", c.reg, dr)
		I("ANDL", b.reg, dr)
		I("XORL", z, dr)
	case 2: // (x | ^y) ^ z
		I("MOVL", c.reg, dr)
		I("NOTL", dr)
		I("ORL", b.reg, dr)
		I("XORL", z, dr)
	case 3: // x&z | y&^z: the two terms have no bit in common, so they add
		I("NOTL", dr)
		I("ANDL", c.reg, dr)
		I("ADDL", dr, f)
		I("MOVL", z, dr)
		I("ANDL", b.reg, dr)
	case 4: // x ^ (y | ^z)
		I("NOTL", dr)
		I("ORL", c.reg, dr)
		I("XORL", b.reg, dr)
	}
	I("ADDL", dr, f)
	I("ROLL", imm(int64(l.s[i][j])), f)
	nb := word{reg: f}
	if len(l.w) == 5 {
		e := l.w[4]
		I("ADDL", e.String(), f)
		I("ROLL", imm(10), c.reg)
		// A, B, C, D, E = E, F, B, rol(C, 10), D (in A's slot)
		l.w = []word{e, nb, b, c, a}
	} else {
		// A, B, C, D = D (in A's slot), F, B, C
		l.w = []word{a, nb, b, c}
	}
	return dr
}
