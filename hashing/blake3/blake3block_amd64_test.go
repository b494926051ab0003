//go:build !purego

package blake3

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func expectedCore() string {
	if name, needs := lukeCore(); cpuid.CPU.Supports(needs...) {
		return name
	}
	if cpuid.CPU.Supports(cpuid.SSSE3) {
		return "ssse3"
	}
	return impl.Generic
}
