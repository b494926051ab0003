package whirlpool

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	wr "github.com/hashdrop/hashdrop/hashing/internal/whirlpoolround"
)

// model runs the AVX-512 core's instructions in Go, each as the Intel SDM
// defines it, on 32 registers of 64 bytes and the mask register K1. With it
// the tests check the schedule and the constants of the AVX-512 core, which
// no development machine could run, against the generic round.
type model struct {
	z  [32][64]byte
	k1 uint64
}

func (m *model) Copy(dst, src wr.Reg) { m.z[dst] = m.z[src] }

// VPERMI2B: the index register is overwritten with bytes picked from the
// 128-byte table lo || hi by its own low seven bits.
func (m *model) Permute2(idx, lo, hi wr.Reg) {
	var table [128]byte
	copy(table[:64], m.z[lo][:])
	copy(table[64:], m.z[hi][:])
	for i, x := range m.z[idx] {
		m.z[idx][i] = table[x&127]
	}
}

// VPMOVB2M: bit i of the mask is the most significant bit of byte i.
func (m *model) SignMask(src wr.Reg) {
	m.k1 = 0
	for i, x := range m.z[src] {
		m.k1 |= uint64(x>>7) << i
	}
}

// VPBLENDMB: byte i from set where mask bit i is 1, from clear elsewhere.
func (m *model) Blend(dst, clear, set wr.Reg) {
	var out [64]byte
	for i := range out {
		if m.k1>>i&1 != 0 {
			out[i] = m.z[set][i]
		} else {
			out[i] = m.z[clear][i]
		}
	}
	m.z[dst] = out
}

// VGF2P8AFFINEQB with imm8 0: in each quadword j, byte b becomes
// affine_byte(matrix.qword[j], src.qword[j].byte[b]), whose bit i is the
// parity of (byte 7-i of the matrix quadword) AND the source byte.
func (m *model) Affine(dst, src, matrix wr.Reg) {
	var out [64]byte
	for j := range 8 {
		a := binary.LittleEndian.Uint64(m.z[matrix][8*j:])
		for b := range 8 {
			x := m.z[src][8*j+b]
			var y byte
			for i := range 8 {
				row := byte(a >> (8 * (7 - i)))
				y |= byte(bits.OnesCount8(row&x)&1) << i
			}
			out[8*j+b] = y
		}
	}
	m.z[dst] = out
}

// VPERMB: byte i of dst is the byte of src the low six bits of idx[i] name.
func (m *model) Permute(dst, idx, src wr.Reg) {
	var out [64]byte
	for i, x := range m.z[idx] {
		out[i] = m.z[src][x&63]
	}
	m.z[dst] = out
}

func (m *model) Xor(dst, b wr.Reg) {
	for i := range 64 {
		m.z[dst][i] ^= m.z[b][i]
	}
}

// VPTERNLOGQ $0x96: the bitwise XOR of its three operands.
func (m *model) Xor3(dst, b, c wr.Reg) {
	for i := range 64 {
		m.z[dst][i] ^= m.z[b][i] ^ m.z[c][i]
	}
}

// VMOVQ m64, xmm: the low quadword loaded, the rest of the register zeroed.
func (m *model) RoundConstant(dst wr.Reg, r int) {
	m.z[dst] = [64]byte{}
	binary.LittleEndian.PutUint64(m.z[dst][:], rc[r])
}

// newModel loads the constant registers as the core's prologue does.
func newModel() *model {
	m := new(model)
	for q := range 4 {
		copy(m.z[wr.Sbox+wr.Reg(q)][:], sbox[64*q:])
	}
	for i, p := range wr.Perms() {
		m.z[wr.Perm+wr.Reg(i)] = p
	}
	for k, mul := range wr.Multipliers {
		for j := range 8 {
			binary.LittleEndian.PutUint64(m.z[wr.Matrices+wr.Reg(k)][8*j:], wr.Matrix(mul.C))
		}
	}
	return m
}

