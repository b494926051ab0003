package ripemd

import (
	"bytes"
	"encoding/binary"
	"hash"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "ripemd"

// variants lists the four hashes by name, for table-driven tests.
var variants = []struct {
	name   string
	mk     func() hash.Hash
	size   int
	golden []hashtest.Vector
}{
	{"ripemd128", New128, Size128, golden128},
	{"ripemd160", New160, Size160, golden160},
	{"ripemd256", New256, Size256, golden256},
	{"ripemd320", New320, Size320, golden320},
}

// The authors' test vectors (Bosselaers' RIPEMD page and the RIPEMD-160
// paper), in the order they give them.
const (
	alpha   = "abcdefghijklmnopqrstuvwxyz"
	abcdbcd = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	digits  = "1234567890"
)

var golden128 = []hashtest.Vector{
	{Out: "cdf26213a150dc3ecb610f18f6b38b46", In: ""},
	{Out: "86be7afa339d0fc7cfc785e72f578d33", In: "a"},
	{Out: "c14a12199c66e4ba84636b0f69144c77", In: "abc"},
	{Out: "9e327b3d6e523062afc1132d7df9d1b8", In: "message digest"},
	{Out: "fd2aa607f71dc8f510714922b371834e", In: alpha},
	{Out: "a1aa0689d0fafa2ddc22e88b49133a06", In: abcdbcd},
	{Out: "d1e959eb179c911faea4624c60c5c702", In: alnum},
	{Out: "3f45ef194732c2dbb2c4a2c769795fa3", In: digits, Repeat: 8},
	{Out: "4a7f5723f954eba1216c9d8f6320431f", In: "a", Repeat: 1000000},
}

var golden160 = []hashtest.Vector{
	{Out: "9c1185a5c5e9fc54612808977ee8f548b2258d31", In: ""},
	{Out: "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe", In: "a"},
	{Out: "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", In: "abc"},
	{Out: "5d0689ef49d2fae572b881b123a85ffa21595f36", In: "message digest"},
	{Out: "f71c27109c692c1b56bbdceb5b9d2865b3708dbc", In: alpha},
	{Out: "12a053384a9c0c88e405a06c27dcf49ada62eb2b", In: abcdbcd},
	{Out: "b0e20b6e3116640286ed3a87a5713079b21f5189", In: alnum},
	{Out: "9b752e45573d4b39f4dbd3323cab82bf63326bfb", In: digits, Repeat: 8},
	{Out: "52783243c1697bdbe16d37f97f68f08325dc1528", In: "a", Repeat: 1000000},
}

var golden256 = []hashtest.Vector{
	{Out: "02ba4c4e5f8ecd1877fc52d64d30e37a2d9774fb1e5d026380ae0168e3c5522d", In: ""},
	{Out: "f9333e45d857f5d90a91bab70a1eba0cfb1be4b0783c9acfcd883a9134692925", In: "a"},
	{Out: "afbd6e228b9d8cbbcef5ca2d03e6dba10ac0bc7dcbe4680e1e42d2e975459b65", In: "abc"},
	{Out: "87e971759a1ce47a514d5c914c392c9018c7c46bc14465554afcdf54a5070c0e", In: "message digest"},
	{Out: "649d3034751ea216776bf9a18acc81bc7896118a5197968782dd1fd97d8d5133", In: alpha},
	{Out: "3843045583aac6c8c8d9128573e7a9809afb2a0f34ccc36ea9e72f16f6368e3f", In: abcdbcd},
	{Out: "5740a408ac16b720b84424ae931cbb1fe363d1d0bf4017f1a89f7ea6de77a0b8", In: alnum},
	{Out: "06fdcc7a409548aaf91368c06a6275b553e3f099bf0ea4edfd6778df89a890dd", In: digits, Repeat: 8},
	{Out: "ac953744e10e31514c150d4d8d7b677342e33399788296e43ae4850ce4f97978", In: "a", Repeat: 1000000},
}

var golden320 = []hashtest.Vector{
	{Out: "22d65d5661536cdc75c1fdf5c6de7b41b9f27325ebc61e8557177d705a0ec880151c3a32a00899b8", In: ""},
	{Out: "ce78850638f92658a5a585097579926dda667a5716562cfcf6fbe77f63542f99b04705d6970dff5d", In: "a"},
	{Out: "de4c01b3054f8930a79d09ae738e92301e5a17085beffdc1b8d116713e74f82fa942d64cdbc4682d", In: "abc"},
	{Out: "3a8e28502ed45d422f68844f9dd316e7b98533fa3f2a91d29f84d425c88d6b4eff727df66a7c0197", In: "message digest"},
	{Out: "cabdb1810b92470a2093aa6bce05952c28348cf43ff60841975166bb40ed234004b8824463e6b009", In: alpha},
	{Out: "d034a7950cf722021ba4b84df769a5de2060e259df4c9bb4a4268c0e935bbc7470a969c9d072a1ac", In: abcdbcd},
	{Out: "ed544940c86d67f250d232c30b7b3e5770e0c60c8cb9a4cafe3b11388af9920e1b99230b843c86a4", In: alnum},
	{Out: "557888af5f6d8ed62ab66945c6d2a0a47ecd5341e915eb8fea1d0524955f825dc717e4a008ab2d42", In: digits, Repeat: 8},
	{Out: "bdee37f4371e20646b8b0d862dda16292ae36f40965e8c8509e63d1dbddecc503e2b63eb9245bb66", In: "a", Repeat: 1000000},
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.name, func(t *testing.T) { hashtest.TestVectors(t, v.mk, v.golden) })
		}
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.name, func(t *testing.T) { hashtest.TestHash(t, v.mk, v.size, BlockSize) })
		}
	})
}

