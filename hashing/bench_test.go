package hashing_test

import (
	"fmt"
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
)

// BenchmarkHash measures every algorithm of the registry, with the core this
// CPU uses, on messages from one block to one pipeline chunk:
// go test -run '^$' -bench Hash/sha256/1M ./hashing
func BenchmarkHash(b *testing.B) {
	sizes := []int{64, 1 << 10, 16 << 10, 1 << 20}
	for _, a := range hashing.All() {
		b.Run(a.ID, func(b *testing.B) {
			for _, n := range sizes {
				b.Run(sizeName(n), func(b *testing.B) {
					buf := make([]byte, n)
					for i := range buf {
						buf[i] = byte(i * 7)
					}
					h := a.New()
					sum := make([]byte, 0, a.Size)
					b.SetBytes(int64(n))
					b.ReportAllocs()
					for b.Loop() {
						h.Reset()
						h.Write(buf)
						sum = h.Sum(sum[:0])
					}
				})
			}
		})
	}
}

func sizeName(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%dM", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%dK", n>>10)
	}
	return fmt.Sprint(n)
}
