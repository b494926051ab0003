package crc32

import (
	"bytes"
	"encoding/binary"
	"hash"
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "crc32"

func newHash() hash.Hash { return New() }

// Known answers: the check value of the CRC catalogue ("123456789" gives
// cbf43926 for CRC-32/ISO-HDLC, the IEEE CRC), and values hash/crc32 agrees on.
var golden = []hashtest.Vector{
	{Out: "00000000", In: ""},
	{Out: "e8b7be43", In: "a"},
	{Out: "352441c2", In: "abc"},
	{Out: "cbf43926", In: "123456789"},
	{Out: "414fa339", In: "The quick brown fox jumps over the lazy dog"},
	{Out: "dc25bfbc", In: "a", Repeat: 1000000},
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestVectors(t, newHash, golden) })
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestHash(t, newHash, Size, BlockSize) })
}

// TestTable compares the byte table with hash/crc32's IEEE table.
func TestTable(t *testing.T) {
	if tables[0] != *crc32.IEEETable {
		t.Fatal("the byte table differs from hash/crc32.IEEETable")
	}
}

// TestAgainstStandardLibrary compares every core with hash/crc32 on every
// length up to 1 KiB and a few long ones, written whole and continued from a
// running CRC.
func TestAgainstStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 70000)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for n := 0; n <= len(data); n++ {
			if n > 1024 && n != 4096 && n != 65535 && n != len(data) {
				continue
			}
			if got, want := Checksum(data[:n]), crc32.ChecksumIEEE(data[:n]); got != want {
				t.Fatalf("%d bytes: %08x, hash/crc32 says %08x", n, got, want)
			}
			h := New()
			h.Write(data[:n/3])
			h.Write(data[n/3 : n])
			if got, want := h.Sum32(), crc32.ChecksumIEEE(data[:n]); got != want {
				t.Fatalf("%d bytes in two writes: %08x, want %08x", n, got, want)
			}
			if got := binary.BigEndian.Uint32(h.Sum(nil)); got != h.Sum32() {
				t.Fatalf("Sum %08x and Sum32 %08x disagree", got, h.Sum32())
			}
		}
	})
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
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "crc32", New: newHash})
}
