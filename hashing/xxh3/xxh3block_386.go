//go:build !purego

package xxh3

import (
	"hash"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useAVX2 and useSSE2 select Hashdrop's 386 kernels (hashing/_asm/x86):
// the accumulator in two YMM or four XMM registers, as on amd64.
var useAVX2, useSSE2 bool

func init() {
	impl.Register(family, "avx2", &useAVX2, cpuid.AVX2)
	impl.Register(family, "sse2", &useSSE2, cpuid.SSE2)
}

func accumulate(acc *[8]uint64, p []byte) {
	switch {
	case useAVX2:
		accumulateAVX2(acc, p)
	case useSSE2:
		accumulateSSE2(acc, p)
	default:
		accumulateGeneric(acc, p)
	}
}

func accumulateStripes(acc *[8]uint64, p, sec []byte) {
	switch {
	case useAVX2:
		stripesAVX2(acc, p, sec)
	case useSSE2:
		stripesSSE2(acc, p, sec)
	default:
		stripesGeneric(acc, p, sec)
	}
}

func newHash(wide bool) hash.Hash { return newDigest(wide, false) }

//go:noescape
func accumulateAVX2(acc *[8]uint64, p []byte)

//go:noescape
func accumulateSSE2(acc *[8]uint64, p []byte)

//go:noescape
func stripesAVX2(acc *[8]uint64, p, sec []byte)

//go:noescape
func stripesSSE2(acc *[8]uint64, p, sec []byte)
