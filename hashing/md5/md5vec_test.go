package md5

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/md5spec"
	"github.com/hashdrop/hashdrop/hashing/internal/md5vec"
)

// model runs the AVX-512 core's instructions in Go, each as the Intel SDM
// defines it, on 32 registers of four doublewords and one message block.
// With it the tests check the AVX-512 core, which no development machine
// could run, against the generic code.
type model struct {
	x [32][4]uint32
	p []byte
}

func (m *model) LoadWord(dst md5vec.Reg, w int) {
	m.x[dst] = [4]uint32{binary.LittleEndian.Uint32(m.p[4*w:])}
}

func (m *model) AddK(dst md5vec.Reg, i int) {
	for l := range 4 {
		m.x[dst][l] += kTable(i + l)
	}
}

// kTable is the assembly's table: K, then three zero words for the loads of
// the last steps.
func kTable(i int) uint32 {
	if i < 64 {
		return md5spec.K[i]
	}
	return 0
}

func (m *model) Add(dst, b md5vec.Reg) {
	for l := range 4 {
		m.x[dst][l] += m.x[b][l]
	}
}

func (m *model) Copy(dst, src md5vec.Reg) { m.x[dst] = m.x[src] }

// VPTERNLOGD: bit k of each result doubleword is bit (4a + 2b + c) of imm,
// a, b, c being bit k of the destination, the second and the third operand.
func (m *model) Ternlog(dst, b, c md5vec.Reg, imm uint8) {
	for l := range 4 {
		var out uint32
		for k := range 32 {
			a1, b1, c1 := m.x[dst][l]>>k&1, m.x[b][l]>>k&1, m.x[c][l]>>k&1
			out |= uint32(imm>>(4*a1+2*b1+c1)&1) << k
		}
		m.x[dst][l] = out
	}
}

func (m *model) Rotate(dst md5vec.Reg, s int) {
	for l := range 4 {
		m.x[dst][l] = bits.RotateLeft32(m.x[dst][l], s)
	}
}

// TestAVX512Functions checks the four VPTERNLOGD immediates against MD5's
// functions written as in RFC 1321, on random words.
func TestAVX512Functions(t *testing.T) {
	f := [4]func(b, c, d uint32) uint32{
		func(b, c, d uint32) uint32 { return b&c | ^b&d },
		func(b, c, d uint32) uint32 { return b&d | c&^d },
		func(b, c, d uint32) uint32 { return b ^ c ^ d },
		func(b, c, d uint32) uint32 { return c ^ (b | ^d) },
	}
	rng := rand.New(rand.NewPCG(15, 16))
	m := new(model)
	for round := range 4 {
		for range 100 {
			b, c, d := rng.Uint32(), rng.Uint32(), rng.Uint32()
			m.x[1][0], m.x[2][0], m.x[3][0] = b, c, d
			m.Ternlog(3, 1, 2, md5vec.Imm(round))
			if got, want := m.x[3][0], f[round](b, c, d); got != want {
				t.Fatalf("round %d: ternlog %#x gives %08x, want %08x", round+1, md5vec.Imm(round), got, want)
			}
		}
	}
}

// TestAVX512Block runs the AVX-512 core's block on the model and compares it
// with blockGeneric, block after block.
func TestAVX512Block(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	d := digest{s: randomState(rng)}
	m := new(model)
	for i, w := range d.s {
		m.x[md5vec.State+md5vec.Reg(i)][0] = w
	}
	for range 100 {
		p := make([]byte, BlockSize)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		m.p = p
		md5vec.Block(m)
		blockGeneric(&d, p)
		for i, w := range d.s {
			if got := m.x[md5vec.State+md5vec.Reg(i)][0]; got != w {
				t.Fatalf("word %d: model %08x, generic %08x", i, got, w)
			}
		}
	}
}