func (m *model) setRows(r wr.Reg, rows *[8]uint64) {
	for i, v := range rows {
		binary.LittleEndian.PutUint64(m.z[r][8*i:], v)
	}
}

func (m *model) rows(r wr.Reg) (rows [8]uint64) {
	for i := range rows {
		rows[i] = binary.LittleEndian.Uint64(m.z[r][8*i:])
	}
	return rows
}

// TestAVX512Matrices checks every GF2P8AFFINEQB matrix against multiplication
// in Whirlpool's field, for every byte.
func TestAVX512Matrices(t *testing.T) {
	m := newModel()
	for x := range 256 {
		m.z[20][x%64] = byte(x)
		if x%64 != 63 {
			continue
		}
		for k, mul := range wr.Multipliers {
			if wr.MixRow[mul.M] != mul.C {
				t.Fatalf("multiplier %d is at MixRow[%d] = %d", mul.C, mul.M, wr.MixRow[mul.M])
			}
			m.Affine(21, 20, wr.Matrices+wr.Reg(k))
			for i := range 64 {
				if got, want := m.z[21][i], gfMul(m.z[20][i], mul.C); got != want {
					t.Fatalf("%#02x * %d: affine gives %#02x, want %#02x", m.z[20][i], mul.C, got, want)
				}
			}
		}
	}
	if wr.MixRow != mixRow {
		t.Fatalf("MixRow %v, the generic code's %v", wr.MixRow, mixRow)
	}
}

// TestAVX512Sbox checks the two VPERMI2B lookups and the blend against the
// S-box for every byte.
func TestAVX512Sbox(t *testing.T) {
	m := newModel()
	for q := range 4 {
		for i := range 64 {
			m.z[20][i] = byte(64*q + i)
		}
		// The S-box part of Round.
		m.Copy(21, 20)
		m.Copy(22, 20)
		m.Permute2(21, wr.Sbox, wr.Sbox+1)
		m.Permute2(22, wr.Sbox+2, wr.Sbox+3)
		m.SignMask(20)
		m.Blend(21, 21, 22)
		for i, got := range m.z[21] {
			if want := sbox[m.z[20][i]]; got != want {
				t.Fatalf("S(%#02x) = %#02x, want %#02x", m.z[20][i], got, want)
			}
		}
	}
}

// TestAVX512Perms checks that each permutation moves every byte once.
func TestAVX512Perms(t *testing.T) {
	for m, p := range wr.Perms() {
		var seen [64]bool
		for _, x := range p {
			if x >= 64 || seen[x] {
				t.Fatalf("Perms[%d] is not a permutation: %v", m, p)
			}
			seen[x] = true
		}
	}
}

// TestAVX512Round runs Round on the model and compares it with the generic
// round, for the state round (a full key) and the key schedule's (a round
// constant), on random rows.
func TestAVX512Round(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	free := []wr.Reg{19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}
	for trial := range 200 {
		m := newModel()
		s, k := randomState(rng), randomState(rng)
		if trial%2 == 1 {
			k = [8]uint64{rc[trial%rounds]}
		}
		m.setRows(17, &s)
		m.setRows(18, &k)
		out, rest := wr.Round(m, 17, 18, free)
		want := s
		round(&want, &k)
		if got := m.rows(out); got != want {
			t.Fatalf("trial %d: model %x, generic %x", trial, got, want)
		}
		if len(rest) != len(free) {
			t.Fatalf("Round returned %d free registers, took %d", len(rest), len(free))
		}
	}
}

// TestAVX512Compress runs the whole compression on the model and compares
// it with blockGeneric, block after block.
func TestAVX512Compress(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	m := newModel()
	d := digest{h: randomState(rng)}
	m.setRows(17, &d.h)
	for range 50 {
		var p [BlockSize]byte
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var msg [8]uint64
		for i := range msg {
			msg[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		m.setRows(18, &msg)
		wr.Compress(m, 17, 18, []wr.Reg{19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31})
		blockGeneric(&d, p[:])
		if got := m.rows(17); got != d.h {
			t.Fatalf("model %x, generic %x", got, d.h)
		}
	}
}
