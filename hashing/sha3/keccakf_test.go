package sha3

import (
	"bytes"
	gosha3 "crypto/sha3"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

var rates = []int{BlockSize224, BlockSize256, BlockSize384, BlockSize512}

func randomState(rng *rand.Rand) (a [25]uint64) {
	for i := range a {
		a[i] = rng.Uint64()
	}
	return a
}

// TestExpectedCore fails when the CPU has a feature but its core is not the
// one in use, so that a broken dispatch cannot hide behind the generic core.
func TestExpectedCore(t *testing.T) {
	want := impl.Generic
	off := strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ",")
	switch {
	case len(impl.List("sha3")) == 0: // purego, or an architecture without cores
	case runtime.GOARCH == "386":
		if cpuid.CPU.Supports(cpuid.SSE2) && !slices.Contains(off, "sse2") {
			want = "sse2"
		}
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL, cpuid.BMI1, cpuid.BMI2) && !slices.Contains(off, "avx512"):
		want = "avx512"
	case cpuid.CPU.Supports(cpuid.BMI1, cpuid.BMI2) && !slices.Contains(off, "bmi2"):
		want = "bmi2"
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL) && !slices.Contains(off, "avx512-single"):
		want = "avx512-single"
	}
	if got := impl.Active("sha3"); got != want {
		t.Fatalf("core in use is %q; on this CPU (%s) it should be %q", got, cpuid.CPU.BrandName, want)
	}
	t.Logf("core in use: %s (available: %v)", want, impl.Available("sha3"))
}

// TestCrossCheck compares every core's absorb with the generic one on random
// states, at every rate, 1..29 blocks, misaligned.
func TestCrossCheck(t *testing.T) {
	hashtest.TestAllImplementations(t, "sha3", func(t *testing.T) {
		for _, r := range rates {
			hashtest.CrossCheckBlocks(t, r, randomState,
				func(a *[25]uint64, p []byte) { absorb(a, p, r) },
				func(a *[25]uint64, p []byte) { absorbGeneric(a, p, r) })
		}
	})
}

// TestCrossCheck4 compares every core's four-state absorb with the generic
// absorb of each state, for every subset of the states taking part.
func TestCrossCheck4(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	hashtest.TestAllImplementations(t, "sha3", func(t *testing.T) {
		for trial := 0; trial < 60; trial++ {
			blocks := 1 + trial%29
			off := trial % 8
			var a [4][25]uint64
			for j := range a {
				a[j] = randomState(rng)
			}
			var in lanes
			var bufs [4][]byte
			mask := 1 + rng.IntN(15)
			perm := rng.Perm(4)
			for j := range 4 {
				bufs[j] = make([]byte, blocks*maxRate+off)
				for i := range bufs[j] {
					bufs[j][i] = byte(rng.Uint32())
				}
				if mask&(1<<j) != 0 {
					in.p[j], in.rate[j] = &bufs[j][off], rates[perm[j]]
				}
			}
			want := a
			for j := range 4 {
				if r := in.rate[j]; r > 0 {
					absorbGeneric(&want[j], bufs[j][off:off+blocks*r], r)
				}
			}
			absorb4(&a, &in, blocks)
			if a != want {
				t.Fatalf("trial %d: %d blocks, rates %v: states differ", trial, blocks, in.rate)
			}
		}
	})
}

// FuzzBlock runs the kernels in use against the generic permutation on a
// fuzz-chosen state and input.
func FuzzBlock(f *testing.F) {
	f.Add([]byte("abc"), uint8(0))
	f.Add(make([]byte, 400), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, sel uint8) {
		var a [25]uint64
		for i := 0; i < 25 && 8*i+8 <= len(data); i++ {
			a[i] = binary.LittleEndian.Uint64(data[8*i:])
		}
		r := rates[sel%4]
		p := data[len(data)%r:]
		want, got := a, a
		absorbGeneric(&want, p, r)
		absorb(&got, p, r)
		if got != want {
			t.Fatalf("absorb of %d bytes at rate %d differs", len(p), r)
		}

		// The four-state kernel, each state at another rate; sel picks
		// which take part.
		var in lanes
		blocks := len(data) / maxRate
		if blocks == 0 {
			return
		}
		var four, want4 [4][25]uint64
		for j := range 4 {
			four[j] = a
			four[j][j] ^= uint64(j)
			if (sel>>2)&(1<<j) != 0 || sel>>6 == 0 {
				in.p[j], in.rate[j] = &data[0], rates[(j+int(sel))%4]
			}
		}
		want4 = four
		for j := range 4 {
			if r := in.rate[j]; r > 0 {
				absorbGeneric(&want4[j], data[:blocks*r], r)
			}
		}
		absorb4(&four, &in, blocks)
		if four != want4 {
			t.Fatalf("absorb4 of %d blocks, rates %v, differs", blocks, in.rate)
		}
	})
}

// FuzzWrite streams fuzz-chosen chunks into each function and into Go's
// crypto/sha3, and into a Multi of all four sizes.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("hello, world"), []byte{0, 1, 71, 135})
	f.Add(make([]byte, 1000), []byte{143, 255, 7})
	f.Fuzz(func(t *testing.T, data, chunkSizes []byte) {
		chunks := make([]int, len(chunkSizes))
		for i, c := range chunkSizes {
			chunks[i] = int(c)
		}
		for _, fn := range functions {
			hashtest.CompareStreams(t, data, chunks, fn.mk(), fn.std())
		}
		m, _ := NewMulti(Size512, Size224, Size384, Size256)
		rest := data
		for i := 0; len(rest) > 0; i++ {
			n := len(rest)
			if len(chunks) > 0 {
				n = min(chunks[i%len(chunks)]+1, n)
			}
			m.Write(rest[:n])
			rest = rest[n:]
		}
		want := [][]byte{sum512(data), sum224(data), sum384(data), sum256(data)}
		for i, s := range m.Sums() {
			if !bytes.Equal(s, want[i]) {
				t.Fatalf("Multi sum %d: %x, want %x", i, s, want[i])
			}
		}
	})
}

func sum224(p []byte) []byte { s := gosha3.Sum224(p); return s[:] }
func sum256(p []byte) []byte { s := gosha3.Sum256(p); return s[:] }
func sum384(p []byte) []byte { s := gosha3.Sum384(p); return s[:] }

func sum512(p []byte) []byte { s := gosha3.Sum512(p); return s[:] }
