// Package whirlpoolround writes the Whirlpool compression function once, as
// a sequence of AVX-512 (VBMI, GFNI) instructions on 64-byte registers, for
// two readers: the avo generator in hashing/_asm/whirlpool emits it as
// assembly, and the tests of hashing/whirlpool run it on a Go model of each
// instruction and compare the result with the generic round. The development
// machines that wrote it had no AVX-512, so that model vouched for the
// schedule and the constants until the core ran, on an AMD Zen 4; the tests
// run both, the model everywhere and the core where the CPU has AVX-512.
//
// A register holds the whole 8x8 state: row i is bytes 8i..8i+7, as the
// little-endian image of the uint64 the generic code holds, so column j (the
// row's byte j counted from the most significant) is byte 8i+7-j.
package whirlpoolround

// Reg names a 64-byte vector register, Z0..Z31.
type Reg int

// Machine executes the instructions (the tests' model) or emits them (the
// generator). K1 is the only mask register in use.
type Machine interface {
	// Copy: VMOVDQA64 src, dst.
	Copy(dst, src Reg)
	// Permute2: VPERMI2B hi, lo, idx. idx[i] = (lo || hi)[idx[i] & 127].
	Permute2(idx, lo, hi Reg)
	// SignMask: VPMOVB2M src, K1. Bit i of K1 = the top bit of src[i].
	SignMask(src Reg)
	// Blend: VPBLENDMB set, clear, K1, dst. dst[i] = K1[i] ? set[i] : clear[i].
	Blend(dst, clear, set Reg)
	// Affine: VGF2P8AFFINEQB $0, matrix, src, dst. Each byte of src times the
	// 8x8 bit matrix in the same quadword of matrix.
	Affine(dst, src, matrix Reg)
	// Permute: VPERMB src, idx, dst. dst[i] = src[idx[i] & 63].
	Permute(dst, idx, src Reg)
	// Xor: VPXORQ b, dst, dst. dst ^= b.
	Xor(dst, b Reg)
	// Xor3: VPTERNLOGQ $0x96, c, b, dst. dst ^= b ^ c.
	Xor3(dst, b, c Reg)
	// RoundConstant: VMOVQ ·rc+8r(SB), dst. Row 0 of dst = rc[r], the rest 0.
	RoundConstant(dst Reg, r int)
}

// The registers the core loads once: the S-box in four 64-byte quarters, the
// eight permutations of Perms, and the matrices of Multipliers, each
// broadcast to all eight quadwords.
const (
	Sbox     Reg = 0  // Z0..Z3
	Perm     Reg = 4  // Z4..Z11: Perms[m] in Perm+m
	Matrices Reg = 12 // Z12..Z16: the matrix of Multipliers[k] in Matrices+k
	FirstTmp Reg = 17 // Z17..Z31 are Compress's to use
)

// MixRow is the first row of the circulant MixRows matrix, cir(1,1,4,1,8,5,2,9).
var MixRow = [8]byte{1, 1, 4, 1, 8, 5, 2, 9}

// Multipliers are the entries of MixRow other than 1, in the order of their
// matrices (Matrices+k), with the offset m of MixRow they stand at.
var Multipliers = [5]struct{ C, M byte }{{4, 2}, {8, 4}, {5, 5}, {2, 6}, {9, 7}}

// Perms returns the byte permutations of the round: term m of MixRows takes,
// for output row i and column j, the S-box output at row (i-j+m) mod 8 and
// column (j-m) mod 8. That is ShiftColumns (column c moves down c rows)
// followed by the rotation of each row by m columns, in one VPERMB.
func Perms() (p [8][64]byte) {
	for m := range 8 {
		for i := range 8 {
			for j := range 8 {
				si, sj := (i-j+m+16)%8, (j-m+8)%8
				p[m][8*i+7-j] = byte(8*si + 7 - sj)
			}
		}
	}
	return p
}

// Matrix returns the GF2P8AFFINEQB matrix of multiplication by c in GF(2^8)
// modulo Whirlpool's x^8+x^4+x^3+x^2+1 (0x11d, not AES's 0x11b). Output bit
// i is the parity of the input ANDed with byte 7-i of the matrix, so byte 7-i
// has bit k set when bit i of c*x^k is set.
func Matrix(c byte) uint64 {
	var q uint64
	for k := range 8 {
		col := mul(c, 1<<k)
		for i := range 8 {
			if col>>i&1 != 0 {
				q |= 1 << (8*(7-i) + k)
			}
		}
	}
	return q
}

// mul multiplies in GF(2^8) modulo 0x11d.
func mul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = a<<1 ^ byte(int8(a)>>7)&0x1d
	}
	return p
}

// Round emits one round on the rows in in: SubBytes, ShiftColumns and
// MixRows, then XOR key. It uses the first ten registers of free and returns
// the register holding the result and the registers free afterwards (in's
// among them).
//
// The S-box is two VPERMI2B lookups, one per half of the table, and a blend
// on the top bit of each byte. MixRows is eight terms: the S-box outputs
// times MixRow[m] (one GF2P8AFFINEQB each for the five entries that are not
// 1), each moved by the VPERMB of Perms[m], and a two-level XOR tree.
func Round(mc Machine, in, key Reg, free []Reg) (out Reg, rest []Reg) {
	if len(free) < 10 {
		panic("whirlpoolround: Round needs ten free registers")
	}
	t := free[:10]
	lo, hi := t[0], t[1]
	mc.Copy(lo, in)
	mc.Copy(hi, in)
	mc.Permute2(lo, Sbox, Sbox+1)
	mc.Permute2(hi, Sbox+2, Sbox+3)
	mc.SignMask(in)
	s := t[0]
	mc.Blend(s, lo, hi)

	// term[m] is the register that will hold term m of MixRows.
	var term [8]Reg
	for k, mul := range Multipliers {
		term[mul.M] = t[1+k]
		mc.Affine(term[mul.M], s, Matrices+Reg(k))
	}
	term[0], term[1], term[3] = t[6], t[7], t[8]
	for m := range 8 {
		src := term[m]
		if MixRow[m] == 1 {
			src = s
		}
		mc.Permute(term[m], Perm+Reg(m), src)
	}
	mc.Xor3(term[0], term[1], term[3])
	mc.Xor3(term[2], term[4], term[5])
	mc.Xor3(term[6], term[7], key)
	mc.Xor3(term[6], term[0], term[2])

	out = term[6]
	for _, r := range free {
		if r != out {
			rest = append(rest, r)
		}
	}
	return out, append(rest, in)
}

// Rounds is the number of rounds of the Whirlpool cipher W.
const Rounds = 10

// Compress emits the compression of one block, H' = W[H](msg) ^ H ^ msg:
// the key starts as h and the state as msg ^ h; ten rounds of the key
// schedule (the round constant as key) and of the state (the new key as
// key); then h ^= state ^ msg. It uses the registers in free (at least 13);
// h and msg keep theirs.
//
// The key schedule does not wait for the state, so the out-of-order core runs
// key round r+1 beside state round r and the block costs about the latency
// of the ten state rounds.
func Compress(mc Machine, h, msg Reg, free []Reg) {
	key, state := free[0], free[1]
	free = free[2:]
	mc.Copy(key, h)
	mc.Copy(state, h)
	mc.Xor(state, msg)
	for r := range Rounds {
		rc := free[0]
		mc.RoundConstant(rc, r)
		key, free = Round(mc, key, rc, free[1:])
		free = append(free, rc)
		state, free = Round(mc, state, key, free)
	}
	mc.Xor3(h, state, msg)
}
