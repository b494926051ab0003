package sha1

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "sha1"

// The examples of FIPS 180-4 (NIST's "Examples with intermediate values" for
// SHA-1), the empty message, and one million 'a' (FIPS 180-2).
var golden = []hashtest.Vector{
	{Out: "da39a3ee5e6b4b0d3255bfef95601890afd80709", In: ""},
	{Out: "a9993e364706816aba3e25717850c26c9cd0d89d", In: "abc"},
	{Out: "84983e441c3bd26ebaae4aa1f95129e5e54670f1", In: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"},
	{Out: "a49b2446a02c645bf419f995b67091253a04a259", In: "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"},
	{Out: "34aa973cd4c4daa4f61eeb2bdbad27316534016f", In: "a", Repeat: 1000000},
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestVectors(t, New, golden) })
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestHash(t, New, Size, BlockSize) })
}

// TestAgainstStandardLibrary compares every core with crypto/sha1 on every
// length up to five blocks and a few long messages.
func TestAgainstStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 70000)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for n := 0; n <= len(data); n++ {
			if n > 5*BlockSize && n != 4096 && n != 65535 && n != len(data) {
				continue
			}
			h, s := New(), sha1.New()
			h.Write(data[:n])
			s.Write(data[:n])
			if got, want := h.Sum(nil), s.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes: %x, crypto/sha1 says %x", n, got, want)
			}
		}
	})
}

// TestLengthPast4GiB checks that the byte counter is 64 bits wide (a 32-bit
// counter is the easy mistake on 386): the counter is advanced by hand and the
// last block, padded by hand, must give the same state.
func TestLengthPast4GiB(t *testing.T) {
	d := New().(*digest)
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
		impl.Select(family, impl.Generic)
		want := New()
		want.Write(data)
		wantSum := want.Sum(nil)
		impl.Reset(family)
		for _, name := range impl.Available(family) {
			impl.Select(family, name)
			h := New()
			hashtest.CompareStreams(t, data, chunks, h)
			if got := h.Sum(nil); !bytes.Equal(got, wantSum) {
				impl.Reset(family)
				t.Fatalf("%s, %d bytes in chunks %v: %x, want %x", name, len(data), chunks, got, wantSum)
			}
		}
		impl.Reset(family)
	})
}

func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "sha1", New: New})
}
