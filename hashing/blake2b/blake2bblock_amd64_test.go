//go:build !purego

package blake2b

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	return map[string]func(*[8]uint64, *[2]uint64, uint64, []byte){"avx512": blockAVX512, "unrolled": blockUnrolled, "amd64": blockAMD64}
}

// expectedCore is the core the dispatch must choose: the avx512 kernel
// where the CPU has AVX-512F and VL (the fastest measured on Zen 4), else
// the scalar amd64 kernel.
func expectedCore() string {
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX2) {
		return "avx512"
	}
	return "amd64"
}
