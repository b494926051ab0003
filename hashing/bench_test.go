package hashing_test

import (
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
)

// BenchmarkHash measures every algorithm of the registry, with the core this
// CPU uses, on messages from one block to one pipeline chunk:
// go test -run '^$' -bench Hash/sha256/1M ./hashing
func BenchmarkHash(b *testing.B) {
	for _, a := range hashing.All() {
		b.Run(a.ID, func(b *testing.B) { hashtest.BenchmarkSizes(b, a.New) })
	}
}
