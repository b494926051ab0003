// Command md5 generates hashing/md5/md5block_amd64.s: scalar MD5 cores.
//
// MD5 is one serial chain: each step's new word is B + rotl(A + K + X +
// f(B, C, D), s), and the next step's f needs it at once. The cores keep the
// chain as short as the functions allow and move everything else off it:
//
//   - A + K + X is formed while the previous steps run (A is three steps
//     old), with one three-operand LEA after the word's load;
//   - G = B&D | C&^D is the sum of two disjoint halves, (C &^ D) + (B & D):
//     the first is added to A before B is known, leaving one AND on the
//     chain (ANDN forms C &^ D in one instruction);
//   - H = B ^ C ^ D is kept in a register from step to step: the previous
//     step's H, XORed with the word leaving (A before the step) and the new
//     one (B), is this step's, one XOR on the chain;
//   - I = C ^ (B | ^D) is formed with ANDN as ^(C ^ (^B & D)) and
//     subtracted, the -1 of the complement folded into K.
//
// That leaves four operations from one new word to the next in rounds 2
// and 3 (AND or XOR, ADD, ROL, ADD) and five in rounds 1 and 4: 288 cycles
// a block where each operation takes one, and no scalar rewrite goes lower.
// F and I make each bit, depending on C and D, a constant, B's bit or its
// complement; one AND, OR, XOR or ANDN of B offers two of these, so they
// take two operations before the ADD (split into two terms, as G is, they
// would need one instruction adding three registers). The block's
// chaining add of B is folded into the last step's add (the chaining B is
// added to that step's B, off the chain), so nothing joins the chain
// between blocks. crypto/md5 has the same G split and runs at 289 cycles
// (measured on Zen 3 against a chain of dependent ADDs); OpenSSL 3.0, without
// the split, at 305. Only VPTERNLOGD (avx512.go) shortens F and I.
package main

//go:generate go run . -out ../../md5/md5block_amd64.s

import (
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashdrop/hashdrop/hashing/internal/md5spec"
)

func main() {
	// avo reads the digest type from the package. Load it as the purego build
	// sees it: that build does not import cpuid, which this module does not
	// require.
	os.Setenv("GOFLAGS", os.Getenv("GOFLAGS")+" -tags=purego")
	Package("github.com/hashdrop/hashdrop/hashing/md5")
	ConstraintExpr("!purego")
	blockAVX512()
	block(core{name: "BMI1", bmi: true})
	block(core{name: "AMD64"})
	Generate()
}

// A core is a set of instruction-set choices: bmi uses ANDN (BMI1) for G and
// I; without it the complements take a NOT.
type core struct {
	name string
	bmi  bool
}

var (
	state = []GPPhysical{EAX, EBX, ECX, EDX} // A, B, C, D at the start of a block
	t     = R8L                              // f, or its part on the chain
	x     = R9L                              // the message word
	h     = R10L                             // round 3: the running B ^ C ^ D
	lastB = R12L                             // step 64's B input plus the chaining B
	ptr   = RSI
	end   = RDI
	dig   = R11
)

func block(c core) {
	name := "block" + c.name
	TEXT(name, NOSPLIT, "func(dig *digest, p []byte)")
	Doc(fmt.Sprintf("%s compresses the whole blocks of p into dig.", name))

	Load(Param("dig"), dig)
	Load(Param("p").Base(), ptr)
	Load(Param("p").Len(), end)
	ANDQ(I32(^63), end)
	JZ(LabelRef(name + "_done"))
	ADDQ(ptr, end)
	for i, r := range state {
		MOVL(Mem{Base: dig, Disp: 4 * i}, r)
	}

	Label(name + "_loop")
	w := append([]GPPhysical(nil), state...)
	for i := range 64 {
		if i%16 == 0 {
			Commentf("round %d", i/16+1)
		}
		b := w[1]
		if i == 63 {
			// This step's new word is the block's B: the chaining B goes
			// into the B it adds last, while the step runs.
			if w[0] != state[1] {
				panic("md5: the last step does not compute B")
			}
			MOVL(Mem{Base: dig, Disp: 4}, lastB)
			ADDL(b, lastB)
		}
		step(c, i, w[0], b, w[2], w[3])
		if i == 63 {
			ADDL(lastB, w[0])
		} else {
			ADDL(b, w[0])
		}
		// The new word was computed in A's register; it becomes B and the
		// others move down: A, B, C, D = D, A', B, C.
		w = []GPPhysical{w[3], w[0], w[1], w[2]}
	}

	Comment("add the block's result into the chaining words (B has it)")
	for i, r := range state {
		if i != 1 {
			ADDL(Mem{Base: dig, Disp: 4 * i}, r)
		}
		MOVL(r, Mem{Base: dig, Disp: 4 * i})
	}
	ADDQ(Imm(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef(name + "_loop"))
	Label(name + "_done")
	RET()
}

// step emits step i with the words A, B, C, D in a, b, cc, d, leaving
// rotl(A + K + X + f, s) in a; the caller adds B. The work that does not wait
// for B comes first.
func step(c core, i int, a, b, cc, d GPPhysical) {
	k := md5spec.K[i]
	s := int(md5spec.S[i/16][i%4])
	round := i / 16
	if round == 2 {
		if i == 32 {
			MOVL(cc, h)
			XORL(d, h)
		} else {
			XORL(a, h) // the word leaving: A before this step
		}
	}
	negated := round == 3 && c.bmi
	if negated {
		k-- // A + ^v = A - v - 1
	}
	MOVL(Mem{Base: ptr, Disp: 4 * md5spec.Word(i)}, x)
	LEAL(Mem{Base: a, Index: x, Scale: 1, Disp: int(int32(k))}, a)
	switch round {
	case 0: // F = D ^ (B & (C ^ D))
		MOVL(cc, t)
		XORL(d, t)
		ANDL(b, t)
		XORL(d, t)
		ADDL(t, a)
	case 1: // G = (C &^ D) + (B & D)
		if c.bmi {
			ANDNL(cc, d, t)
		} else {
			MOVL(d, t)
			NOTL(t)
			ANDL(cc, t)
		}
		ADDL(t, a)
		MOVL(d, t)
		ANDL(b, t)
		ADDL(t, a)
	case 2: // H = B ^ C ^ D
		XORL(b, h)
		ADDL(h, a)
	case 3: // I = C ^ (B | ^D)
		if c.bmi {
			ANDNL(d, b, t) // ^B & D
			XORL(cc, t)
			SUBL(t, a)
		} else {
			MOVL(d, t)
			NOTL(t)
			ORL(b, t)
			XORL(cc, t)
			ADDL(t, a)
		}
	}
	ROLL(U8(s), a)
}
