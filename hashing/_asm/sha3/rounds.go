package main

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// The Keccak-f[1600] round is written once per state layout, against the
// small set of operations below. Each kernel maps them to instructions (see
// kernels.go); a simulator maps them to Go arithmetic, so that the generator
// checks every round program against a plain textbook permutation before it
// writes a line of assembly.

// V names a register of a round program; the kernel maps it to a real one.
type V int

// M names lane i of state buffer buf (a memory operand).
type M struct{ buf, lane int }

type ops interface {
	load(d V, m M)        // d = m
	store(m M, s V)       // m = s
	xor(d, a, b V)        // d = a ^ b
	xorMem(d V, m M)      // d ^= m
	xor3(d, b, c V)       // d ^= b ^ c
	rol(d, s V, n int)    // d = s rotated left by n
	andnXor(d, a, b, c V) // d = a ^ (^b & c), d distinct from a, b, c
	chi(d, b, c V)        // d ^= ^b & c
	mov(d, s V)           // d = s
	iota(d V, round int)  // d ^= round constant
}

// rho is the rotation of lane x+5y; rc the round constants. Both are computed
// from their definitions in FIPS 202 (algorithms 2 and 5).
var rho, rc = func() (r [25]int, c [24]uint64) {
	x, y := 1, 0
	for t := 0; t < 24; t++ {
		r[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	lfsr := func(t int) uint64 {
		if t%255 == 0 {
			return 1
		}
		R := uint16(1)
		for i := 1; i <= t%255; i++ {
			R <<= 1
			if R&0x100 != 0 {
				R ^= 0x171
			}
		}
		return uint64(R & 1)
	}
	for i := range c {
		for j := 0; j <= 6; j++ {
			c[i] |= lfsr(j+7*i) << (1<<j - 1)
		}
	}
	return
}()

// piSource returns the lane whose value lands in lane x+5y after pi:
// lane (x, y) moves to (y, 2x+3y).
func piSource(dst int) int {
	X, Y := dst%5, dst/5
	// X = y, Y = 2x + 3y  =>  y = X, x = 3(Y - 3X) mod 5.
	y := X
	x := ((3*(Y-3*X))%5 + 5) % 5
	return x + 5*y
}

// Registers of memRound: d0..d4 (theta's D), b0..b4 (theta's C, then a row
// after rho and pi), t.
const (
	vD V = 0
	vB V = 5
	vT V = 10
)

// memRound is one round reading the state from buffer src and writing it to
// buffer dst, for kernels with too few registers to hold the state: five for
// D, five for a row, one more for chi.
func memRound(o ops, round, src, dst int) {
	for x := 0; x < 5; x++ {
		c := vB + V(x)
		o.load(c, M{src, x})
		for y := 1; y < 5; y++ {
			o.xorMem(c, M{src, x + 5*y})
		}
	}
	for x := 0; x < 5; x++ {
		d := vD + V(x)
		o.rol(d, vB+V((x+1)%5), 1)
		o.xor(d, d, vB+V((x+4)%5))
	}
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			s := piSource(x + 5*y)
			b := vB + V(x)
			o.load(b, M{src, s})
			o.xor(b, b, vD+V(s%5))
			if rho[s] != 0 {
				o.rol(b, b, rho[s])
			}
		}
		for x := 0; x < 5; x++ {
			o.andnXor(vT, vB+V(x), vB+V((x+1)%5), vB+V((x+2)%5))
			if x == 0 && y == 0 {
				o.iota(vT, round)
			}
			o.store(M{dst, x + 5*y}, vT)
		}
	}
}

// Registers of regRound beyond the 25 of the state: five for C (and the
// temporaries of chi), two more.
const (
	vC  V = 25
	vT0 V = 30
)

