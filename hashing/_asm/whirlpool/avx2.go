package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	wr "github.com/hashdrop/hashdrop/hashing/internal/whirlpoolround"
)

// blockAVX2 is a vector core for CPUs without GFNI and AVX-512: the state
// is held column by column (column j in quadword j, row i in its byte i) in
// two YMM registers, columns 0-3 and 4-7, so that
//
//   - ShiftColumns rotates the bytes inside each quadword: one VPSHUFB;
//   - the S-box is computed from its 4-bit mini-boxes with VPSHUFB, and
//     MixRows' multiples 2, 4 and 8 of its output by doubling in the field
//     (VPADDB, and 0x1d where a top bit falls out): measured on Zen 3, 300
//     MB/s against 270 with the multiples as lookups too, which left the
//     two shuffle units the busiest;
//   - MixRows' term m moves whole columns by m places: m and m+4 differ by
//     exchanging the two registers, which is free, so the eight terms fold
//     into four, moved by 0, 1, 2 and 3 columns (VPERMQ and VPBLENDD, or
//     VPERM2I128 for 2).
//
// The block and the chaining value are transposed into that order on the
// way in and back on the way out (VPSHUFB and unpacks on XMM registers).
func blockAVX2() {
	TEXT("blockAVX2", NOSPLIT, "func(dig *digest, p []byte)")
	Doc("blockAVX2 compresses whole blocks of p into dig with AVX2 byte shuffles.")

	nib := avx2Tables()
	hSlot := AllocLocal(64) // the chaining value, by columns
	mSlot := AllocLocal(64) // the message block, by columns

	Load(Param("dig"), RAX)
	Load(Param("p").Base(), RSI)
	Load(Param("p").Len(), RCX)
	SHRQ(U8(6), RCX)
	JZ(LabelRef("avx2_done"))

	Comment("the chaining value into columns (its rows are little-endian words)")
	transpose(Mem{Base: RAX}, []int{0, 16, 32, 48}, nib.trHash, hSlot)

	Label("avx2_loop")
	transpose(Mem{Base: RSI}, []int{0, 16, 32, 48}, nib.trBlock, mSlot)
	kA, kB := YMM(), YMM()
	sA, sB := YMM(), YMM()
	VMOVDQU(hSlot, kA)
	VMOVDQU(hSlot.Offset(32), kB)
	VPXOR(mSlot, kA, sA)
	VPXOR(mSlot.Offset(32), kB, sB)
	for r := range wr.Rounds {
		Commentf("round %d", r+1)
		kA, kB = avx2Round(nib, kA, kB, nib.rc.Offset(64*r), nib.rc.Offset(64*r+32))
		sA, sB = avx2Round(nib, sA, sB, kA, kB)
	}
	Comment("H ^= state ^ m")
	for i, s := range []VecVirtual{sA, sB} {
		VPXOR(mSlot.Offset(32*i), s, s)
		VPXOR(hSlot.Offset(32*i), s, s)
		VMOVDQU(s, hSlot.Offset(32*i))
	}
	ADDQ(U8(64), RSI)
	DECQ(RCX)
	JNZ(LabelRef("avx2_loop"))

	Comment("back into rows: the columns taken from the last, so that each row comes out little-endian")
	transpose(hSlot, []int{48, 32, 16, 0}, nib.trOut, Mem{Base: RAX})
	VZEROUPPER()
	Label("avx2_done")
	RET()
}

// avx2Consts are the core's tables: 16-byte tables are stored twice, once
// for each 128-bit lane.
type avx2Consts struct {
	e, einv, r, mask0f     Mem
	poly                   Mem    // 0x1d in every byte: x^8 = x^4+x^3+x^2+1
	e4                     Mem    // E in the high nibble: S(x) = e4[h^t] | einv[l^t]
	shift                  [2]Mem // ShiftColumns for columns 0-3 and 4-7
	rc                     Mem    // the round constants, by columns
	trBlock, trHash, trOut Mem    // the first step of the transposes
}

