//go:build !purego

package xxh3

import (
	"hash"

	"github.com/klauspost/cpuid/v2"
	"github.com/zeebo/xxh3"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useZeebo selects github.com/zeebo/xxh3, whose amd64 assembly accumulates
// stripes with AVX-512 (from 1 KiB on), AVX2 or SSE2, chosen by the library
// from the CPU: the core is named after the one it will pick here. In turns
// with Hashdrop's portable twin and xxhsum it was the fastest measured (see
// the package's TestAlternate figures in the commit that chose it).
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
	name, needs := zeeboCore()
	impl.Register(family, name, &useZeebo, needs...)
}

func accumulate(acc *[8]uint64, p []byte) { accumulateGeneric(acc, p) }

func newHash(wide bool) hash.Hash {
	switch {
	case useZeebo && wide:
		return xxh3.New128()
	case useZeebo:
		return xxh3.New()
	}
	return newDigest(wide)
}
