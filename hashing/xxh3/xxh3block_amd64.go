//go:build !purego

package xxh3

import (
	"hash"

	"github.com/klauspost/cpuid/v2"
	"github.com/zeebo/xxh3"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useAVX512, useAVX2 and useSSE2 select Hashdrop's kernels
// (hashing/_asm/xxh3): the accumulator in one ZMM, two YMM or four XMM
// registers. This package's digest hands them whole blocks of the caller's
// buffer and copies at most one block a Write; Sum runs the stripes of the
// last block on them too.
var useAVX512, useAVX2, useSSE2 bool

// useZeebo selects github.com/zeebo/xxh3's Hasher, whose kernels are much
// like these but which copies every Write after the first through its
// 1 KiB buffer (a memmove as costly as the hashing on large files). It is
// kept last, for comparison: it runs only when forced (impl.Select,
// HASHDROP_DISABLE naming the others), named after the kernel the library
// picks on this CPU.
var useZeebo bool

// zeeboCore is the kernel github.com/zeebo/xxh3 picks on this CPU, by the
// conditions it tests (accum_stubs_amd64.go of v1.1.0).
func zeeboCore() (string, []cpuid.FeatureID) {
	switch {
	case cpuid.CPU.Has(cpuid.AVX512F):
		return "zeebo-avx512", []cpuid.FeatureID{cpuid.AVX512F}
	case cpuid.CPU.Has(cpuid.AVX2):
		return "zeebo-avx2", []cpuid.FeatureID{cpuid.AVX2}
	}
	return "zeebo-sse2", []cpuid.FeatureID{cpuid.SSE2}
}

func init() {
	impl.Register(family, "avx512", &useAVX512, cpuid.AVX512F)
	impl.Register(family, "avx2", &useAVX2, cpuid.AVX2)
	impl.Register(family, "sse2", &useSSE2, cpuid.SSE2)
	name, needs := zeeboCore()
	impl.Register(family, name, &useZeebo, needs...)
}

func accumulate(acc *[8]uint64, p []byte) {
	switch {
	case useAVX512:
		accumulateAVX512(acc, p)
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
	case useAVX512:
		stripesAVX512(acc, p, sec)
	case useAVX2:
		stripesAVX2(acc, p, sec)
	case useSSE2:
		stripesSSE2(acc, p, sec)
	default:
		stripesGeneric(acc, p, sec)
	}
}

func newHash(wide bool) hash.Hash {
	switch {
	case useAVX512 || useAVX2 || useSSE2 || !useZeebo:
		return newDigest(wide, false)
	case wide:
		return xxh3.New128()
	}
	return xxh3.New()
}

//go:noescape
func accumulateAVX512(acc *[8]uint64, p []byte)

//go:noescape
func accumulateAVX2(acc *[8]uint64, p []byte)

//go:noescape
func accumulateSSE2(acc *[8]uint64, p []byte)

//go:noescape
func stripesAVX512(acc *[8]uint64, p, sec []byte)

//go:noescape
func stripesAVX2(acc *[8]uint64, p, sec []byte)

//go:noescape
func stripesSSE2(acc *[8]uint64, p, sec []byte)
