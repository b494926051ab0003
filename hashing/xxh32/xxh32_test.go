package xxh32

import (
	"bytes"
	"hash"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// Known answers as printed by xxhsum -H0 0.8.1 (Debian's xxhash package,
// the reference implementation); the empty answer (0x02CC5D05) also
// appears in xxhash's own sanity tests (cli-comment-line.sh, sanity_test).
var golden = []hashtest.Vector{
	{Out: "02cc5d05", In: ""},
	{Out: "550d7456", In: "a"},
	{Out: "32d153ff", In: "abc"},
	{Out: "7c948494", In: "message digest"},
	{Out: "3e3ca5fa", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
	{Out: "e1155920", In: "a", Repeat: 1000000},
}

// newHash is New as a hash.Hash, for the shared helpers.
func newHash() hash.Hash { return New() }

func newGeneric() hash.Hash { return NewGeneric() }

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestVectors(t, newHash, golden) })
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestHash(t, newHash, Size, BlockSize) })
}

// TestSum32 checks that Sum32 is the digest Sum appends, big-endian.
func TestSum32(t *testing.T) {
	h := New()
	h.Write([]byte("abc"))
	if got := h.Sum32(); got != 0x32d153ff {
		t.Fatalf("Sum32 = %08x, want 32d153ff", got)
	}
}

// TestAgainstGeneric compares every core with the portable twin at every
// length to 1 KiB + 1 and in random pieces.
func TestAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	data := make([]byte, 40<<10)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for n := 0; n <= 1025; n++ {
			p := data[n%8 : n%8+n]
			h, g := New(), NewGeneric()
			h.Write(p)
			g.Write(p)
			if got, want := h.Sum(nil), g.Sum(nil); string(got) != string(want) {
				t.Fatalf("%d bytes: %x, generic %x", n, got, want)
			}
		}
		chunks := make([]int, 20)
		for i := range chunks {
			chunks[i] = rng.IntN(200)
		}
		hashtest.CompareStreams(t, data, chunks, New(), NewGeneric())
	})
}

// randomLanes is any state: the kernels must not depend on the starting one.
func randomLanes(rng *rand.Rand) [4]uint32 {
	return [4]uint32{rng.Uint32(), rng.Uint32(), rng.Uint32(), rng.Uint32()}
}

// TestKernels compares every core's stripe loop with stripesGeneric: 1..29
// stripes at every misalignment, every length to 2 KiB (the bytes past the
// last whole stripe left alone) and some longer ones, from random lanes,
// and all ones, whose products carry out of every word.
func TestKernels(t *testing.T) {
	if len(kernels()) == 0 {
		t.Skip("no kernels in this build")
	}
	var lengths []int
	for n := range 2049 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 64<<10+15, 1<<20+5)
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s: %s", name, why)
			}
			hashtest.CrossCheckBlocks(t, BlockSize, randomLanes, k, stripesGeneric)
			hashtest.CrossCheckLengths(t, lengths, randomLanes, k, stripesGeneric)
			ones := [4]uint32{^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)}
			p := bytes.Repeat([]byte{0xff}, 10*BlockSize)
			a, b := ones, ones
			k(&a, p)
			stripesGeneric(&b, p)
			if a != b {
				t.Fatalf("all ones: kernel %x, generic %x", a, b)
			}
		})
	}
}

// FuzzBlock compares every core's stripe loop with stripesGeneric on
// fuzz-chosen data from fuzz-chosen lanes.
func FuzzBlock(f *testing.F) {
	f.Add(uint64(0), uint64(0), make([]byte, 4*BlockSize))
	f.Add(uint64(1), ^uint64(0), []byte("abcdefghijklmnopqrstuvwxyz0123456789"))
	f.Fuzz(func(t *testing.T, s0, s1 uint64, data []byte) {
		start := randomLanes(rand.New(rand.NewPCG(s0, s1)))
		want := start
		stripesGeneric(&want, data)
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

// TestActiveCore fails when this CPU can run the library's core but the
// dispatch hands out another.
func TestActiveCore(t *testing.T) {
	if os.Getenv("HASHDROP_DISABLE") != "" {
		t.Skip("HASHDROP_DISABLE is set")
	}
	if got, want := impl.Active(family), expectedCore(); got != want {
		t.Errorf("active core is %s on this CPU, want %s", got, want)
	}
}

// FuzzWrite streams fuzz-chosen data in fuzz-chosen pieces into the core in
// use and into the portable twin.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 2, 3})
	f.Add(make([]byte, 300), []byte{15, 0, 17})
	f.Fuzz(func(t *testing.T, data, chunks []byte) {
		cs := make([]int, len(chunks))
		for i, c := range chunks {
			cs[i] = int(c)
		}
		hashtest.CompareStreams(t, data, cs, New(), NewGeneric())
	})
}

// BenchmarkHash measures every core: go test -run '^$' -bench Hash ./hashing/xxh32
func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "xxh32", New: newHash})
}
