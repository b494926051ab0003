package sha256

import (
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// kernel runs the block function of the selected core on a bare state, as
// CrossCheckBlocks wants it.
func kernel(f func(*digest, []byte)) func(*[8]uint32, []byte) {
	return func(s *[8]uint32, p []byte) {
		d := digest{h: *s, size: Size}
		f(&d, p)
		*s = d.h
	}
}

func randomState(rng *rand.Rand) (s [8]uint32) {
	for i := range s {
		s[i] = rng.Uint32()
	}
	return s
}

// TestBlockCrossCheck compares every assembly core with the generic one on
// random states and 1..29 random blocks at misalignments 0..7, and checks
// that a partial block at the end of the input is left alone.
func TestBlockCrossCheck(t *testing.T) {
	hashtest.TestCores(t, family, func(t *testing.T) {
		hashtest.CrossCheckBlocks(t, BlockSize, randomState, kernel(block), kernel(blockGeneric))
		hashtest.CrossCheckLengths(t, hashtest.PartialLengths, randomState, kernel(block), kernel(blockGeneric))
	})
}

// FuzzBlock compares every assembly core with the generic one on a
// fuzz-chosen state and input.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), make([]byte, 64))
	f.Add(uint64(1), uint64(2), make([]byte, 200))
	f.Fuzz(func(t *testing.T, seed1, seed2 uint64, p []byte) {
		s0 := randomState(rand.New(rand.NewPCG(seed1, seed2)))
		for _, name := range impl.Available(family) {
			if name == impl.Generic {
				continue
			}
			impl.Select(family, name)
			a, b := s0, s0
			kernel(block)(&a, p)
			kernel(blockGeneric)(&b, p)
			impl.Reset(family)
			if a != b {
				t.Fatalf("%s, %d bytes: kernel %x, generic %x", name, len(p), a, b)
			}
		}
	})
}
