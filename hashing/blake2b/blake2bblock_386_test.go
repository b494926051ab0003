//go:build !purego

package blake2b

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	return map[string]func(*[8]uint64, *[2]uint64, uint64, []byte){"ssse3": blockSSSE3, "sse2": blockSSE2, "unrolled": blockUnrolled}
}

// expectedCore is the core the dispatch must choose here: the SSSE3 core
// where the CPU has SSSE3, else the SSE2 core.
func expectedCore() string {
	switch {
	case cpuid.CPU.Supports(cpuid.SSE2, cpuid.SSSE3):
		return "ssse3"
	case cpuid.CPU.Supports(cpuid.SSE2):
		return "sse2"
	}
	return "unrolled"
}
