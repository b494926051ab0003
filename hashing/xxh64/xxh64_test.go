package xxh64

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// Known answers as printed by xxhsum -H1 0.8.1 (Debian's xxhash package,
// the reference implementation); the empty answer also appears in xxhash's
// own sanity tests.
var golden = []hashtest.Vector{
	{Out: "ef46db3751d8e999", In: ""},
	{Out: "d24ec4f1a98c6e5b", In: "a"},
	{Out: "44bc2cf5ad770999", In: "abc"},
	{Out: "066ed728fceeb3be", In: "message digest"},
	{Out: "bdc9e7ef03310fd2", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
	{Out: "dc483aaa9b4fdc40", In: "a", Repeat: 1000000},
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestVectors(t, New, golden) })
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestHash(t, New, Size, BlockSize) })
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
	f.Add(make([]byte, 300), []byte{31, 0, 33})
	f.Fuzz(func(t *testing.T, data, chunks []byte) {
		cs := make([]int, len(chunks))
		for i, c := range chunks {
			cs[i] = int(c)
		}
		hashtest.CompareStreams(t, data, cs, New(), NewGeneric())
	})
}

// BenchmarkHash measures every core: go test -run '^$' -bench Hash ./hashing/xxh64
func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "xxh64", New: New})
}