func avx2Tables() avx2Consts {
	t := GLOBL("avx2Tables", RODATA|NOPTR)
	off := 0
	raw := func(b [32]byte) Mem {
		m := t.Offset(off)
		for i := 0; i < 32; i += 8 {
			var q uint64
			for k := range 8 {
				q |= uint64(b[i+k]) << (8 * k)
			}
			DATA(off+i, U64(q))
		}
		off += 32
		return m
	}
	lane := func(b [16]byte) Mem { return raw([32]byte(append(b[:], b[:]...))) }
	var c avx2Consts
	c.e, c.einv, c.r = lane(wr.E), lane(wr.Einv()), lane(wr.R)
	var m0f [16]byte
	for i := range m0f {
		m0f[i] = 0x0f
	}
	c.mask0f = lane(m0f)
	var poly [16]byte
	for i := range poly {
		poly[i] = 0x1d
	}
	c.poly = lane(poly)
	var e4 [16]byte
	for i, v := range wr.E {
		e4[i] = v << 4
	}
	c.e4 = lane(e4)
	// ShiftColumns: byte i of column j takes byte i-j of the same column.
	for half := range 2 {
		var idx [32]byte
		for q := range 4 {
			col := 4*half + q
			for i := range 8 {
				idx[8*q+i] = byte(8*(q%2) + (i-col+16)%8)
			}
		}
		c.shift[half] = raw(idx)
	}
	// Step one of the transposes interleaves the bytes of two rows held in
	// one XMM register: a message block's rows start with column 0; the
	// chaining value's rows are little-endian words, column 0 last; on the
	// way out the two "rows" are columns j+1 and j, in that order.
	var block, hash, out [16]byte
	for j := range 8 {
		block[2*j], block[2*j+1] = byte(j), byte(8+j)
		hash[2*j], hash[2*j+1] = byte(7-j), byte(15-j)
		out[2*j], out[2*j+1] = byte(8+j), byte(j)
	}
	c.trBlock, c.trHash, c.trOut = lane(block), lane(hash), lane(out)

	rcs := GLOBL("avx2RC", RODATA|NOPTR)
	sbox := wr.SubBytes()
	for r := range wr.Rounds {
		for j := range 8 { // row 0, column j: byte 0 of column j
			DATA(64*r+8*j, U64(uint64(sbox[8*r+j])))
		}
	}
	c.rc = rcs
	return c
}

// transpose reads the 8x8 bytes at src, the 16-byte pairs of rows at the
// offsets given, and writes their transpose to dst: after step one (the
// VPSHUFB with first) each register holds words (row a, row b) of one
// column; unpacking words and then doublewords gathers the eight rows of
// each column into a quadword.
func transpose(src Mem, at []int, first Mem, dst Mem) {
	var x [4]VecVirtual
	for i := range x {
		x[i] = XMM()
		VMOVDQU(src.Offset(at[i]), x[i])
		VPSHUFB(first, x[i], x[i])
	}
	d := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}
	VPUNPCKLWD(x[1], x[0], d[0]) // columns 0-3 of rows 0-3
	VPUNPCKHWD(x[1], x[0], d[1]) // columns 4-7 of rows 0-3
	VPUNPCKLWD(x[3], x[2], d[2])
	VPUNPCKHWD(x[3], x[2], d[3])
	c := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}
	VPUNPCKLDQ(d[2], d[0], c[0]) // columns 0 and 1
	VPUNPCKHDQ(d[2], d[0], c[1])
	VPUNPCKLDQ(d[3], d[1], c[2])
	VPUNPCKHDQ(d[3], d[1], c[3])
	for i := range c {
		VMOVDQU(c[i], dst.Offset(16*i))
	}
}

// shuffle returns table[idx] byte by byte.
func shuffle(table Mem, idx VecVirtual) VecVirtual {
	t := YMM()
	VMOVDQU(table, t)
	VPSHUFB(idx, t, t)
	return t
}

