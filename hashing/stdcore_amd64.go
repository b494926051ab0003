//go:build !purego

package hashing

import "github.com/klauspost/cpuid/v2"

// stdCore names the core the Go standard library picks on this CPU for the
// families Hashdrop takes from it, by the same conditions the library uses.
// SHA-384/512 are Hashdrop's own (hashing/sha512).
var stdCore = func() map[string]string {
	has := cpuid.CPU.Supports
	shani := has(cpuid.AVX, cpuid.SHA, cpuid.SSE4, cpuid.SSSE3)
	avx2 := has(cpuid.AVX, cpuid.AVX2, cpuid.BMI2)
	return map[string]string{
		"crc32": either("vpclmulqdq", has(cpuid.AVX512F, cpuid.VPCLMULQDQ, cpuid.CLMUL, cpuid.SSE4),
			either("pclmulqdq", has(cpuid.CLMUL, cpuid.SSE4), "generic")),
		"md5":    "amd64",
		"sha1":   either("sha-ni", shani, either("avx2", avx2 && has(cpuid.BMI1), "amd64")),
		"sha256": either("sha-ni", shani, either("avx2", avx2, "amd64")),
	}
}()

func either(name string, ok bool, otherwise string) string {
	if ok {
		return name
	}
	return otherwise
}
