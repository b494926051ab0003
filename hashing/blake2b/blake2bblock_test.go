package blake2b

import (
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// state is what a kernel changes: the chaining value and the counter.
type state struct {
	h [8]uint64
	t [2]uint64
}

func randomState(rng *rand.Rand) state {
	var s state
	for i := range s.h {
		s.h[i] = rng.Uint64()
	}
	// Counters near the carry out of the low word, and anywhere.
	s.t = [2]uint64{-uint64(rng.IntN(4)) * BlockSize, rng.Uint64()}
	if rng.IntN(2) == 0 {
		s.t[0] = rng.Uint64()
	}
	return s
}

func onState(k func(*[8]uint64, *[2]uint64, uint64, []byte), flag uint64) func(*state, []byte) {
	return func(s *state, p []byte) { k(&s.h, &s.t, flag, p) }
}

// TestKernels compares every kernel with blockGeneric on 1..29 blocks at
// every misalignment, as middle blocks and as last blocks, and checks that
// no input leaves the state alone.
func TestKernels(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			for _, flag := range []uint64{0, ^uint64(0)} {
				hashtest.CrossCheckBlocks(t, BlockSize, randomState, onState(k, flag), onState(blockGeneric, flag))
				hashtest.CrossCheckLengths(t, []int{0, 1, 127, 128, 129, 255, 256, 257}, randomState, onState(k, flag), onState(blockGeneric, flag))
			}
		})
	}
}

// FuzzBlock compares every kernel with blockGeneric on fuzz-chosen state,
// counter, flag and blocks.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), false, make([]byte, BlockSize))
	f.Add(uint64(1), ^uint64(0), true, make([]byte, 3*BlockSize+5))
	f.Fuzz(func(t *testing.T, s0, s1 uint64, last bool, data []byte) {
		data = data[:len(data)&^(BlockSize-1)]
		rng := rand.New(rand.NewPCG(s0, s1))
		start := randomState(rng)
		flag := uint64(0)
		if last {
			flag = ^uint64(0)
		}
		want := start
		onState(blockGeneric, flag)(&want, data)
		for name, k := range kernels() {
			if impl.Unavailable(family, name) != "" {
				continue
			}
			got := start
			onState(k, flag)(&got, data)
			if got != want {
				t.Fatalf("%s on %d bytes: %x, generic %x", name, len(data), got, want)
			}
		}
	})
}
