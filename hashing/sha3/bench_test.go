package sha3

import (
	gosha3 "crypto/sha3"
	"fmt"
	"hash"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const benchLen = 16384

// BenchmarkHash measures each core on each size, and Go's crypto/sha3 as the
// peer, in 16 KiB writes (as openssl speed -bytes 16384).
func BenchmarkHash(b *testing.B) {
	buf := make([]byte, benchLen)
	for _, name := range impl.Available("sha3") {
		b.Run(name, func(b *testing.B) {
			impl.Select("sha3", name)
			defer impl.Reset("sha3")
			for _, f := range functions {
				b.Run(fmt.Sprint(f.size*8), func(b *testing.B) {
					h := f.mk()
					b.SetBytes(benchLen)
					b.ReportAllocs()
					for b.Loop() {
						h.Write(buf)
					}
				})
			}
		})
	}
	b.Run("crypto-sha3", func(b *testing.B) {
		for _, f := range functions {
			b.Run(fmt.Sprint(f.size*8), func(b *testing.B) {
				h := f.std()
				b.SetBytes(benchLen)
				b.ReportAllocs()
				for b.Loop() {
					h.Write(buf)
				}
			})
		}
	})
	_ = gosha3.New256
}

// BenchmarkMulti compares the four sizes computed together with four
// separate passes over the same data, on the core in use. The speed goal:
// together at most 0.6 of the time of the four passes.
func BenchmarkMulti(b *testing.B) {
	buf := make([]byte, 1<<20)
	b.Run("together", func(b *testing.B) {
		m, _ := NewMulti(allSizes...)
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for b.Loop() {
			m.Write(buf)
		}
	})
	b.Run("separate", func(b *testing.B) {
		hs := []hash.Hash{New224(), New256(), New384(), New512()}
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for b.Loop() {
			for _, h := range hs {
				h.Write(buf)
			}
		}
	})
}
