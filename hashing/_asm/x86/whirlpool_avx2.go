package main

import (
	"fmt"

	wr "github.com/hashdrop/hashdrop/hashing/internal/whirlpoolround"
)

// whirlpoolAVX2 writes blockAVX2, the amd64 AVX2 core's method on the eight
// YMM registers of 32-bit mode. The state is held column by column (column
// j in quadword j, row i in its byte i) in two YMM registers, columns 0-3
// and 4-7, so that ShiftColumns is one VPSHUFB, the S-box comes from its
// 4-bit mini-boxes by VPSHUFB, MixRows' multiples 2, 4 and 8 of the S-box
// output by doubling in the field, and MixRows' terms move whole columns
// between the two registers (VPERMQ, VPBLENDD, VPERM2I128). No load
// depends on the data, as the MMX core's 1280 table lookups a block do.
//
// A round fits in the eight registers (see wpAVX2Round); between rounds the
// key and the state wait in a 32-byte aligned frame, where the next round
// reads them back and the state round reads the key as a memory operand.
//
// Measured on Zen 3 (MB/s by CPU time, 16 KiB messages, interleaved on a
// loaded machine): about 290, against 180 for the MMX core and 195 for
// Debian's i386 OpenSSL. The vector units set the pace: with the rounds'
// inputs made independent of each other (wrong digests) it ran only 5%
// faster. Unrolling the ten rounds, and grouping MixRows' moved terms as
// w2>>2 ^ (w1 ^ w3>>2)>>1 (two instructions fewer), measured no faster.
//
// The Go assembler for 386 does not take VPBLENDD, VPERM2I128 and
// VPBLENDVB (four operands), so those are written as bytes by vex3.
func whirlpoolAVX2() {
	wpAVX2Consts()
	TEXT("blockAVX2", "func blockAVX2(dig *digest, p []byte)", "NOSPLIT", fmt.Sprintf("%d-16", wvFrame))
	// Symbol addresses first: a position-independent build computes them
	// through CX.
	I("LEAL", "wpAVX2<>(SB)", "BP")
	I("MOVL", "dig+0(FP)", "AX")
	I("MOVL", "p_base+4(FP)", "SI")
	I("MOVL", "p_len+8(FP)", "CX")
	I("SHRL", imm(6), "CX")
	I("JZ", "avx2_done")
	Comment("BX: the frame, aligned to 32 bytes")
	I("LEAL", mem(31, "SP"), "BX")
	I("ANDL", imm(^31), "BX")
	Comment("the chaining value into columns (its rows are little-endian words)")
	wvTranspose("AX", []int{0, 16, 32, 48}, wvTrHash, "BX", wvH)

	Label("avx2_loop")
	wvTranspose("SI", []int{0, 16, 32, 48}, wvTrBlock, "BX", wvM)
	Comment("key = H; state = m ^ H")
	for half := range 2 {
		y := fmt.Sprintf("Y%d", half)
		I("VMOVDQU", mem(wvH+32*half, "BX"), y)
		I("VMOVDQU", y, mem(wvK+32*half, "BX"))
		I("VPXOR", mem(wvM+32*half, "BX"), y, y)
		I("VMOVDQU", y, mem(wvS+32*half, "BX"))
	}
	I("LEAL", mem(wvRC, "BP"), "DX")
	I("MOVL", imm(wr.Rounds), "DI")

	Label("avx2_round")
	Comment("key = round(key) ^ rc")
	I("VMOVDQU", mem(wvK, "BX"), "Y0")
	I("VMOVDQU", mem(wvK+32, "BX"), "Y1")
	wpAVX2Round(mem(0, "DX"), mem(32, "DX"))
	I("VMOVDQU", "Y0", mem(wvK, "BX"))
	I("VMOVDQU", "Y1", mem(wvK+32, "BX"))
	Comment("state = round(state) ^ key")
	I("VMOVDQU", mem(wvS, "BX"), "Y0")
	I("VMOVDQU", mem(wvS+32, "BX"), "Y1")
	wpAVX2Round(mem(wvK, "BX"), mem(wvK+32, "BX"))
	I("VMOVDQU", "Y0", mem(wvS, "BX"))
	I("VMOVDQU", "Y1", mem(wvS+32, "BX"))
	I("ADDL", imm(64), "DX")
	I("DECL", "DI")
	I("JNZ", "avx2_round")

	Comment("H ^= state ^ m")
	for half := range 2 {
		y := fmt.Sprintf("Y%d", half)
		I("VPXOR", mem(wvM+32*half, "BX"), y, y)
		I("VPXOR", mem(wvH+32*half, "BX"), y, y)
		I("VMOVDQU", y, mem(wvH+32*half, "BX"))
	}
	I("ADDL", imm(64), "SI")
	I("DECL", "CX")
	I("JNZ", "avx2_loop")

	Comment("back into rows: the columns taken from the last, so that each row comes out little-endian")
	wvTranspose("BX", []int{wvH + 48, wvH + 32, wvH + 16, wvH}, wvTrOut, "AX", 0)
	I("VZEROUPPER")

	Label("avx2_done")
	I("RET")
}

