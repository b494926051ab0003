package hashtest

import (
	"fmt"
	"hash"
	"testing"
	"unsafe"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// BenchSizes are the message sizes benchmarks measure: one block, short
// messages, openssl speed's 16 KiB, and one pipeline chunk.
var BenchSizes = []int{64, 1 << 10, 16 << 10, 1 << 20}

// Named is a hash constructor with the name its benchmarks carry.
type Named struct {
	Name string
	New  func() hash.Hash
}

// BenchmarkImplementations runs <core>/<name>/<size> for every core of family
// and every hash, skipping visibly the cores this CPU cannot run.
func BenchmarkImplementations(b *testing.B, family string, hashes ...Named) {
	for _, core := range append(impl.List(family), impl.Generic) {
		b.Run(core, func(b *testing.B) {
			if why := impl.Unavailable(family, core); why != "" {
				b.Skipf("core %s: %s", core, why)
			}
			if !impl.Select(family, core) {
				b.Fatalf("cannot select %s", core)
			}
			defer impl.Reset(family)
			for _, h := range hashes {
				b.Run(h.Name, func(b *testing.B) { BenchmarkSizes(b, h.New) })
			}
		})
	}
}

// StreamChunk is the piece the stream benchmark writes: rhash -B hashes one
// long message from a 64-byte-aligned 8 KiB buffer, written again and again.
const StreamChunk = 8 << 10

// BenchmarkSizes runs one sub-benchmark per BenchSizes entry, each hashing a
// whole message of that size from Reset to Sum, and stream8K, which hashes
// one endless message StreamChunk bytes at a time, the framing of rhash -B.
func BenchmarkSizes(b *testing.B, mk func() hash.Hash) {
	for _, n := range BenchSizes {
		b.Run(SizeName(n), func(b *testing.B) {
			buf := make([]byte, n)
			for i := range buf {
				buf[i] = byte(i * 7)
			}
			h := mk()
			sum := make([]byte, 0, h.Size())
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				h.Reset()
				h.Write(buf)
				sum = h.Sum(sum[:0])
			}
		})
	}
	b.Run("stream"+SizeName(StreamChunk), func(b *testing.B) { benchmarkStream(b, mk) })
}

func benchmarkStream(b *testing.B, mk func() hash.Hash) {
	const align = 64
	raw := make([]byte, StreamChunk+align)
	skip := (align - int(uintptr(unsafe.Pointer(&raw[0]))%align)) % align
	buf := raw[skip : skip+StreamChunk]
	for i := range buf {
		buf[i] = byte(i)
	}
	h := mk()
	b.SetBytes(StreamChunk)
	b.ReportAllocs()
	for b.Loop() {
		h.Write(buf)
	}
	if len(h.Sum(nil)) != h.Size() {
		b.Fatal("short sum")
	}
}

// SizeName writes n as 64, 1K, 16K, 1M.
func SizeName(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dM", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dK", n>>10)
	}
	return fmt.Sprint(n)
}