// regRound is one round on a state held in 25 registers, s[i] holding lane i.
// Pi moves no data: it renames the registers, and s is updated to match (the
// renaming has order 24, so a whole permutation ends where it began).
func regRound(o ops, round int, s *[25]V) {
	for x := 0; x < 5; x++ {
		c := vC + V(x)
		o.xor(c, s[x], s[x+5])
		o.xor3(c, s[x+10], s[x+15])
		o.xor(c, c, s[x+20])
	}
	for x := 0; x < 5; x++ {
		o.rol(vT0, vC+V((x+1)%5), 1)
		for y := 0; y < 5; y++ {
			o.xor3(s[x+5*y], vC+V((x+4)%5), vT0)
		}
	}
	var n [25]V
	for i := range n {
		src := piSource(i)
		n[i] = s[src]
		if rho[src] != 0 {
			o.rol(n[i], n[i], rho[src])
		}
	}
	for y := 0; y < 5; y++ {
		b := n[5*y : 5*y+5]
		o.mov(vC, b[0])
		o.mov(vC+1, b[1])
		o.chi(b[0], b[1], b[2])
		o.chi(b[1], b[2], b[3])
		o.chi(b[2], b[3], b[4])
		o.chi(b[3], b[4], vC)
		o.chi(b[4], vC, vC+1)
	}
	o.iota(n[0], round)
	*s = n
}

// sim runs a round program on Go values.
type sim struct {
	r   map[V]uint64
	mem map[M]uint64
}

func (s *sim) load(d V, m M)        { s.r[d] = s.mem[m] }
func (s *sim) store(m M, v V)       { s.mem[m] = s.r[v] }
func (s *sim) xor(d, a, b V)        { s.r[d] = s.r[a] ^ s.r[b] }
func (s *sim) xorMem(d V, m M)      { s.r[d] ^= s.mem[m] }
func (s *sim) xor3(d, b, c V)       { s.r[d] ^= s.r[b] ^ s.r[c] }
func (s *sim) rol(d, v V, n int)    { s.r[d] = bits.RotateLeft64(s.r[v], n) }
func (s *sim) andnXor(d, a, b, c V) { s.r[d] = s.r[a] ^ (^s.r[b] & s.r[c]) }
func (s *sim) chi(d, b, c V)        { s.r[d] ^= ^s.r[b] & s.r[c] }
func (s *sim) mov(d, v V)           { s.r[d] = s.r[v] }
func (s *sim) iota(d V, round int)  { s.r[d] ^= rc[round] }

// reference is Keccak-f[1600] as FIPS 202 writes it.
func reference(a *[25]uint64) {
	for round := 0; round < 24; round++ {
		var c, d [5]uint64
		for x := 0; x < 5; x++ {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := 0; x < 5; x++ {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		var b [25]uint64
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y]^d[x], rho[x+5*y])
			}
		}
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				a[x+5*y] = b[x+5*y] ^ (^b[(x+1)%5+5*y] & b[(x+2)%5+5*y])
			}
		}
		a[0] ^= rc[round]
	}
}

// checkRounds runs both round programs on random states and compares them
// with the reference; the generator writes nothing if they disagree.
func checkRounds() error {
	// SHA3-256 of the empty message (a7ffc6f8bf1ed766...) through the reference,
	// a check of the tables themselves.
	var e [25]uint64
	e[0], e[16] = 0x06, 0x80<<56
	reference(&e)
	if e[0] != 0x66d71ebff8c6ffa7 {
		return fmt.Errorf("reference permutation is wrong: lane 0 = %#x", e[0])
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 8; trial++ {
		var want [25]uint64
		for i := range want {
			want[i] = rng.Uint64()
		}
		in := want
		reference(&want)

		m := &sim{r: map[V]uint64{}, mem: map[M]uint64{}}
		for i, v := range in {
			m.mem[M{0, i}] = v
		}
		for round := 0; round < 24; round += 2 {
			memRound(m, round, 0, 1)
			memRound(m, round+1, 1, 0)
		}
		for i := range want {
			if m.mem[M{0, i}] != want[i] {
				return fmt.Errorf("memRound: lane %d differs", i)
			}
		}

		r := &sim{r: map[V]uint64{}}
		var s [25]V
		for i := range s {
			s[i] = V(i)
			r.r[V(i)] = in[i]
		}
		for round := 0; round < 24; round++ {
			regRound(r, round, &s)
		}
		for i := range want {
			if s[i] != V(i) {
				return fmt.Errorf("regRound: after 24 rounds lane %d is in register %d", i, s[i])
			}
			if r.r[V(i)] != want[i] {
				return fmt.Errorf("regRound: lane %d differs", i)
			}
		}
	}
	return nil
}
