package whirlpool

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// onState adapts a block function to the state array, the form
// hashtest.CrossCheckBlocks compares.
func onState(f func(*digest, []byte)) func(*[8]uint64, []byte) {
	return func(s *[8]uint64, p []byte) {
		d := digest{h: *s}
		f(&d, p)
		*s = d.h
	}
}

func randomState(rng *rand.Rand) [8]uint64 {
	var s [8]uint64
	for i := range s {
		s[i] = rng.Uint64()
	}
	return s
}

func TestKernels(t *testing.T) {
	ks := kernels()
	for _, name := range impl.List(family) {
		if _, ok := ks[name]; !ok && name != impl.Generic {
			t.Errorf("core %s has no kernel in kernels()", name)
		}
	}
	for name, k := range ks {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			hashtest.CrossCheckBlocks(t, BlockSize, randomState, onState(k), onState(blockGeneric))
			// No input must leave the state alone.
			d := digest{h: [8]uint64{1, 2, 3}}
			k(&d, nil)
			if d.h != [8]uint64{1, 2, 3} {
				t.Errorf("empty input changed the state")
			}
		})
	}
}

// TestActiveCore fails when this CPU could run a faster core than the one
// the dispatch chose, so a broken dispatch cannot hide behind passing tests of
// the generic path.
func TestActiveCore(t *testing.T) {
	if os.Getenv("HASHDROP_DISABLE") != "" {
		t.Skip("HASHDROP_DISABLE is set")
	}
	want := expectedCore()
	if got := impl.Active(family); got != want {
		t.Errorf("active core is %s on this CPU, want %s", got, want)
	}
}

// FuzzBlock compares every kernel with blockGeneric on fuzz-chosen state and
// blocks.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), make([]byte, BlockSize))
	f.Add(uint64(1), uint64(0xffffffffffffffff), make([]byte, 3*BlockSize+5))
	ks := kernels()
	f.Fuzz(func(t *testing.T, s0, s1 uint64, data []byte) {
		data = data[:len(data)&^(BlockSize-1)]
		rng := rand.New(rand.NewPCG(s0, s1))
		start := randomState(rng)
		want := start
		onState(blockGeneric)(&want, data)
		for name, k := range ks {
			if impl.Unavailable(family, name) != "" {
				continue
			}
			got := start
			onState(k)(&got, data)
			if got != want {
				t.Fatalf("%s on %d bytes: %x, generic %x", name, len(data), got, want)
			}
		}
	})
}
