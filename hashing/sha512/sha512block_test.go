package sha512

import (
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// kernel runs f on a bare state, as CrossCheckBlocks wants it.
func kernel(f func(*digest, []byte)) func(*[8]uint64, []byte) {
	return func(s *[8]uint64, p []byte) {
		d := digest{h: *s, size: Size}
		f(&d, p)
		*s = d.h
	}
}

func randomState(rng *rand.Rand) (s [8]uint64) {
	for i := range s {
		s[i] = rng.Uint64()
	}
	return s
}

// TestBlockCrossCheck compares every assembly core with the generic one on
// random states and 1..29 random blocks (odd and even counts: the cores run
// blocks in pairs) at misalignments 0..7, and checks that a partial block at
// the end of the input is left alone.
func TestBlockCrossCheck(t *testing.T) {
	hashtest.TestCores(t, family, func(t *testing.T) {
		hashtest.CrossCheckBlocks(t, BlockSize, randomState, kernel(block), kernel(blockGeneric))

		rng := rand.New(rand.NewPCG(5, 6))
		for _, n := range []int{0, 1, 127, 128, 129, 255, 256, 257, 383, 384, 385, 511, 512, 513} {
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(rng.Uint32())
			}
			s0 := randomState(rng)
			a, b := s0, s0
			kernel(block)(&a, p)
			kernel(blockGeneric)(&b, p)
			if a != b {
				t.Fatalf("%d bytes: kernel %x, generic %x", n, a, b)
			}
		}
	})
}

// FuzzBlock compares every assembly core with the generic one on a
// fuzz-chosen state and input.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), make([]byte, 128))
	f.Add(uint64(1), uint64(2), make([]byte, 300))
	f.Add(uint64(3), uint64(4), make([]byte, 5*128))
	f.Fuzz(func(t *testing.T, seed1, seed2 uint64, p []byte) {
		s0 := randomState(rand.New(rand.NewPCG(seed1, seed2)))
		want := s0
		kernel(blockGeneric)(&want, p)
		for _, name := range impl.Available(family) {
			if name == impl.Generic {
				continue
			}
			impl.Select(family, name)
			got := s0
			kernel(block)(&got, p)
			impl.Reset(family)
			if got != want {
				t.Fatalf("%s, %d bytes: kernel %x, generic %x", name, len(p), got, want)
			}
		}
	})
}
