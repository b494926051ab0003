package sha256

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "sha256"

var variants = []struct {
	name   string
	mk     func() hash.Hash
	std    func() hash.Hash
	size   int
	golden []hashtest.Vector
}{
	{"sha224", New224, sha256.New224, Size224, golden224},
	{"sha256", New, sha256.New, Size, golden256},
}

// The examples of FIPS 180-4 (NIST's "Examples with intermediate values" for
// SHA-224 and SHA-256), the empty message, and one million 'a' (FIPS 180-2).
const (
	two   = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	four  = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
	milli = 1000000
)

var golden224 = []hashtest.Vector{
	{Out: "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f", In: ""},
	{Out: "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", In: "abc"},
	{Out: "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525", In: two},
	{Out: "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3", In: four},
	{Out: "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67", In: "a", Repeat: milli},
}

var golden256 = []hashtest.Vector{
	{Out: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", In: ""},
	{Out: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", In: "abc"},
	{Out: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", In: two},
	{Out: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", In: four},
	{Out: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", In: "a", Repeat: milli},
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

// TestAgainstStandardLibrary compares every core with crypto/sha256 on every
// length up to five blocks and a few long messages.
func TestAgainstStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 70000)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for _, v := range variants {
			for _, n := range append(lengths(5*BlockSize), 4096, 65535, 70000) {
				h, s := v.mk(), v.std()
				h.Write(data[:n])
				s.Write(data[:n])
				if got, want := h.Sum(nil), s.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s, %d bytes: %x, crypto/sha256 says %x", v.name, n, got, want)
				}
			}
		}
	})
}

func lengths(max int) []int {
	var ns []int
	for n := 0; n <= max; n++ {
		ns = append(ns, n)
	}
	return ns
}

// TestLengthPast4GiB checks that the byte counter is 64 bits wide (a 32-bit
// counter is the easy mistake on 386): the counter is advanced by hand and the
// last block, padded by hand, must give the same state.
func TestLengthPast4GiB(t *testing.T) {
	d := newDigest(Size)
	d.Write(bytes.Repeat([]byte{0x5a}, 100))
	d.len += 1<<32 - 64
	d.Write(bytes.Repeat([]byte{0xa5}, 60))
	const n = 100 + 1<<32 - 64 + 60
	e := *d
	last := append([]byte(nil), e.x[:e.nx]...)
	last = append(last, 0x80)
	for len(last)%BlockSize != BlockSize-8 {
		last = append(last, 0)
	}
	last = binary.BigEndian.AppendUint64(last, n*8)
	if hi := binary.BigEndian.Uint32(last[len(last)-8:]); hi != 8 {
		t.Fatalf("high word of the bit length = %d, want 8", hi)
	}
	blockGeneric(&e, last)
	var want []byte
	for _, w := range e.h {
		want = binary.BigEndian.AppendUint32(want, w)
	}
	if got := d.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("Sum = %x, want %x", got, want)
	}
}

// FuzzWrite streams the input in fuzz-chosen chunk sizes through every core
// and compares with the generic core fed in one piece.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{0})
	f.Add(bytes.Repeat([]byte{1}, 1000), []byte{63, 0, 64, 200, 255})
	f.Add(bytes.Repeat([]byte{2}, 5000), []byte{255, 1, 2})
	f.Fuzz(func(t *testing.T, data, chunkBytes []byte) {
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