// The frame, from the first multiple of 32 in it (BX): the chaining value
// and the message block by columns, the round key and the state.
const (
	wvH     = 0
	wvM     = 64
	wvK     = 128
	wvS     = 192
	wvFrame = 256 + 32
)

// The constants, at BP: each 16-byte table twice, once per 128-bit lane.
const (
	wvE       = 32 * iota // E
	wvEinv                // E^-1
	wvR                   // R
	wvE4                  // E in the high nibble: S(x) = e4[h^t] | einv[l^t]
	wvMask                // 0x0f in every byte
	wvPoly                // 0x1d in every byte: x^8 = x^4+x^3+x^2+1
	wvShiftA              // ShiftColumns for columns 0-3
	wvShiftB              // ShiftColumns for columns 4-7
	wvTrBlock             // the first step of the transposes
	wvTrHash
	wvTrOut
	wvRC // the round constants by columns, 64 bytes a round
)

// wpAVX2Consts writes the constants as a read-only symbol.
func wpAVX2Consts() {
	var data []byte
	lane := func(b [16]byte) { data = append(append(data, b[:]...), b[:]...) }
	inv := wr.Einv()
	var e4, mask, poly [16]byte
	for i, v := range wr.E {
		e4[i] = v << 4
		mask[i] = 0x0f
		poly[i] = 0x1d
	}
	lane(wr.E)
	lane(inv)
	lane(wr.R)
	lane(e4)
	lane(mask)
	lane(poly)
	// ShiftColumns: byte i of column j takes byte i-j of the same column.
	for half := range 2 {
		var idx [32]byte
		for q := range 4 {
			col := 4*half + q
			for i := range 8 {
				idx[8*q+i] = byte(8*(q%2) + (i-col+16)%8)
			}
		}
		data = append(data, idx[:]...)
	}
	// Step one of a transpose interleaves the bytes of two rows held in
	// one XMM register: a message block's rows start with column 0; the
	// chaining value's rows are little-endian words, column 0 last; on the
	// way out the two "rows" are columns j+1 and j, in that order.
	var block, hash, out [16]byte
	for j := range 8 {
		block[2*j], block[2*j+1] = byte(j), byte(8+j)
		hash[2*j], hash[2*j+1] = byte(7-j), byte(15-j)
		out[2*j], out[2*j+1] = byte(8+j), byte(j)
	}
	lane(block)
	lane(hash)
	lane(out)
	if len(data) != wvRC {
		panic("whirlpool avx2: constants out of place")
	}
	// Round r's constant is row 0 of the key's addend: S[8r+j] in byte 0
	// of column j.
	sbox := wr.SubBytes()
	for r := range wr.Rounds {
		for j := range 8 {
			var q [8]byte
			q[0] = sbox[8*r+j]
			data = append(data, q[:]...)
		}
	}
	fmt.Fprintf(&text, "\n")
	for off := 0; off < len(data); off += 8 {
		var q uint64
		for k := range 8 {
			q |= uint64(data[off+k]) << (8 * k)
		}
		fmt.Fprintf(&text, "DATA wpAVX2<>+%d(SB)/8, $0x%016x\n", off, q)
	}
	fmt.Fprintf(&text, "GLOBL wpAVX2<>(SB), RODATA|NOPTR, $%d\n\n", len(data))
}

