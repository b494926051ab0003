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

// kernel is a core's pair of kernels: whole blocks, and the stripes of the
// last one.
type kernel struct {
	accumulate func(acc *[8]uint64, p []byte)
	stripes    func(acc *[8]uint64, p, sec []byte)
}

// randomAcc is any accumulator: the kernels must not depend on the
// starting one.
func randomAcc(rng *rand.Rand) [8]uint64 {
	var acc [8]uint64
	for i := range acc {
		acc[i] = rng.Uint64()
	}
	return acc
}

// withSecret runs a stripes kernel with the secret from off, as Sum does
// (from 0, for up to 15 stripes, and from 121 for one).
func withSecret(k func(*[8]uint64, []byte, []byte), off int) func(*[8]uint64, []byte) {
	return func(acc *[8]uint64, p []byte) { k(acc, p, secret[off:]) }
}

// checkStripes compares a stripes kernel with stripesGeneric on 1..15
// stripes, all a block holds before its last, at every misalignment.
func checkStripes(t *testing.T, k func(acc *[8]uint64, p, sec []byte)) {
	rng := rand.New(rand.NewPCG(9, 10))
	buf := make([]byte, blockLen+8)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	for n := 1; n < stripes; n++ {
		for off := range 8 {
			p := buf[off : off+n*stripeLen]
			a := randomAcc(rng)
			b := a
			k(&a, p, secret[:])
			stripesGeneric(&b, p, secret[:])
			if a != b {
				t.Fatalf("%d stripes at offset %d: kernel %x, generic %x", n, off, a, b)
			}
		}
	}
}

// TestKernels compares every core's kernels with the generic ones: whole
// blocks on 1..29 blocks at every misalignment, on lengths that leave part
// of a block (which both leave alone) and on many blocks; the stripes of a
// last block on 1..15 stripes at every misalignment, at every length to 15
// stripes and on one stripe with the secret at 121; from random
// accumulators and all ones.
func TestKernels(t *testing.T) {
	if len(kernels()) == 0 {
		t.Skip("no kernels in this build")
	}
	lengths := []int{0, 1, stripeLen, blockLen - 1, blockLen, blockLen + 1, 2*blockLen - 1, 2 * blockLen,
		2*blockLen + stripeLen, 64*blockLen + 5, 1000 * blockLen, 1<<20 + blockLen - 1}
	var stripeLengths []int
	for n := range blockLen - stripeLen + 1 {
		stripeLengths = append(stripeLengths, n)
	}
	lastAt := len(secret) - stripeLen - 7
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			hashtest.CrossCheckBlocks(t, blockLen, randomAcc, k.accumulate, accumulateGeneric)
			hashtest.CrossCheckLengths(t, lengths, randomAcc, k.accumulate, accumulateGeneric)
			checkStripes(t, k.stripes)
			hashtest.CrossCheckLengths(t, stripeLengths, randomAcc, withSecret(k.stripes, 0), withSecret(stripesGeneric, 0))
			hashtest.CrossCheckLengths(t, []int{0, stripeLen - 1, stripeLen}, randomAcc, withSecret(k.stripes, lastAt), withSecret(stripesGeneric, lastAt))
			// The words a product or a scramble carries out of: all ones.
			ones := [8]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			p := bytes.Repeat([]byte{0xff}, 3*blockLen)
			a, b := ones, ones
			k.accumulate(&a, p)
			accumulateGeneric(&b, p)
			k.stripes(&a, p[:blockLen-stripeLen], secret[:])
			stripesGeneric(&b, p[:blockLen-stripeLen], secret[:])
			if a != b {
				t.Fatalf("all ones: kernel %x, generic %x", a, b)
			}
		})
	}
}

// FuzzBlock compares every core's kernels with the generic ones on
// fuzz-chosen data, repeated a fuzz-chosen number of times to make blocks
// of small inputs, from a fuzz-chosen accumulator: the whole blocks, then
// the stripes of a fuzz-chosen part of the last block.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint8(0), make([]byte, blockLen))
	f.Add(uint64(1), ^uint64(0), uint8(40), []byte("abcdefghijklmnopqrstuvwxyz"))
	f.Fuzz(func(t *testing.T, s0, s1 uint64, reps uint8, data []byte) {
		if len(data) > 8*blockLen {
			data = data[:8*blockLen]
		}
		data = bytes.Repeat(data, 1+int(reps))
		tail := data[len(data)/blockLen*blockLen:]
		tail = tail[:min(len(tail), blockLen-stripeLen)]
		start := randomAcc(rand.New(rand.NewPCG(s0, s1)))
		want := start
		accumulateGeneric(&want, data)
		stripesGeneric(&want, tail, secret[:])
		for name, k := range kernels() {
			if impl.Unavailable(family, name) != "" {
				continue
			}
			got := start
			k.accumulate(&got, data)
			k.stripes(&got, tail, secret[:])
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
