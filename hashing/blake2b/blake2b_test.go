package blake2b

import (
	"hash"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// Known answers: "abc" is RFC 7693's Appendix A example; the others as
// printed by b2sum and b2sum -l 256 (GNU coreutils 9.1, which hashes with
// the BLAKE2 authors' reference code).
var (
	golden512 = []hashtest.Vector{
		{Out: "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce", In: ""},
		{Out: "333fcb4ee1aa7c115355ec66ceac917c8bfd815bf7587d325aec1864edd24e34d5abe2c6b1b5ee3face62fed78dbef802f2a85cb91d455a8f5249d330853cb3c", In: "a"},
		{Out: "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923", In: "abc"},
		{Out: "3c26ce487b1c0f062363afa3c675ebdbf5f4ef9bdc022cfbef91e3111cdc283840d8331fc30a8a0906cff4bcdbcd230c61aaec60fdfad457ed96b709a382359a", In: "message digest"},
		{Out: "ce8142b44f8478c483c64cd5769f2ce0ed462b4bd73a966cf6448657a8673d198e928647e0f94de064ba88afcabaa8fc54b82a963d33af6d14f10c3033d9286e", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
		{Out: "98fb3efb7206fd19ebf69b6f312cf7b64e3b94dbe1a17107913975a793f177e1d077609d7fba363cbba00d05f7aa4e4fa8715d6428104c0a75643b0ff3fd3eaf", In: "a", Repeat: 1000000},
	}
	golden256 = []hashtest.Vector{
		{Out: "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8", In: ""},
		{Out: "8928aae63c84d87ea098564d1e03ad813f107add474e56aedd286349c0c03ea4", In: "a"},
		{Out: "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319", In: "abc"},
		{Out: "31a65b562925c6ffefdafa0ad830f4e33eff148856c2b4754de273814adf8b85", In: "message digest"},
		{Out: "59765e8813ab2d74f37d0a5918d3143e8ce568c5c1dcd6f082b9148b4ecfe165", In: "abcdefghijklmnopqrstuvwxyz", Repeat: 10},
		{Out: "0741850f36cba4259628355d1073e24ddb9ca0e1bfac36fd39ae5dc2101e23a4", In: "a", Repeat: 1000000},
	}
)

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestVectors(t, New512, golden512)
		hashtest.TestVectors(t, New256, golden256)
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestHash(t, New512, Size, BlockSize)
		hashtest.TestHash(t, New256, Size256, BlockSize)
	})
}

// TestAgainstGeneric compares every core with the portable twin at every
// length to 2 KiB + 1 (blocks, the held-back last block) and in random
// pieces.
func TestAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	data := make([]byte, 64<<10)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, size := range []int{Size, Size256} {
			for n := 0; n <= 2049; n++ {
				p := data[n%8 : n%8+n]
				h, g := newHash(size), NewGeneric(size)
				h.Write(p)
				g.Write(p)
				if got, want := h.Sum(nil), g.Sum(nil); string(got) != string(want) {
					t.Fatalf("size %d, %d bytes: %x, generic %x", size, n, got, want)
				}
			}
			chunks := make([]int, 20)
			for i := range chunks {
				chunks[i] = rng.IntN(1000)
			}
			hashtest.CompareStreams(t, data, chunks, newHash(size), NewGeneric(size))
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
// use and into the portable twin, both sizes.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 2, 3})
	f.Add(make([]byte, 1000), []byte{127, 0, 128})
	f.Fuzz(func(t *testing.T, data, chunks []byte) {
		cs := make([]int, len(chunks))
		for i, c := range chunks {
			cs[i] = int(c) * 2
		}
		for _, pair := range [][2]hash.Hash{{New512(), NewGeneric(Size)}, {New256(), NewGeneric(Size256)}} {
			hashtest.CompareStreams(t, data, cs, pair[0], pair[1])
		}
	})
}

// BenchmarkHash measures every core: go test -run '^$' -bench Hash ./hashing/blake2b
func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family,
		hashtest.Named{Name: "blake2b-512", New: New512}, hashtest.Named{Name: "blake2b-256", New: New256})
}
