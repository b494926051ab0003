//go:build !purego

package whirlpool

import "github.com/klauspost/cpuid/v2"

func kernels() map[string]func(*digest, []byte) {
	if !cpuid.CPU.Supports(cpuid.MMX) {
		return nil
	}
	return map[string]func(*digest, []byte){"mmx": blockMMX}
}

// expectedCore is the core the dispatch must choose here: the MMX core on
// every CPU that has MMX.
func expectedCore() string {
	if cpuid.CPU.Supports(cpuid.MMX) {
		return "mmx"
	}
	return "generic"
}
