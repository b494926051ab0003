//go:build !purego

package blake2b

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	return map[string]func(*[8]uint64, *[2]uint64, uint64, []byte){"avx512": blockAVX512}
}

// expectedCore is the core the dispatch must choose here: Hashdrop's
// avx512 kernel where the CPU has AVX-512F and VL, else the one
// golang.org/x/crypto/blake2b picks.
func expectedCore() string {
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX2) {
		return "avx512"
	}
	name, _ := xcryptoCore()
	return name
}
