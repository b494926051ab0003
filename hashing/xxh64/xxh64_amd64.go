//go:build !purego

package xxh64

import (
	"hash"

	"github.com/cespare/xxhash/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useCespare selects github.com/cespare/xxhash/v2, whose amd64 assembly
// runs XXH64's four lanes in general-purpose registers. XXH64 has no use
// for vectors (its 64-bit multiplies have no SIMD form before AVX-512's
// VPMULLQ, which is slower than IMUL), so one scalar core is all there is.
var useCespare bool

func init() { impl.Register(family, "cespare-amd64", &useCespare) }

func newHash() hash.Hash {
	if useCespare {
		return xxhash.New()
	}
	return NewGeneric()
}

// accumulate serves the digest of NewGeneric: cespare/xxhash has a digest
// of its own.
func accumulate(v *[4]uint64, p []byte) { stripesGeneric(v, p) }