// wvTranspose reads the 8x8 bytes at src, the 16-byte pairs of rows at the
// offsets given, and writes their transpose at dst+to: after step one (the
// VPSHUFB with the table at first) each register holds words (row a, row b)
// of one column; unpacking words and then doublewords gathers the eight
// rows of each column into a quadword.
func wvTranspose(src string, at []int, first int, dst string, to int) {
	for i := range 4 {
		x := fmt.Sprintf("X%d", i)
		I("VMOVDQU", mem(at[i], src), x)
		I("VPSHUFB", mem(first, "BP"), x, x)
	}
	I("VPUNPCKLWD", "X1", "X0", "X4") // columns 0-3 of rows 0-3
	I("VPUNPCKHWD", "X1", "X0", "X5") // columns 4-7 of rows 0-3
	I("VPUNPCKLWD", "X3", "X2", "X6")
	I("VPUNPCKHWD", "X3", "X2", "X7")
	I("VPUNPCKLDQ", "X6", "X4", "X0") // columns 0 and 1
	I("VPUNPCKHDQ", "X6", "X4", "X1")
	I("VPUNPCKLDQ", "X7", "X5", "X2")
	I("VPUNPCKHDQ", "X7", "X5", "X3")
	for i := range 4 {
		I("VMOVDQU", fmt.Sprintf("X%d", i), mem(to+16*i, dst))
	}
}

// wpAVX2Round replaces the columns in Y0 (0-3) and Y1 (4-7) with one round
// of them plus the key at kA, kB (memory), in Y0 and Y1, using all eight
// registers.
func wpAVX2Round(kA, kB string) {
	// The S-box up to u = S(x), ShiftColumns first (it commutes with
	// SubBytes): h = E[x>>4], l = E^-1[x&15], t = R[h^l], then
	// u = E[h^t]<<4 | E^-1[l^t]. A table goes into Y4 or Y5 before each
	// lookup: VPSHUFB takes the table, not the index, from a register.
	lookup := func(table int, idx string) {
		I("VMOVDQU", mem(table, "BP"), "Y4")
		I("VPSHUFB", idx, "Y4", idx)
	}
	for half, x := range []string{"Y0", "Y1"} {
		I("VPSHUFB", mem(wvShiftA+32*half, "BP"), x, "Y2")
		I("VPSRLW", imm(4), "Y2", "Y3")
		I("VPAND", mem(wvMask, "BP"), "Y3", "Y3")
		I("VPAND", mem(wvMask, "BP"), "Y2", "Y2")
		lookup(wvE, "Y3")    // h
		lookup(wvEinv, "Y2") // l
		I("VPXOR", "Y3", "Y2", "Y5")
		I("VMOVDQU", mem(wvR, "BP"), "Y4")
		I("VPSHUFB", "Y5", "Y4", "Y5") // t
		I("VPXOR", "Y5", "Y3", "Y3")
		I("VPXOR", "Y5", "Y2", "Y2")
		lookup(wvE4, "Y3")
		lookup(wvEinv, "Y2")
		I("VPXOR", "Y3", "Y2", x) // u
	}

	// MixRows. Term m is MixRow[m] times u, moved by m columns; with the
	// registers exchanged for m+4 the terms pair up: with u' the other
	// register's u and S = u ^ u',
	//   w0 = u ^ 8u' (not moved), w1 = u ^ 5u' = 4u' ^ S (moved by one),
	//   w2 = 4u ^ 2u' (by two), w3 = u ^ 9u' = 8u' ^ S (by three),
	// and the accumulators start as the key plus the u of w0.
	I("VPXOR", "Y1", "Y0", "Y2") // S
	wvXtime("Y0", "Y3", "")      // 2u, columns 0-3
	wvXtime("Y1", "Y4", "")      // 2u, columns 4-7
	I("VPXOR", kA, "Y0", "Y0")
	I("VPXOR", kB, "Y1", "Y1")
	wvXtime("Y3", "Y5", "")      // 4u
	wvXtime("Y4", "Y6", "")      //
	I("VPXOR", "Y5", "Y4", "Y4") // w2 of columns 0-3: 4u ^ 2u'
	I("VPXOR", "Y6", "Y3", "Y3") // w2 of columns 4-7
	// Moved by two: A' = [B2 B3 A0 A1], B' = [A2 A3 B0 B1].
	vex3("VPERM2I128", 0x46, 0x03, "Y3", "Y4", "Y7")
	I("VPXOR", "Y7", "Y0", "Y0")
	vex3("VPERM2I128", 0x46, 0x21, "Y3", "Y4", "Y7")
	I("VPXOR", "Y7", "Y1", "Y1")
	I("VPXOR", "Y2", "Y6", "Y3") // w1 of columns 0-3: 4u' ^ S
	I("VPXOR", "Y2", "Y5", "Y4") // w1 of columns 4-7
	// Moved by one: A' = [B3 A0 A1 A2], B' = [A3 B0 B1 B2].
	wvMoveColumns("Y3", "Y4", 0x93, 0x03)
	wvXtime("Y5", "Y5", "Y3")    // 8u
	wvXtime("Y6", "Y6", "Y4")    //
	I("VPXOR", "Y6", "Y0", "Y0") // the rest of w0
	I("VPXOR", "Y5", "Y1", "Y1")
	I("VPXOR", "Y2", "Y6", "Y6") // w3 of columns 0-3: 8u' ^ S
	I("VPXOR", "Y2", "Y5", "Y5")
	// Moved by three: A' = [B1 B2 B3 A0], B' = [A1 A2 A3 B0].
	wvMoveColumns("Y6", "Y5", 0x39, 0x3f)
}

