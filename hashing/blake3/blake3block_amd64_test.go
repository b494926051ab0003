//go:build !purego

package blake3

import (
	"encoding/binary"
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
	cmd.Env = append(os.Environ(), "HASHDROP_DISABLE=luke-avx512,luke-avx2")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "active core ssse3") {
		t.Errorf("with the AVX2 and AVX-512 cores off (%v):\n%s", err, out)
	}
}

// hash4Model is hash4SSSE3 written with the portable compression, one
// input after another.
func hash4Model(p []byte, blocks int, key *[8]uint32, counter, inc uint64, flags, start, end uint32) (out [128]byte) {
	for lane := range 4 {
		cv := *key
		for b := range blocks {
			var m [16]uint32
			for i := range m {
				m[i] = binary.LittleEndian.Uint32(p[(lane*blocks+b)*BlockSize+4*i:])
			}
			f := flags
			if b == 0 {
				f |= start
			}
			if b == blocks-1 {
				f |= end
			}
			o := compress(&cv, &m, counter+uint64(lane)*inc, BlockSize, f)
			cv = [8]uint32(o[:8])
		}
		putCV(out[32*lane:], cv)
	}
	return out
}

func skipWithoutSSSE3(t testing.TB) {
	if why := impl.Unavailable(family, "ssse3"); why != "" {
		t.Skipf("core ssse3: %s", why)
	}
}

// TestHash4SSSE3 compares the kernel with its model on 1 to 16 blocks an
// input, misaligned by 0 to 7 bytes, with random keys and flags, at
// counters whose low half overflows between two of the four inputs (and
// the whole counter between the last two).
func TestHash4SSSE3(t *testing.T) {
	skipWithoutSSSE3(t)
	rng := rand.New(rand.NewPCG(19, 20))
	data := make([]byte, 4*chunkLen+8)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for blocks := 1; blocks <= 16; blocks++ {
		for off := range 8 {
			for _, counter := range []uint64{0, 1<<32 - 1, 1<<32 - 2, 1<<32 - 3, 1<<64 - 3, rng.Uint64()} {
				for _, inc := range []uint64{0, 1} {
					var key [8]uint32
					for i := range key {
						key[i] = rng.Uint32()
					}
					flags, start, end := rng.Uint32(), rng.Uint32(), rng.Uint32()
					p := data[off : off+4*blocks*BlockSize]
					var got [128]byte
					hash4SSSE3(p, uint64(blocks), &key, counter, inc, flags, start, end, &got)
					if want := hash4Model(p, blocks, &key, counter, inc, flags, start, end); got != want {
						t.Fatalf("%d blocks at offset %d, counter %#x, inc %d:\n%x\nmodel\n%x", blocks, off, counter, inc, got, want)
					}
				}
			}
		}
	}
}

// FuzzSSSE3 compares the ssse3 core's group kernel with the portable one,
// and the kernel itself with its model, on fuzz-chosen input, length,
// counter (any, so that it overflows between the kernel's inputs) and
// flags.
func FuzzSSSE3(f *testing.F) {
	f.Add([]byte("abc"), uint16(3000), uint64(1<<32-2), uint8(16), uint32(0))
	f.Add(make([]byte, 5000), uint16(groupLen), uint64(1<<40), uint8(1), uint32(flagParent))
	f.Fuzz(func(t *testing.T, data []byte, n uint16, counter uint64, blocks uint8, flags uint32) {
		skipWithoutSSSE3(t)
		var buf [groupLen]byte
		copy(buf[:], data)
		k := int(n)%groupLen + 1
		impl.Select(family, "ssse3")
		got := subtree(&buf, k, counter)
		impl.Reset(family)
		if want := subtreeGeneric(&buf, k, counter); got != want {
			t.Fatalf("%d bytes at chunk %#x: %v, generic %v", k, counter, got, want)
		}
		b := int(blocks)%16 + 1
		p := buf[:4*b*BlockSize]
		var out [128]byte
		hash4SSSE3(p, uint64(b), &iv, counter, uint64(blocks&1), flags, flags>>8, flags>>16, &out)
		if want := hash4Model(p, b, &iv, counter, uint64(blocks&1), flags, flags>>8, flags>>16); out != want {
			t.Fatalf("kernel, %d blocks, counter %#x, flags %#x: %x, model %x", b, counter, flags, out, want)
		}
	})
}
