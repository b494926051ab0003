// Command ripemd generates hashing/ripemd/ripemdblock_amd64.s: scalar cores
// for RIPEMD-128, -160, -256 and -320.
//
// One generator serves all four: the double-width variants run the lines of
// their narrow twins and only differ in where the chaining words live and in
// the exchange of one word between the lines after each round, which costs
// nothing here because it is a renaming of registers.
//
// The block is fully unrolled. All chaining words of both lines stay in
// registers; message words are added straight from the input. The two lines
// are independent dependency chains, so their steps are emitted interleaved,
// instruction by instruction, and the out-of-order core overlaps them.
//
// A line is a serial chain: each step waits for the boolean function of the
// newest word, an add, the rotation and (RIPEMD-160/320) the add of E, four
// or five operations. With the lines overlapped a block costs about the
// latency of one line, some 350 cycles for RIPEMD-160 and 225 for
// RIPEMD-128, which is where these cores run on Zen 4. The BMI2 core saves
// operations with ANDN and RORX but not latency; it measures the same as the
// baseline core there and is kept for CPUs with less execution width.
// Other mixes of the two lines measured slower on Zen 4, taking turns with
// this one 16 KiB at a time (as hashtest.Alternate does): the right line
// lagging by 4 to 20 instructions by 1 to 7 %, two to eight instructions of
// a line at a time by 2 to 6 %.
package main

//go:generate go run . -out ../../ripemd/ripemdblock_amd64.s

import (
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	// avo reads the digest type from the package. Load it as the purego build
	// sees it: that build does not import cpuid, which this module does not
	// require.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/ripemd")
	ConstraintExpr("!purego")
	for _, c := range []core{bmi2, amd64} {
		for _, v := range variants {
			block(v, c)
		}
	}
	Generate()
}

// A variant of the family: four-word lines with four rounds (128, 256) or
// five-word lines with five rounds (160, 320); wide variants keep the lines'
// chaining words apart and swap one between the lines after each round.
type variant struct {
	bits  int
	words int   // chaining words per line, also the number of rounds
	wide  bool  // 256 and 320: each line has its own chaining words
	swap  []int // wide only: the word the lines exchange after each round
	kR    []uint32
}

var variants = []variant{
	{bits: 128, words: 4, kR: kR128[:]},
	{bits: 160, words: 5, kR: kR160[:]},
	{bits: 256, words: 4, wide: true, swap: []int{0, 1, 2, 3}, kR: kR128[:]},
	{bits: 320, words: 5, wide: true, swap: []int{1, 3, 0, 2, 4}, kR: kR160[:]},
}

// A core is a set of instruction-set choices.
type core struct {
	name string
	bmi  bool // ANDN (BMI1) for the boolean functions, RORX (BMI2) for rotations
}

var (
	bmi2  = core{name: "BMI2", bmi: true}
	amd64 = core{name: "AMD64"} // any x86-64
)

// Registers: both lines' chaining words, a scratch register per line for the
// boolean function, and the input pointer. Ten chaining words plus three
// leaves BP, R15 and the stack pointer alone.
var (
	leftRegs  = []GPPhysical{EAX, EBX, ECX, EDX, ESI}
	rightRegs = []GPPhysical{EDI, R8L, R9L, R10L, R11L}
	tmpL      = R12L
	tmpR      = R13L
	ptr       = R14
)

