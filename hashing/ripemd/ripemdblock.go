package ripemd

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/ripemdspec"
)

// The portable cores. Each variant runs two lines side by side over the same
// 16 message words, with different word orders, rotations, constants and
// boolean functions; RIPEMD-128/256 use four rounds of 16 steps per line,
// RIPEMD-160/320 five. The double-width variants run exactly the lines of
// their narrow twins and only differ in how the chaining words are kept.

// The constants of the specification, named as the code below uses them.
var (
	rL, rR = ripemdspec.RL, ripemdspec.RR
	sL, sR = ripemdspec.SL, ripemdspec.SR

	kL, kR160, kR128 = ripemdspec.KL, ripemdspec.KR160, ripemdspec.KR128
)

// The boolean functions are f1..f5 of the specification, numbered from 0 here:
// the left line uses them in order, the right line in reverse (f4..f1 in the
// four-round variants, f5..f1 in the five-round ones).

// blockGeneric runs the portable core of dig's variant over whole blocks of p.
func blockGeneric(dig *digest, p []byte) {
	switch dig.size {
	case Size128:
		block128Generic(dig, p)
	case Size160:
		block160Generic(dig, p)
	case Size256:
		block256Generic(dig, p)
	case Size320:
		block320Generic(dig, p)
	}
}

func block128Generic(dig *digest, p []byte) {
	h := (*[4]uint32)(dig.s[:4])
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		x := words(p)
		l, r := *h, *h
		for i := range 4 {
			round4(&l, &r, &x, i)
		}
		h[0], h[1], h[2], h[3] = h[1]+l[2]+r[3], h[2]+l[3]+r[0], h[3]+l[0]+r[1], h[0]+l[1]+r[2]
	}
}

// RIPEMD-256 keeps each line's chaining words apart (left in s[0:4], right in
// s[4:8]) and after round i swaps word i of the two lines: A, then B, C, D.
func block256Generic(dig *digest, p []byte) {
	hl, hr := (*[4]uint32)(dig.s[0:4]), (*[4]uint32)(dig.s[4:8])
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		x := words(p)
		l, r := *hl, *hr
		for i := range 4 {
			round4(&l, &r, &x, i)
			l[i], r[i] = r[i], l[i]
		}
		for i := range 4 {
			hl[i] += l[i]
			hr[i] += r[i]
		}
	}
}

func block160Generic(dig *digest, p []byte) {
	h := (*[5]uint32)(dig.s[:5])
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		x := words(p)
		l, r := *h, *h
		for i := range 5 {
			round5(&l, &r, &x, i)
		}
		h[0], h[1], h[2], h[3], h[4] =
			h[1]+l[2]+r[3], h[2]+l[3]+r[4], h[3]+l[4]+r[0], h[4]+l[0]+r[1], h[0]+l[1]+r[2]
	}
}

// swap320 is the word the two lines of RIPEMD-320 exchange after each round:
// B, D, A, C, E.
var swap320 = [5]int{1, 3, 0, 2, 4}

func block320Generic(dig *digest, p []byte) {
	hl, hr := (*[5]uint32)(dig.s[0:5]), (*[5]uint32)(dig.s[5:10])
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		x := words(p)
		l, r := *hl, *hr
		for i := range 5 {
			round5(&l, &r, &x, i)
			w := swap320[i]
			l[w], r[w] = r[w], l[w]
		}
		for i := range 5 {
			hl[i] += l[i]
			hr[i] += r[i]
		}
	}
}

// words reads the first block of p as 16 little-endian words.
func words(p []byte) (x [16]uint32) {
	p = p[:BlockSize]
	for i := range x {
		x[i] = binary.LittleEndian.Uint32(p[4*i:])
	}
	return x
}

// The boolean functions f1..f5 of the specification.
func f1(x, y, z uint32) uint32 { return x ^ y ^ z }
func f2(x, y, z uint32) uint32 { return x&y | ^x&z }
func f3(x, y, z uint32) uint32 { return (x | ^y) ^ z }
func f4(x, y, z uint32) uint32 { return x&z | y&^z }
func f5(x, y, z uint32) uint32 { return x ^ (y | ^z) }

// step4 is one step of a four-word line: the new B of
// A, B, C, D = D, rol(A+f(B,C,D)+X+k, s), B, C.
func step4(a, f, x, k uint32, s uint8) uint32 { return bits.RotateLeft32(a+f+x+k, int(s)) }

// step5 is one step of a five-word line: the new B of
// A, B, C, D, E = E, rol(A+f(B,C,D)+X+k, s)+E, B, rol(C, 10), D.
func step5(a, f, x, k uint32, s uint8, e uint32) uint32 {
	return bits.RotateLeft32(a+f+x+k, int(s)) + e
}

