//go:build !purego

package xxh3

import (
	"slices"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func kernels() map[string]kernel {
	return map[string]kernel{
		"avx512": {accumulateAVX512, stripesAVX512},
		"avx2":   {accumulateAVX2, stripesAVX2},
		"sse2":   {accumulateSSE2, stripesSSE2},
	}
}

// expectedCore is the core this CPU's features call for, the ones named in
// disabled aside: Hashdrop's kernels, widest first, then zeebo/xxh3's.
func expectedCore(disabled []string) string {
	name, needs := zeeboCore()
	for _, c := range []struct {
		name  string
		needs []cpuid.FeatureID
	}{{"avx512", []cpuid.FeatureID{cpuid.AVX512F}}, {"avx2", []cpuid.FeatureID{cpuid.AVX2}}, {"sse2", []cpuid.FeatureID{cpuid.SSE2}}, {name, needs}} {
		if cpuid.CPU.Supports(c.needs...) && !slices.Contains(disabled, c.name) {
			return c.name
		}
	}
	return impl.Generic
}