// avx2Round replaces the columns in xA, xB with one round of them and adds
// the key (registers or memory), returning the registers of the result.
func avx2Round(c avx2Consts, xA, xB VecVirtual, kA, kB Op) (VecVirtual, VecVirtual) {
	// The S-box up to its last step: ShiftColumns first (it commutes with
	// SubBytes), then h^t and l^t, the indexes of the last lookups.
	var ih, il [2]VecVirtual
	for half, x := range []VecVirtual{xA, xB} {
		s := YMM()
		VPSHUFB(c.shift[half], x, s)
		hi := YMM()
		VPSRLW(U8(4), s, hi)
		VPAND(c.mask0f, hi, hi)
		VPAND(c.mask0f, s, s)
		h := shuffle(c.e, hi)
		l := shuffle(c.einv, s)
		t := YMM()
		VPXOR(h, l, t)
		t = shuffle(c.r, t)
		VPXOR(t, h, h)
		VPXOR(t, l, l)
		ih[half], il[half] = h, l
	}
	// u = S(x) from the last two lookups; 2u, 4u and 8u by doubling in
	// the field (xtime), which keeps the byte shuffles, the busiest unit,
	// to the S-box.
	var u [2]VecVirtual
	for half := range 2 {
		u[half] = shuffle(c.e4, ih[half])
		q := shuffle(c.einv, il[half])
		VPXOR(q, u[half], u[half])
	}
	zero := YMM()
	VPXOR(zero, zero, zero)
	xtime := func(v VecVirtual) VecVirtual {
		d, m := YMM(), YMM()
		VPADDB(v, v, d)
		VPCMPGTB(v, zero, m) // the bytes whose top bit is set
		VPAND(c.poly, m, m)
		VPXOR(m, d, d)
		return d
	}
	// Term m of MixRows is MixRow[m] times u, moved by m columns; with the
	// registers exchanged for m+4, the terms pair up as w0 = u ^ 8u',
	// w1 = u ^ 5u', w2 = 4u ^ 2u', w3 = u ^ 9u' = w0 ^ u', where u' is the
	// other register's, and the round is w0 ^ w1>>1 ^ w2>>2 ^ w3>>3.
	accA, accB := YMM(), YMM()
	u2 := [2]VecVirtual{xtime(u[0]), xtime(u[1])}
	u4 := [2]VecVirtual{xtime(u2[0]), xtime(u2[1])}
	wA, wB := YMM(), YMM()
	VPXOR(u4[0], u2[1], wA)
	VPXOR(u4[1], u2[0], wB)
	VPERM2I128(U8(0x03), wB, wA, accA) // w2 moved by two: A' = [B2 B3 A0 A1]
	VPERM2I128(U8(0x21), wB, wA, accB) // B' = [A2 A3 B0 B1]
	VPXOR(kA, accA, accA)
	VPXOR(kB, accB, accB)

	// w1 = u ^ (4u' ^ u'), moved by one column: A' = [B3 A0 A1 A2], B' = [A3 B0 B1 B2].
	wA, wB = YMM(), YMM()
	VPXOR(u4[1], u[1], wA)
	VPXOR(u[0], wA, wA)
	VPXOR(u4[0], u[0], wB)
	VPXOR(u[1], wB, wB)
	moveColumns(wA, wB, 0x93, 0x03, accA, accB)

	u8 := [2]VecVirtual{xtime(u4[0]), xtime(u4[1])}
	w0A, w0B := YMM(), YMM()
	VPXOR(u8[1], u[0], w0A)
	VPXOR(u8[0], u[1], w0B)
	VPXOR(w0A, accA, accA)
	VPXOR(w0B, accB, accB)
	// w3 = w0 ^ u', moved by three: A' = [B1 B2 B3 A0], B' = [A1 A2 A3 B0].
	VPXOR(u[1], w0A, w0A)
	VPXOR(u[0], w0B, w0B)
	moveColumns(w0A, w0B, 0x39, 0x3f, accA, accB)
	return accA, accB
}

// moveColumns adds to accA, accB the columns of wA, wB moved by one or three
// places: VPERMQ rotates each register's quadwords (perm), and A' takes the
// doublewords blend names from B's rotation, B' those from A's.
func moveColumns(wA, wB VecVirtual, perm, blend uint8, accA, accB VecVirtual) {
	pA, pB := YMM(), YMM()
	VPERMQ(U8(perm), wA, pA)
	VPERMQ(U8(perm), wB, pB)
	nA, nB := YMM(), YMM()
	VPBLENDD(U8(blend), pB, pA, nA)
	VPBLENDD(U8(blend), pA, pB, nB)
	VPXOR(nA, accA, accA)
	VPXOR(nB, accB, accB)
}