func block(v variant, c core) {
	name := fmt.Sprintf("block%d%s", v.bits, c.name)
	TEXT(name, NOSPLIT, "func(dig *digest, p []byte)")
	Doc(fmt.Sprintf("%s compresses whole blocks of p into dig with RIPEMD-%d.", name, v.bits))

	n := v.words
	end := AllocLocal(8)
	Load(Param("p").Base(), ptr)
	Load(Param("p").Len(), RCX)
	ANDQ(I32(^63), RCX)
	JZ(LabelRef(name + "_done"))
	ADDQ(ptr, RCX)
	MOVQ(RCX, end)

	// Where each line's chaining words live in dig.s: narrow variants start
	// both lines from the same words.
	rightOff := 0
	if v.wide {
		rightOff = 4 * n
	}
	Load(Param("dig"), R12)
	dig := Mem{Base: R12}
	l := append([]GPPhysical(nil), leftRegs[:n]...)
	r := append([]GPPhysical(nil), rightRegs[:n]...)
	for i := range n {
		MOVL(dig.Offset(4*i), l[i])
		MOVL(dig.Offset(rightOff+4*i), r[i])
	}

	// The chaining words stay in registers from block to block.
	Label(name + "_loop")
	for round := range n {
		Commentf("round %d", round+1)
		for j := range 16 {
			left := step(v, c, l, tmpL, round, kL[round], rL[round][j], sL[round][j])
			right := step(v, c, r, tmpR, n-1-round, v.kR[round], rR[round][j], sR[round][j])
			for len(left)+len(right) > 0 {
				if len(left) > 0 {
					left[0]()
					left = left[1:]
				}
				if len(right) > 0 {
					right[0]()
					right = right[1:]
				}
			}
			l = rename(l)
			r = rename(r)
		}
		if v.wide {
			w := v.swap[round]
			l[w], r[w] = r[w], l[w]
		}
	}

	Comment("add the lines into the chaining words")
	Load(Param("dig"), R12) // the scratch registers are free between blocks
	if v.wide {
		for i := range n {
			ADDL(dig.Offset(4*i), l[i])
			ADDL(dig.Offset(rightOff+4*i), r[i])
			MOVL(l[i], dig.Offset(4*i))
			MOVL(r[i], dig.Offset(rightOff+4*i))
		}
		// The swaps left the words in other registers than the loop
		// starts from.
		parallelMove(append(leftRegs[:n:n], rightRegs[:n]...), append(l, r...), tmpR)
	} else {
		// h[i] = h[i+1] + left[i+2] + right[i+3], indices mod n, all from
		// the old h: sum into the left registers, store, and copy into
		// both lines for the next block. After a multiple of n steps the
		// roles are back in the registers they started in.
		for i := range n {
			if l[i] != leftRegs[i] || r[i] != rightRegs[i] {
				panic("ripemd: roles not back in their registers after a block")
			}
		}
		for i := range n {
			a, b := l[(i+2)%n], r[(i+3)%n]
			ADDL(b, a)
			ADDL(dig.Offset(4*((i+1)%n)), a)
		}
		for i := range n {
			MOVL(l[(i+2)%n], dig.Offset(4*i))
			MOVL(l[(i+2)%n], rightRegs[i])
		}
		for i := range n {
			MOVL(rightRegs[i], leftRegs[i])
		}
	}

	ADDQ(Imm(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef(name + "_loop"))
	Label(name + "_done")
	RET()
}

// parallelMove emits moves so that each dst[i] ends up holding what src[i]
// holds now, where src is a permutation of dst; cycles go through tmp.
func parallelMove(dst, src []GPPhysical, tmp GPPhysical) {
	dst, src = append([]GPPhysical(nil), dst...), append([]GPPhysical(nil), src...)
	for len(dst) > 0 {
		progress := false
		for i := 0; i < len(dst); i++ {
			if dst[i] == src[i] {
				dst, src = append(dst[:i], dst[i+1:]...), append(src[:i], src[i+1:]...)
				i--
				progress = true
				continue
			}
			if !slicesContains(src, dst[i]) {
				MOVL(src[i], dst[i])
				dst, src = append(dst[:i], dst[i+1:]...), append(src[:i], src[i+1:]...)
				i--
				progress = true
			}
		}
		if !progress { // only cycles left: free one destination
			MOVL(dst[0], tmp)
			for i := range src {
				if src[i] == dst[0] {
					src[i] = tmp
				}
			}
		}
	}
}

func slicesContains(s []GPPhysical, r GPPhysical) bool {
	for _, x := range s {
		if x == r {
			return true
		}
	}
	return false
}

// rename moves the roles after a step: the new B was computed in A's
// register, and every other word moves one place down.
// Four words: A, B, C, D = D, T, B, C. Five: A, B, C, D, E = E, T, B, C', D.
func rename(w []GPPhysical) []GPPhysical {
	n := len(w)
	out := make([]GPPhysical, n)
	out[0] = w[n-1]
	out[1] = w[0]
	for i := 2; i < n; i++ {
		out[i] = w[i-1]
	}
	return out
}

// step returns the instructions of one step of a line whose words A, B, C,
// D (, E) are in w, with boolean function f (0..4 for f1..f5), constant k,
// message word number word and rotation s. The work that does not wait for
// the newest word B comes first.
func step(v variant, c core, w []GPPhysical, t GPPhysical, f int, k uint32, word, s uint8) []func() {
	a, b, cc, d := w[0], w[1], w[2], w[3]
	x := Mem{Base: ptr, Disp: 4 * int(word)}
	var ins []func()
	emit := func(fs ...func()) { ins = append(ins, fs...) }

	// f3 and f5 are computed as the complement of an ANDN expression and
	// subtracted: A + ~v = A - v - 1, with the -1 folded into the constant.
	negated := c.bmi && (f == 2 || f == 4)
	if negated {
		k--
	}
	// A + X + k: with a constant, load X into the scratch register and add
	// both with one LEA, which saves an ALU operation off the critical path.
	if k != 0 {
		emit(func() { MOVL(x, t) }, func() { LEAL(Mem{Base: a, Index: t, Scale: 1, Disp: int(int32(k))}, a) })
	} else {
		emit(func() { ADDL(x, a) })
	}
	addF := func() { ADDL(t, a) }
	// Each case computes f(B, C, D) into t and adds it to A.
	switch f {
	case 0: // B ^ C ^ D
		emit(func() { MOVL(cc, t) }, func() { XORL(d, t) }, func() { XORL(b, t) }, addF)
	case 1: // B&C | ^B&D = D ^ (B & (C ^ D))
		emit(func() { MOVL(cc, t) }, func() { XORL(d, t) }, func() { ANDL(b, t) }, func() { XORL(d, t) }, addF)
	case 2: // (B | ^C) ^ D = ^((^B & C) ^ D)
		if c.bmi {
			emit(func() { ANDNL(cc, b, t) }, func() { XORL(d, t) }, func() { SUBL(t, a) })
		} else {
			emit(func() { MOVL(cc, t) }, func() { NOTL(t) }, func() { ORL(b, t) }, func() { XORL(d, t) }, addF)
		}
	case 3: // B&D | C&^D: the halves are disjoint, so they are added one
		// after the other and only the last AND waits for B.
		if c.bmi {
			emit(func() { ANDNL(cc, d, t) })
		} else {
			emit(func() { MOVL(d, t) }, func() { NOTL(t) }, func() { ANDL(cc, t) })
		}
		emit(addF, func() { MOVL(d, t) }, func() { ANDL(b, t) }, addF)
	case 4: // B ^ (C | ^D) = ^(B ^ (^C & D))
		if c.bmi {
			emit(func() { ANDNL(d, cc, t) }, func() { XORL(b, t) }, func() { SUBL(t, a) })
		} else {
			emit(func() { MOVL(d, t) }, func() { NOTL(t) }, func() { ORL(cc, t) }, func() { XORL(b, t) }, addF)
		}
	}
	emit(func() { rol(c, a, int(s)) })
	if v.words == 5 {
		e := w[4]
		emit(func() { ADDL(e, a) }, func() { rol(c, cc, 10) })
	}
	return ins
}

func rol(c core, r GPPhysical, s int) {
	if c.bmi {
		RORXL(U8(32-s), r, r)
	} else {
		ROLL(U8(s), r)
	}
}
