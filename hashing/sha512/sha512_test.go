package sha512

import (
	"bytes"
	stdsha512 "crypto/sha512"
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "sha512"

// variants lists the four hashes by name, for table-driven tests, with the
// standard library's constructor as an independent second opinion.
var variants = []struct {
	name   string
	mk     func() hash.Hash
	std    func() hash.Hash
	size   int
	golden []hashtest.Vector
}{
	{"sha512", New, stdsha512.New, Size, golden512},
	{"sha384", New384, stdsha512.New384, Size384, golden384},
	{"sha512_256", New512_256, stdsha512.New512_256, Size256, golden512_256},
	{"sha512_224", New512_224, stdsha512.New512_224, Size224, golden512_224},
}

// The examples of FIPS 180-4 (NIST's "Examples with intermediate values":
// "abc", the two-block message, and one million 'a'), and the empty message.
const twoBlock = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

var golden512 = []hashtest.Vector{
	{Out: "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e", In: ""},
	{Out: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", In: "abc"},
	{Out: "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909", In: twoBlock},
	{Out: "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b", In: "a", Repeat: 1000000},
}

var golden384 = []hashtest.Vector{
	{Out: "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b", In: ""},
	{Out: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7", In: "abc"},
	{Out: "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039", In: twoBlock},
	{Out: "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985", In: "a", Repeat: 1000000},
}

var golden512_256 = []hashtest.Vector{
	{Out: "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23", In: "abc"},
	{Out: "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a", In: twoBlock},
}

var golden512_224 = []hashtest.Vector{
	{Out: "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa", In: "abc"},
	{Out: "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9", In: twoBlock},
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

// TestAgainstStandardLibrary compares every core with crypto/sha512, an
// implementation written independently of this package, on random messages
// of every length up to 40 blocks.
func TestAgainstStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 40*BlockSize+1)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for _, v := range variants {
			for n := 0; n <= len(data); n += 1 + n/50 {
				h, s := v.mk(), v.std()
				h.Write(data[:n])
				s.Write(data[:n])
				if got, want := h.Sum(nil), s.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s, %d bytes: %x, crypto/sha512 %x", v.name, n, got, want)
				}
			}
		}
	})
}

// TestLengthPast4GiB checks that the byte counter is 64 bits wide and that the
// padding encodes the bit length of a message longer than 2^32 bytes. The
// counter is advanced by hand: only the length in the last block matters.
func TestLengthPast4GiB(t *testing.T) {
	d := New().(*digest)
	d.Write(bytes.Repeat([]byte{0x5a}, 100))
	d.len += 1<<32 - 128 // as if 2^25 - 1 more blocks had gone by
	d.Write(bytes.Repeat([]byte{0xa5}, 60))
	const n = 100 + 1<<32 - 128 + 60
	if d.len != n {
		t.Fatalf("byte counter = %#x, want %#x", d.len, uint64(n))
	}
	// The padding written out by hand: 0x80, zeros up to 112 bytes into the
	// block, then 8*n as a big-endian 128-bit number.
	e := *d
	last := append([]byte(nil), e.x[:e.nx]...)
	last = append(last, 0x80)
	for len(last)%BlockSize != BlockSize-16 {
		last = append(last, 0)
	}
	last = append(last, make([]byte, 8)...)
	bits := uint64(n) * 8
	for i := 7; i >= 0; i-- {
		last = append(last, byte(bits>>(8*i)))
	}
	e.nx = 0
	blockGeneric(&e, last)
	want := (&digest{h: e.h, size: Size}).checkSumState()
	if got := d.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("Sum past 4 GiB: %x, want %x", got, want)
	}
}

// checkSumState writes out the chaining words as the digest, for tests that
// pad by hand.
func (d *digest) checkSumState() []byte {
	var out []byte
	for _, w := range d.h {
		for i := 7; i >= 0; i-- {
			out = append(out, byte(w>>(8*i)))
		}
	}
	return out[:d.size]
}

// FuzzWrite streams the input in fuzz-chosen chunk sizes through every core
// and compares with the generic core fed in one piece.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{0})
	f.Add(bytes.Repeat([]byte{1}, 1000), []byte{127, 0, 128, 200, 255})
	f.Add(bytes.Repeat([]byte{2}, 5000), []byte{255, 1, 2})
	f.Fuzz(func(t *testing.T, data, chunkBytes []byte) {
		// Chunk sizes up to 255, and a few multi-kilobyte ones so the
		// kernels see long runs of blocks (odd and even counts) from the
		// middle of a stream.
		chunks := make([]int, len(chunkBytes))
		for i, c := range chunkBytes {
			chunks[i] = int(c)
			if c >= 240 {
				chunks[i] = int(c-239) * 515
			}
		}
		for _, v := range variants[:2] {
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
	hashtest.BenchmarkImplementations(b, family,
		hashtest.Named{Name: "sha512", New: New},
		hashtest.Named{Name: "sha384", New: New384})
}
