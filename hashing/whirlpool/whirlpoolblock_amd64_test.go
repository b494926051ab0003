//go:build !purego

package whirlpool

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(*digest, []byte) {
	return map[string]func(*digest, []byte){"avx512": blockAVX512, "avx2": blockAVX2, "table": blockTable}
}

// expectedCore is the core the dispatch must choose here: the AVX-512 core
// where the CPU has what it needs, else the AVX2 core where the CPU has
// AVX2, else the table core.
func expectedCore() string {
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VBMI, cpuid.GFNI) {
		return "avx512"
	}
	if cpuid.CPU.Supports(cpuid.AVX, cpuid.AVX2) {
		return "avx2"
	}
	return "table"
}
