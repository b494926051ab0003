// Package md5vec writes MD5's compression function once, as AVX-512VL
// instructions on the low doubleword of XMM registers, for two readers: the
// avo generator in hashing/_asm/md5 emits it as assembly, and the tests of
// hashing/md5 run it on a Go model of each instruction and compare it with
// the generic code. The development machines that wrote it had no AVX-512,
// so that model vouched for it until it ran, on an AMD Zen 4; the tests run
// both, the model everywhere and the core where the CPU has AVX-512.
//
// Why vector registers for a scalar chain: VPTERNLOGD computes any of MD5's
// four functions in one instruction, so every step costs four operations from
// one new word to the next (VPTERNLOGD, VPADDD, VPROLD, VPADDD) where the
// scalar code needs five in rounds 1 and 4.
package md5vec

import "github.com/hashdrop/hashdrop/hashing/internal/md5spec"

// Reg names a vector register, X0..X31. Only its low doubleword matters.
type Reg int

// Machine executes the instructions (the tests' model) or emits them (the
// generator).
type Machine interface {
	// LoadWord: VMOVD 4w(p), dst. The low doubleword of dst = message word
	// w, the rest of the register zero.
	LoadWord(dst Reg, w int)
	// AddK: VPADDD ·md5K+4i(SB), dst, dst. dst += the four constants K[i..i+3]
	// (the table runs three words past K[63]).
	AddK(dst Reg, i int)
	// Add: VPADDD b, dst, dst. dst += b, lane by lane.
	Add(dst, b Reg)
	// Copy: VMOVDQA64 src, dst.
	Copy(dst, src Reg)
	// Ternlog: VPTERNLOGD $imm, c, b, dst. Bit k of dst = bit (4a+2b+c) of
	// imm, where a, b and c are bit k of dst, b and c before.
	Ternlog(dst, b, c Reg, imm uint8)
	// Rotate: VPROLD $s, dst, dst. Each doubleword rotated left by s.
	Rotate(dst Reg, s int)
}

// The registers: the chaining words A, B, C, D (X0..X3, live from block to
// block), their copies at the start of the block, and scratch.
const (
	State Reg = 0  // X0..X3
	Saved Reg = 4  // X4..X7
	Tmp   Reg = 16 // X16..X23
	lastB Reg = 24 // the last step's B input plus the chaining B
)

// functions are MD5's four boolean functions of B, C, D.
var functions = [4]func(b, c, d bool) bool{
	func(b, c, d bool) bool { return b && c || !b && d },
	func(b, c, d bool) bool { return b && d || c && !d },
	func(b, c, d bool) bool { return b != (c != d) },
	func(b, c, d bool) bool { return c != (b || !d) },
}

// Imm returns the VPTERNLOGD immediate that computes round r's function with
// D in the destination operand, B in the second and C in the third.
func Imm(round int) uint8 {
	var imm uint8
	for k := range 8 {
		d, b, c := k&4 != 0, k&2 != 0, k&1 != 0
		if functions[round](b, c, d) {
			imm |= 1 << k
		}
	}
	return imm
}

// Block emits the compression of one block on the words in State..State+3.
//
// Step i adds K[i] + X[w] to A while earlier steps run, then copies D (an old
// word) into a scratch register, turns it into f(B, C, D) with one
// VPTERNLOGD, adds it, rotates and adds B. Scratch registers cycle so that
// steps in flight do not share one. The last step computes the block's B:
// the B it adds already holds the chaining B, added while the step runs, so
// the chain goes from block to block without an extra add.
func Block(mc Machine) {
	for i := range 4 {
		mc.Copy(Saved+Reg(i), State+Reg(i))
	}
	w := [4]Reg{State, State + 1, State + 2, State + 3}
	for i := range 64 {
		a, b, c, d := w[0], w[1], w[2], w[3]
		kx, f := Tmp+Reg(2*(i%4)), Tmp+Reg(2*(i%4)+1)
		if i == 63 {
			mc.Copy(lastB, b)
			mc.Add(lastB, Saved+(a-State))
		}
		mc.LoadWord(kx, md5spec.Word(i))
		mc.AddK(kx, i)
		mc.Add(a, kx)
		mc.Copy(f, d)
		mc.Ternlog(f, b, c, Imm(i/16))
		mc.Add(a, f)
		mc.Rotate(a, int(md5spec.S[i/16][i%4]))
		if i == 63 {
			mc.Add(a, lastB)
		} else {
			mc.Add(a, b)
		}
		w = [4]Reg{d, a, b, c}
	}
	for i := range 4 {
		if State+Reg(i) != w[1] {
			mc.Add(State+Reg(i), Saved+Reg(i))
		}
	}
}
