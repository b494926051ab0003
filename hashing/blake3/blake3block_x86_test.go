//go:build (amd64 || 386) && !purego

package blake3

import (
	"encoding/binary"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// hash4Func is the signature of the four-input kernels (hash4SSSE3, ...).
type hash4Func func(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)

// runnableKernels returns the names of this CPU's four-input kernels,
// sorted, skipping t when there are none.
func runnableKernels(t testing.TB) []string {
	var names []string
	for _, name := range slices.Sorted(maps.Keys(kernels())) {
		if why := impl.Unavailable(family, name); why != "" {
			t.Logf("core %s: %s", name, why)
			continue
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		t.Skip("this CPU runs none of the four-input kernels")
	}
	return names
}

// hash4Model is the four-input kernels written with the portable
// compression, one input after another.
func hash4Model(p []byte, blocks int, key *[8]uint32, counter, inc uint64, flags, start, end uint32) (out [128]byte) {
	copy(out[:], hashModel(4, p, blocks, key, counter, inc, flags, start, end))
	return out
}

// hashModel is the kernels of width inputs written with the portable
// compression, one input after another.
func hashModel(width int, p []byte, blocks int, key *[8]uint32, counter, inc uint64, flags, start, end uint32) []byte {
	out := make([]byte, 32*width)
	for lane := range width {
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

// TestHash4 compares each kernel with its model on 1 to 16 blocks an
// input, misaligned by 0 to 7 bytes, with random keys and flags, at
// counters whose low half overflows between two of the four inputs (and
// the whole counter between the last two).
func TestHash4(t *testing.T) {
	for _, name := range runnableKernels(t) {
		t.Run(name, func(t *testing.T) {
			kernel := kernels()[name]
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
							kernel(p, uint64(blocks), &key, counter, inc, flags, start, end, &got)
							if want := hash4Model(p, blocks, &key, counter, inc, flags, start, end); got != want {
								t.Fatalf("%d blocks at offset %d, counter %#x, inc %d:\n%x\nmodel\n%x", blocks, off, counter, inc, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// FuzzHash4 compares the group kernel of each core with a four-input
// kernel with the portable one, and the kernel itself with its model, on
// fuzz-chosen input, length, counter (any, so that it overflows between
// the kernel's inputs) and flags.
func FuzzHash4(f *testing.F) {
	f.Add([]byte("abc"), uint16(3000), uint64(1<<32-2), uint8(16), uint32(0))
	f.Add(make([]byte, 5000), uint16(groupLen), uint64(1<<40), uint8(1), uint32(flagParent))
	f.Fuzz(func(t *testing.T, data []byte, n uint16, counter uint64, blocks uint8, flags uint32) {
		var buf [groupLen]byte
		copy(buf[:], data)
		k := int(n)%groupLen + 1
		want := subtreeGeneric(&buf, k, counter)
		b := int(blocks)%16 + 1
		p := buf[:4*b*BlockSize]
		wantOut := hash4Model(p, b, &iv, counter, uint64(blocks&1), flags, flags>>8, flags>>16)
		for _, name := range runnableKernels(t) {
			impl.Select(family, name)
			got := subtree(&buf, k, counter)
			impl.Reset(family)
			if got != want {
				t.Fatalf("%s: %d bytes at chunk %#x: %v, generic %v", name, k, counter, got, want)
			}
			var out [128]byte
			kernels()[name](p, uint64(b), &iv, counter, uint64(blocks&1), flags, flags>>8, flags>>16, &out)
			if out != wantOut {
				t.Fatalf("%s kernel, %d blocks, counter %#x, flags %#x: %x, model %x", name, b, counter, flags, out, wantOut)
			}
		}
	})
}

// TestNodeCV compares nodeCV, on every core, with chainingValue on
// random parents and chunk ends, whole blocks and short ones, at counters
// with high bits set.
func TestNodeCV(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	hashtest.TestCores(t, family, func(t *testing.T) {
		for range 500 {
			n := node{counter: rng.Uint64(), blockLen: BlockSize, flags: rng.Uint32() & 0xff}
			for i := range n.cv {
				n.cv[i] = rng.Uint32()
			}
			for i := range n.block {
				n.block[i] = rng.Uint32()
			}
			if rng.IntN(4) == 0 {
				n.blockLen = uint32(rng.IntN(BlockSize))
			}
			if got, want := nodeCV(&n), chainingValue(n); got != want {
				t.Fatalf("%+v: %x, chainingValue %x", n, got, want)
			}
		}
	})
}
