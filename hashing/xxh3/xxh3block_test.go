package xxh3

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// randomAcc is any accumulator: the kernels must not depend on the
// starting one.
func randomAcc(rng *rand.Rand) [8]uint64 {
	var acc [8]uint64
	for i := range acc {
		acc[i] = rng.Uint64()
	}
	return acc
}

// TestKernels compares every kernel with accumulateGeneric on 1..29 blocks
// at every misalignment, on lengths that leave part of a block (which both
// leave alone) and on many blocks, from random accumulators.
func TestKernels(t *testing.T) {
	if len(kernels()) == 0 {
		t.Skip("no kernels in this build")
	}
	lengths := []int{0, 1, stripeLen, blockLen - 1, blockLen, blockLen + 1, 2*blockLen - 1, 2 * blockLen,
		2*blockLen + stripeLen, 64*blockLen + 5, 1000 * blockLen, 1<<20 + blockLen - 1}
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			hashtest.CrossCheckBlocks(t, blockLen, randomAcc, k, accumulateGeneric)
			hashtest.CrossCheckLengths(t, lengths, randomAcc, k, accumulateGeneric)
			// The words a product or a scramble carries out of: all ones.
			ones := [8]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			p := bytes.Repeat([]byte{0xff}, 3*blockLen)
			a, b := ones, ones
			k(&a, p)
			accumulateGeneric(&b, p)
			if a != b {
				t.Fatalf("all ones: kernel %x, generic %x", a, b)
			}
		})
	}
}

// FuzzBlock compares every kernel with accumulateGeneric on fuzz-chosen
// data, repeated a fuzz-chosen number of times to make blocks of small
// inputs, from a fuzz-chosen accumulator.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint8(0), make([]byte, blockLen))
	f.Add(uint64(1), ^uint64(0), uint8(40), []byte("abcdefghijklmnopqrstuvwxyz"))
	f.Fuzz(func(t *testing.T, s0, s1 uint64, reps uint8, data []byte) {
		if len(data) > 8*blockLen {
			data = data[:8*blockLen]
		}
		data = bytes.Repeat(data, 1+int(reps))
		start := randomAcc(rand.New(rand.NewPCG(s0, s1)))
		want := start
		accumulateGeneric(&want, data)
		for name, k := range kernels() {
			if impl.Unavailable(family, name) != "" {
				continue
			}
			got := start
			k(&got, data)
			if got != want {
				t.Fatalf("%s on %d bytes: %x, generic %x", name, len(data), got, want)
			}
		}
	})
}

// TestActiveCore fails when this CPU can run a faster core than the one
// the dispatch hands out (those HASHDROP_DISABLE names aside).
func TestActiveCore(t *testing.T) {
	got, want := impl.Active(family), expectedCore(strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ","))
	t.Logf("active core %s", got)
	if got != want {
		t.Errorf("active core is %s on this CPU, want %s", got, want)
	}
}

// TestActiveCoreWithout runs TestActiveCore in processes whose cores were
// registered with the widest ones switched off, as on a CPU without
// AVX-512, where the dispatch must hand out avx2, and on one without AVX2,
// where it must hand out sse2.
func TestActiveCoreWithout(t *testing.T) {
	for _, c := range []struct {
		off, want string
		needs     cpuid.FeatureID
	}{{"avx512", "avx2", cpuid.AVX2}, {"avx512,avx2", "sse2", cpuid.SSE2}} {
		t.Run(c.off, func(t *testing.T) {
			if !cpuid.CPU.Supports(c.needs) || impl.Unavailable(family, c.want) != "" {
				t.Skipf("core %s cannot run here", c.want)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestActiveCore$", "-test.v")
			cmd.Env = append(os.Environ(), "HASHDROP_DISABLE="+c.off)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "active core "+c.want+"\n") {
				t.Errorf("with %s off (%v):\n%s", c.off, err, out)
			}
		})
	}
}
