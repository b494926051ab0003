//go:build (amd64 || 386) && !purego

package xxh32

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func expectedCore() string {
	switch {
	case !onAMD:
		return impl.Generic
	case cpuid.CPU.Supports(cpuid.SSE4):
		return "sse41"
	}
	return impl.Generic
}

func kernels() map[string]func(v *[4]uint32, p []byte) {
	return map[string]func(v *[4]uint32, p []byte){"sse41": stripesSSE41}
}
