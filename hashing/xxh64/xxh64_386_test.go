//go:build !purego

package xxh64

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func expectedCore() string {
	if cpuid.CPU.Supports(cpuid.SSE2) {
		return "sse2"
	}
	return impl.Generic
}

func kernels() map[string]func(v *[4]uint64, p []byte) {
	return map[string]func(v *[4]uint64, p []byte){"sse2": stripesSSE2}
}