// round4 runs round i of both lines of RIPEMD-128/256 on the words
// l = A, B, C, D and r = A', B', C', D'. The two lines are independent chains,
// so they go step by step together; the branch on the round is outside the
// loops so that each loop body is straight-line code.
func round4(l, r *[4]uint32, x *[16]uint32, i int) {
	a, b, c, d := l[0], l[1], l[2], l[3]
	aa, bb, cc, dd := r[0], r[1], r[2], r[3]
	k, kk := kL[i], kR128[i]
	rl, rr, sl, sr := &rL[i], &rR[i], &sL[i], &sR[i]
	switch i {
	case 0:
		for j := range 16 {
			a, b, c, d = d, step4(a, f1(b, c, d), x[rl[j]&15], k, sl[j]), b, c
			aa, bb, cc, dd = dd, step4(aa, f4(bb, cc, dd), x[rr[j]&15], kk, sr[j]), bb, cc
		}
	case 1:
		for j := range 16 {
			a, b, c, d = d, step4(a, f2(b, c, d), x[rl[j]&15], k, sl[j]), b, c
			aa, bb, cc, dd = dd, step4(aa, f3(bb, cc, dd), x[rr[j]&15], kk, sr[j]), bb, cc
		}
	case 2:
		for j := range 16 {
			a, b, c, d = d, step4(a, f3(b, c, d), x[rl[j]&15], k, sl[j]), b, c
			aa, bb, cc, dd = dd, step4(aa, f2(bb, cc, dd), x[rr[j]&15], kk, sr[j]), bb, cc
		}
	case 3:
		for j := range 16 {
			a, b, c, d = d, step4(a, f4(b, c, d), x[rl[j]&15], k, sl[j]), b, c
			aa, bb, cc, dd = dd, step4(aa, f1(bb, cc, dd), x[rr[j]&15], kk, sr[j]), bb, cc
		}
	}
	l[0], l[1], l[2], l[3] = a, b, c, d
	r[0], r[1], r[2], r[3] = aa, bb, cc, dd
}

// round5 is round4 for the five-word lines of RIPEMD-160/320.
func round5(l, r *[5]uint32, x *[16]uint32, i int) {
	a, b, c, d, e := l[0], l[1], l[2], l[3], l[4]
	aa, bb, cc, dd, ee := r[0], r[1], r[2], r[3], r[4]
	k, kk := kL[i], kR160[i]
	rl, rr, sl, sr := &rL[i], &rR[i], &sL[i], &sR[i]
	switch i {
	case 0:
		for j := range 16 {
			a, b, c, d, e = e, step5(a, f1(b, c, d), x[rl[j]&15], k, sl[j], e), b, bits.RotateLeft32(c, 10), d
			aa, bb, cc, dd, ee = ee, step5(aa, f5(bb, cc, dd), x[rr[j]&15], kk, sr[j], ee), bb, bits.RotateLeft32(cc, 10), dd
		}
	case 1:
		for j := range 16 {
			a, b, c, d, e = e, step5(a, f2(b, c, d), x[rl[j]&15], k, sl[j], e), b, bits.RotateLeft32(c, 10), d
			aa, bb, cc, dd, ee = ee, step5(aa, f4(bb, cc, dd), x[rr[j]&15], kk, sr[j], ee), bb, bits.RotateLeft32(cc, 10), dd
		}
	case 2:
		for j := range 16 {
			a, b, c, d, e = e, step5(a, f3(b, c, d), x[rl[j]&15], k, sl[j], e), b, bits.RotateLeft32(c, 10), d
			aa, bb, cc, dd, ee = ee, step5(aa, f3(bb, cc, dd), x[rr[j]&15], kk, sr[j], ee), bb, bits.RotateLeft32(cc, 10), dd
		}
	case 3:
		for j := range 16 {
			a, b, c, d, e = e, step5(a, f4(b, c, d), x[rl[j]&15], k, sl[j], e), b, bits.RotateLeft32(c, 10), d
			aa, bb, cc, dd, ee = ee, step5(aa, f2(bb, cc, dd), x[rr[j]&15], kk, sr[j], ee), bb, bits.RotateLeft32(cc, 10), dd
		}
	case 4:
		for j := range 16 {
			a, b, c, d, e = e, step5(a, f5(b, c, d), x[rl[j]&15], k, sl[j], e), b, bits.RotateLeft32(c, 10), d
			aa, bb, cc, dd, ee = ee, step5(aa, f1(bb, cc, dd), x[rr[j]&15], kk, sr[j], ee), bb, bits.RotateLeft32(cc, 10), dd
		}
	}
	l[0], l[1], l[2], l[3], l[4] = a, b, c, d, e
	r[0], r[1], r[2], r[3], r[4] = aa, bb, cc, dd, ee
}
