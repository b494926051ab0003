//go:build !purego

package xxh3

import (
	"slices"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func kernels() map[string]kernel {
	return map[string]kernel{
		"avx2": {accumulateAVX2, stripesAVX2},
		"sse2": {accumulateSSE2, stripesSSE2},
	}
}

// expectedCore is the core this CPU's features call for, the ones named in
// disabled aside: Hashdrop's kernels, widest first.
func expectedCore(disabled []string) string {
	for _, c := range []struct {
		name  string
		needs cpuid.FeatureID
	}{{"avx2", cpuid.AVX2}, {"sse2", cpuid.SSE2}} {
		if cpuid.CPU.Supports(c.needs) && !slices.Contains(disabled, c.name) {
			return c.name
		}
	}
	return impl.Generic
}
