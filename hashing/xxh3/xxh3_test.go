package xxh3

import (
	"bytes"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// Known answers as printed by xxhsum 0.8.1 (Debian's xxhash package, the
// reference implementation): xxhsum -H3 and -H2 (xxh128sum). The ASCII
// alphabet 10 times (260 bytes) takes the long path, one million 'a' many
// blocks; the empty answers also appear in xxhash's own sanity tests.
var (
	golden64 = []hashtest.Vector{
		{Out: "2d06800538d394c2", In: ""},
		{Out: "e6c632b61e964e1f", In: "a"},
		{Out: "78af5f94892f3950", In: "abc"},
		{Out: "160d8e9329be94f9", In: "message digest"},
		{Out: "a94e7bf85486aeb3", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
		{Out: "b1fd6fae5285c4eb", In: "a", Repeat: 1000000},
	}
	golden128 = []hashtest.Vector{
		{Out: "99aa06d3014798d86001c324468d497f", In: ""},
		{Out: "a96faf705af16834e6c632b61e964e1f", In: "a"},
		{Out: "06b05ab6733a618578af5f94892f3950", In: "abc"},
		{Out: "34ab715d95e3b6490abfabecb8e3a424", In: "message digest"},
		{Out: "f712b5d3307aca81a94e7bf85486aeb3", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
		{Out: "a545df8e384a9579b1fd6fae5285c4eb", In: "a", Repeat: 1000000},
	}
)

// long are known answers on many blocks and on a last block cut short,
// also printed by xxhsum 0.8.1 (-H3, and xxh128sum): the input of length n
// is the bytes i mod 251.
var long = []struct {
	n             int
	out64, out128 string
}{
	{2047, "c95eaacd676cd049", "6c555bf670e067a3c95eaacd676cd049"},
	{16385, "fea38d9173737a4b", "7f1012a369696b6dfea38d9173737a4b"},
	{65599, "87db570a3c486bd1", "4789e75ee39d410187db570a3c486bd1"},
	{1048577, "47a84c196fd973df", "3db0e7620b0d635947a84c196fd973df"},
	{3145727, "129efc47330e87eb", "de1607cd6da53358129efc47330e87eb"},
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestVectors(t, New, golden64)
		hashtest.TestVectors(t, New128, golden128)
		for _, v := range long {
			p := make([]byte, v.n)
			for i := range p {
				p[i] = byte(i % 251)
			}
			for _, c := range []struct {
				mk  func() hash.Hash
				out string
			}{{New, v.out64}, {New128, v.out128}} {
				whole, pieces := c.mk(), c.mk()
				whole.Write(p)
				// Pieces of 1 byte, then 1 MiB and what is left: no Write
				// but the first starts on a block.
				pieces.Write(p[:1])
				pieces.Write(p[1:min(v.n, 1<<20+1)])
				pieces.Write(p[min(v.n, 1<<20+1):])
				for _, h := range []hash.Hash{whole, pieces} {
					if got := hex.EncodeToString(h.Sum(nil)); got != c.out {
						t.Errorf("%d bytes: %s, want %s", v.n, got, c.out)
					}
				}
			}
		}
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestHash(t, New, Size, BlockSize)
		hashtest.TestHash(t, New128, Size128, BlockSize)
	})
}

// TestAgainstGeneric compares every core with the portable twin at every
// length to 4 KiB + 1 (the short paths' cutoffs at 3, 8, 16, 128 and 240,
// the stripe and the block), around multiples of the block, at random
// lengths to 1 MiB, and written in random pieces.
func TestAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 1<<20+8)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	lengths := []int{}
	for n := 0; n <= 4097; n++ {
		lengths = append(lengths, n)
	}
	for _, b := range []int{16, 17, 31, 32, 63, 64, 65} {
		lengths = append(lengths, b*blockLen-1, b*blockLen, b*blockLen+1, b*blockLen+stripeLen+1)
	}
	for range 20 {
		lengths = append(lengths, 4<<10+rng.IntN(1<<20-4<<10))
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, wide := range []bool{false, true} {
			for _, n := range lengths {
				off := n % 8
				p := data[off : off+n]
				h, g := newHash(wide), newDigest(wide, true)
				h.Write(p)
				g.Write(p)
				if got, want := h.Sum(nil), g.Sum(nil); string(got) != string(want) {
					t.Fatalf("128=%v, %d bytes: %x, generic %x", wide, n, got, want)
				}
			}
			chunks := make([]int, 20)
			for i := range chunks {
				chunks[i] = rng.IntN(3000)
			}
			hashtest.CompareStreams(t, data, chunks, newHash(wide), newDigest(wide, true))
		}
	})
}

// FuzzWrite streams fuzz-chosen data, repeated a fuzz-chosen number of
// times to make blocks of small inputs, in fuzz-chosen pieces into every
// core that can run here and into the portable twin, both widths.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 2, 3}, uint8(0))
	f.Add(make([]byte, 3000), []byte{200, 7, 255}, uint8(3))
	f.Fuzz(func(t *testing.T, data, chunks []byte, reps uint8) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		data = bytes.Repeat(data, 1+int(reps)%64)
		cs := make([]int, len(chunks))
		for i, c := range chunks {
			cs[i] = int(c) * 5
		}
		for _, core := range impl.Available(family) {
			impl.Select(family, core)
			h, h128 := New(), New128()
			impl.Reset(family)
			for _, pair := range [][2]hash.Hash{{h, NewGeneric()}, {h128, NewGeneric128()}} {
				hashtest.CompareStreams(t, data, cs, pair[0], pair[1])
			}
		}
	})
}

// BenchmarkHash measures every core: go test -run '^$' -bench Hash ./hashing/xxh3
func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "xxh3", New: New}, hashtest.Named{Name: "xxh128", New: New128})
}

// BenchmarkWrite measures every core on one long message written 1 MiB at
// a time, as the pipeline hands a file over: from the start of a block
// (1M), and after a first Write of one byte (1+1M), which leaves every
// later Write one byte into a block: a core that copies what does not
// start a block copies it all.
//
//	go test -run '^$' -bench Write ./hashing/xxh3
func BenchmarkWrite(b *testing.B) {
	buf := make([]byte, 1<<20)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	for _, core := range append(impl.List(family), impl.Generic) {
		b.Run(core, func(b *testing.B) {
			if why := impl.Unavailable(family, core); why != "" {
				b.Skipf("core %s: %s", core, why)
			}
			impl.Select(family, core)
			defer impl.Reset(family)
			for _, first := range []int{0, 1} {
				name := "1M"
				if first > 0 {
					name = "1+1M"
				}
				b.Run(name, func(b *testing.B) {
					h := New()
					h.Write(buf[:first])
					b.SetBytes(int64(len(buf)))
					b.ReportAllocs()
					for b.Loop() {
						h.Write(buf)
					}
				})
			}
		})
	}
}