// TestLengthPast4GiB checks that the byte counter is 64 bits wide and that the
// padding encodes the bit length of a message longer than 2^32 bytes. Hashing
// 4 GiB would take seconds, so the counter is advanced by hand: the chaining
// state is whatever it is, only the length in the last block matters.
func TestLengthPast4GiB(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			d := v.mk().(*digest)
			d.Write(bytes.Repeat([]byte{0x5a}, 100))
			d.len += 1<<32 - 64 // as if 2^26 - 1 more blocks had gone by
			d.Write(bytes.Repeat([]byte{0xa5}, 60))
			const n = 100 + 1<<32 - 64 + 60
			if d.len != n {
				t.Fatalf("byte counter = %#x, want %#x", d.len, uint64(n))
			}

			// The padding written out by hand: 0x80, zeros up to 56 bytes into
			// the block, then 8*n as a little-endian 64-bit word. A 32-bit
			// counter would leave the high word of the length 0.
			e := *d
			last := append([]byte(nil), e.x[:e.nx]...)
			last = append(last, 0x80)
			for len(last)%BlockSize != BlockSize-8 {
				last = append(last, 0)
			}
			last = binary.LittleEndian.AppendUint64(last, n*8)
			if hi := binary.LittleEndian.Uint32(last[len(last)-4:]); hi != 8 {
				t.Fatalf("high word of the bit length = %d, want 8", hi)
			}
			blockGeneric(&e, last)
			var want []byte
			for i := range v.size / 4 {
				want = binary.LittleEndian.AppendUint32(want, e.s[i])
			}
			if got := d.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("Sum = %x, want %x", got, want)
			}
		})
	}
}

// FuzzWrite streams the input in fuzz-chosen chunk sizes through every core
// and compares with the generic core fed in one piece.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{0})
	f.Add(bytes.Repeat([]byte{1}, 1000), []byte{63, 0, 64, 200, 255})
	f.Add(bytes.Repeat([]byte{2}, 5000), []byte{255, 1, 2})
	f.Fuzz(func(t *testing.T, data, chunkBytes []byte) {
		// Chunk sizes up to 255, and a few multi-kilobyte ones so the
		// kernels see long runs of blocks from the middle of a stream.
		chunks := make([]int, len(chunkBytes))
		for i, c := range chunkBytes {
			chunks[i] = int(c)
			if c >= 240 {
				chunks[i] = int(c-239) * 515
			}
		}
		for _, v := range variants {
			impl.Select(family, impl.Generic)
			want := v.mk()
			want.Write(data)
			wantSum := want.Sum(nil)
			impl.Reset(family)
			for _, name := range impl.Available(family) {
				impl.Select(family, name)
				h := v.mk()
				hashtest.CompareStreams(t, data, chunks, h)
				if got := h.Sum(nil); !bytes.Equal(got, wantSum) {
					impl.Reset(family)
					t.Fatalf("%s %s, %d bytes in chunks %v: %x, want %x", v.name, name, len(data), chunks, got, wantSum)
				}
			}
			impl.Reset(family)
		}
	})
}

func BenchmarkHash(b *testing.B) {
	var hashes []hashtest.Named
	for _, v := range variants {
		hashes = append(hashes, hashtest.Named{Name: v.name, New: v.mk})
	}
	hashtest.BenchmarkImplementations(b, family, hashes...)
}
