package md5

import (
	"bytes"
	stdmd5 "crypto/md5"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "md5"

// The test suite of RFC 1321, appendix A.5, and the million 'a' of the
// NESSIE test vectors.
var golden = []hashtest.Vector{
	{Out: "d41d8cd98f00b204e9800998ecf8427e", In: ""},
	{Out: "0cc175b9c0f1b6a831c399e269772661", In: "a"},
	{Out: "900150983cd24fb0d6963f7d28e17f72", In: "abc"},
	{Out: "f96b697d7cb7938d525a2f31aaf161d0", In: "message digest"},
	{Out: "c3fcd3d76192e4007dfb496cca67e13b", In: "abcdefghijklmnopqrstuvwxyz"},
	{Out: "d174ab98d277d9f5a5611c2c9f419d9f", In: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"},
	{Out: "57edf4a22be3c955ac49da2e2107b67a", In: "1234567890", Repeat: 8},
	{Out: "7707d6ae4e027c70eea2a935c2296f21", In: "a", Repeat: 1000000},
}

func TestGolden(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestVectors(t, New, golden)
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestHash(t, New, Size, BlockSize)
	})
}

// TestAgainstStandardLibrary compares every core with crypto/md5, an
// independent implementation, on every length up to 20 blocks and at the
// lengths around the padding's cutoffs (55, 56, 63, 64 bytes into a block).
func TestAgainstStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	data := make([]byte, 20*BlockSize+8)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for n := 0; n <= 20*BlockSize; n++ {
			for _, off := range []int{0, 3} {
				msg := data[off : off+n]
				want := stdmd5.Sum(msg)
				h := New()
				h.Write(msg)
				if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
					t.Fatalf("%d bytes at offset %d: %x, crypto/md5 %x", n, off, got, want)
				}
			}
		}
	})
}

// TestLengthCounter checks, white-box, that the bit length in the padding is
// the byte count times 8 modulo 2^64, past 2^32 bytes and past 2^61 bytes
// (where the bit count wraps).
func TestLengthCounter(t *testing.T) {
	for _, total := range []uint64{1<<32 - 1, 1<<32 + 5, 1<<61 - 1, 1 << 61, 1<<61 + 57, 1<<64 - 1} {
		rem := total % BlockSize
		buf := make([]byte, BlockSize+rem)
		for i := range buf {
			buf[i] = byte(i*5 + 3)
		}
		start := [4]uint32{1, 2, 3, 4}
		d := &digest{s: start, len: total - rem - BlockSize}
		d.Write(buf)
		got := d.Sum(nil)

		// The padding built by hand: 0x80, zeros to 56 mod 64, the length.
		msg := append([]byte(nil), buf...)
		msg = append(msg, 0x80)
		for len(msg)%BlockSize != 56 {
			msg = append(msg, 0)
		}
		msg = binary.LittleEndian.AppendUint64(msg, total*8)
		ref := &digest{s: start}
		blockGeneric(ref, msg)
		var want []byte
		for _, w := range ref.s {
			want = binary.LittleEndian.AppendUint32(want, w)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("total %d bytes: %x, want %x", total, got, want)
		}
	}
}

// FuzzWrite streams fuzz-chosen data in fuzz-chosen chunks through every core
// and through crypto/md5 and compares the sums.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{0})
	f.Add(bytes.Repeat([]byte{0x5a}, 300), []byte{54, 55, 62, 63, 64})
	f.Add(make([]byte, 1000), []byte{127, 1})
	f.Fuzz(func(t *testing.T, data, chunkSizes []byte) {
		chunks := make([]int, len(chunkSizes))
		for i, c := range chunkSizes {
			chunks[i] = int(c)
		}
		for _, name := range impl.Available(family) {
			if !impl.Select(family, name) {
				t.Fatalf("cannot select %s", name)
			}
			hashtest.CompareStreams(t, data, chunks, stdmd5.New(), New())
			impl.Reset(family)
		}
	})
}

func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "md5", New: New})
}

// BenchmarkStd is crypto/md5 on the same sizes, the peer to beat.
func BenchmarkStd(b *testing.B) { hashtest.BenchmarkSizes(b, stdmd5.New) }