// wvXtime sets dst to src times x in GF(2^8), byte by byte: doubled, with
// 0x1d added where the top bit fell out, chosen by VPBLENDVB on src's top
// bits (three instructions; a compare with zero, a mask and an XOR made
// four and measured 4% slower). Y7 is its scratch register, and spare a
// second one when src is dst.
func wvXtime(src, dst, spare string) {
	d := dst
	if src == dst {
		d = spare
	}
	I("VPADDB", src, src, d)
	I("VPXOR", mem(wvPoly, "BP"), d, "Y7")
	vex3("VPBLENDVB", 0x4c, wvReg(src)<<4, "Y7", d, dst) // the top bit of src picks Y7
}

// wvMoveColumns adds to Y0, Y1 the columns of wA, wB (columns 0-3 and 4-7)
// moved by one or three places: VPERMQ rotates each register's quadwords
// (perm), and A' takes the doublewords blend names from B's rotation, B'
// those from A's. wA and wB are overwritten; Y7 is scratch.
func wvMoveColumns(wA, wB string, perm, blend int) {
	I("VPERMQ", imm(int64(perm)), wA, wA)
	I("VPERMQ", imm(int64(perm)), wB, wB)
	vex3("VPBLENDD", 0x02, blend, wB, wA, "Y7")
	I("VPXOR", "Y7", "Y0", "Y0")
	vex3("VPBLENDD", 0x02, blend, wA, wB, "Y7")
	I("VPXOR", "Y7", "Y1", "Y1")
}

// vex3 writes, as bytes, a 256-bit instruction of map 0F3A with prefix 66
// on three YMM registers and an immediate, in Go's operand order (imm, rm,
// vvvv, reg): C4, R X B set (inverted: no extended registers) with map 3,
// W0 vvvv (inverted) L1 pp=01, the opcode, ModRM (register form) and imm8.
func vex3(name string, opcode, immediate int, rm, vvvv, reg string) {
	n := wvReg
	b2 := (^n(vvvv)&15)<<3 | 1<<2 | 1
	modrm := 0xc0 | n(reg)<<3 | n(rm)
	fmt.Fprintf(&text, "\tBYTE $0xc4; BYTE $0xe3; BYTE $0x%02x; BYTE $0x%02x; BYTE $0x%02x; BYTE $0x%02x // %s $0x%02x, %s, %s, %s\n",
		b2, opcode, modrm, immediate, name, immediate, rm, vvvv, reg)
}

// wvReg is the number of register Yn.
func wvReg(y string) int {
	var k int
	if _, err := fmt.Sscanf(y, "Y%d", &k); err != nil || k > 7 {
		panic("not Y0-Y7: " + y)
	}
	return k
}
