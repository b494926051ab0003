//go:build !purego

package whirlpool

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(*digest, []byte) {
	ks := map[string]func(*digest, []byte){}
	if cpuid.CPU.Supports(cpuid.AVX, cpuid.AVX2) {
		ks["avx2"] = blockAVX2
	}
	if cpuid.CPU.Supports(cpuid.MMX) {
		ks["mmx"] = blockMMX
	}
	return ks
}

// expectedCore is the core the dispatch must choose here: the AVX2 core
// where the CPU has AVX2, else the MMX core where it has MMX.
func expectedCore() string {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX, cpuid.AVX2):
		return "avx2"
	case cpuid.CPU.Supports(cpuid.MMX):
		return "mmx"
	}
	return "generic"
}
