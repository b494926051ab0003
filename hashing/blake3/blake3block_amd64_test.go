//go:build !purego

package blake3

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// expectedCore is the core this CPU's features call for, the ones named in
// disabled aside.
func expectedCore(disabled []string) string {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX2, cpuid.SSSE3) && !slices.Contains(disabled, "avx512"):
		return "avx512"
	case cpuid.CPU.Supports(cpuid.AVX2, cpuid.SSSE3) && !slices.Contains(disabled, "avx2"):
		return "avx2"
	}
	if name, needs := lukeCore(); cpuid.CPU.Supports(needs...) && !slices.Contains(disabled, name) {
		return name
	}
	if cpuid.CPU.Supports(cpuid.SSSE3) && !slices.Contains(disabled, "ssse3") {
		return "ssse3"
	}
	return impl.Generic
}

// TestActiveCoreWithoutAVX2 runs TestActiveCore in a process whose cores
// were registered with the AVX2 and AVX-512 ones switched off, as on a CPU
// without AVX2, where the dispatch must hand out ssse3.
func TestActiveCoreWithoutAVX2(t *testing.T) {
	if !cpuid.CPU.Supports(cpuid.SSSE3) {
		t.Skip("this CPU has no SSSE3")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestActiveCore$", "-test.v")
	cmd.Env = append(os.Environ(), "HASHDROP_DISABLE=avx512,avx2,luke-avx512,luke-avx2")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "active core ssse3") {
		t.Errorf("with the AVX2 and AVX-512 cores off (%v):\n%s", err, out)
	}
}

// kernels returns the four-input kernels of this architecture's cores,
// by core name.
func kernels() map[string]hash4Func { return map[string]hash4Func{"ssse3": hash4SSSE3} }

// wideKernels returns the kernels of more than four inputs, by core name.
func wideKernels() map[string]struct {
	width int
	hash  func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte)
} {
	type k = struct {
		width int
		hash  func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte)
	}
	return map[string]k{
		"avx512": {16, func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte) {
			hash16AVX512(p, blocks, key, counter, inc, flags, start, end, (*[512]byte)(out))
		}},
		"avx2": {8, func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte) {
			hash8AVX2(p, blocks, key, counter, inc, flags, start, end, (*[256]byte)(out))
		}},
	}
}

// TestHashWide compares the 8- and 16-input kernels with their model on 1
// to 16 blocks an input, misaligned by 0 to 7 bytes, with random keys and
// flags, at counters whose low half (or the whole counter) overflows
// between two of the inputs.
func TestHashWide(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(wideKernels())) {
		k := wideKernels()[name]
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			rng := rand.New(rand.NewPCG(21, 22))
			data := make([]byte, k.width*chunkLen+8)
			for i := range data {
				data[i] = byte(rng.Uint32())
			}
			for blocks := 1; blocks <= 16; blocks++ {
				for off := range 8 {
					for _, counter := range []uint64{0, 1<<32 - 1, 1<<32 - 9, 1<<32 - 15, 1<<64 - 3, rng.Uint64()} {
						for _, inc := range []uint64{0, 1} {
							var key [8]uint32
							for i := range key {
								key[i] = rng.Uint32()
							}
							flags, start, end := rng.Uint32(), rng.Uint32(), rng.Uint32()
							p := data[off : off+k.width*blocks*BlockSize]
							got := make([]byte, 32*k.width)
							k.hash(p, uint64(blocks), &key, counter, inc, flags, start, end, got)
							if want := hashModel(k.width, p, blocks, &key, counter, inc, flags, start, end); !bytes.Equal(got, want) {
								t.Fatalf("%d blocks at offset %d, counter %#x, inc %d:\n%x\nmodel\n%x", blocks, off, counter, inc, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// FuzzHashWide compares the 8- and 16-input kernels with their model on
// fuzz-chosen input, length, counter and flags.
func FuzzHashWide(f *testing.F) {
	f.Add([]byte("abc"), uint64(1<<32-2), uint8(16), uint32(0), false)
	f.Add(make([]byte, 5000), uint64(1<<40), uint8(1), uint32(flagParent), true)
	f.Fuzz(func(t *testing.T, data []byte, counter uint64, blocks uint8, flags uint32, step bool) {
		inc := uint64(0)
		if step {
			inc = 1
		}
		b := int(blocks)%16 + 1
		for _, name := range slices.Sorted(maps.Keys(wideKernels())) {
			k := wideKernels()[name]
			if impl.Unavailable(family, name) != "" {
				continue
			}
			p := make([]byte, k.width*b*BlockSize)
			copy(p, data)
			got := make([]byte, 32*k.width)
			k.hash(p, uint64(b), &iv, counter, inc, flags, flags>>8, flags>>16, got)
			if want := hashModel(k.width, p, b, &iv, counter, inc, flags, flags>>8, flags>>16); !bytes.Equal(got, want) {
				t.Fatalf("%s, %d blocks, counter %#x, flags %#x: %x, model %x", name, b, counter, flags, got, want)
			}
		}
	})
}

// TestActiveCoreWithoutAVX512 runs TestActiveCore in a process whose cores
// were registered with the AVX-512 ones switched off, as on a CPU with
// AVX2 alone, where the dispatch must hand out avx2.
func TestActiveCoreWithoutAVX512(t *testing.T) {
	if !cpuid.CPU.Supports(cpuid.AVX2, cpuid.SSSE3) {
		t.Skip("this CPU has no AVX2")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestActiveCore$", "-test.v")
	cmd.Env = append(os.Environ(), "HASHDROP_DISABLE=avx512,luke-avx512")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "active core avx2") {
		t.Errorf("with the AVX-512 cores off (%v):\n%s", err, out)
	}
}
