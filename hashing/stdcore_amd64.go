//go:build !purego

package hashing

import "github.com/klauspost/cpuid/v2"

// stdImpl is a core of the Go standard library and the CPU features it
// needs.
type stdImpl struct {
	name  string
	needs []cpuid.FeatureID
}

// stdCore names the core the Go standard library picks on this CPU for the
// families Hashdrop takes from it, by the same conditions the library uses:
// the first of each list whose features this CPU has. SHA-384/512 are
// Hashdrop's own (hashing/sha512).
var stdCore = func() map[string]stdImpl {
	shani := stdImpl{"sha-ni", []cpuid.FeatureID{cpuid.AVX, cpuid.SHA, cpuid.SSE4, cpuid.SSSE3}}
	amd64 := stdImpl{"amd64", nil}
	return map[string]stdImpl{
		"crc32": firstSupported(
			stdImpl{"vpclmulqdq", []cpuid.FeatureID{cpuid.AVX512F, cpuid.VPCLMULQDQ, cpuid.CLMUL, cpuid.SSE4}},
			stdImpl{"pclmulqdq", []cpuid.FeatureID{cpuid.CLMUL, cpuid.SSE4}},
			stdImpl{"generic", nil}),
		"md5":    amd64,
		"sha1":   firstSupported(shani, stdImpl{"avx2", []cpuid.FeatureID{cpuid.AVX, cpuid.AVX2, cpuid.BMI1, cpuid.BMI2}}, amd64),
		"sha256": firstSupported(shani, stdImpl{"avx2", []cpuid.FeatureID{cpuid.AVX, cpuid.AVX2, cpuid.BMI2}}, amd64),
	}
}()

// firstSupported returns the first of impls whose features this CPU has;
// the last needs none.
func firstSupported(impls ...stdImpl) stdImpl {
	for _, c := range impls[:len(impls)-1] {
		if cpuid.CPU.Supports(c.needs...) {
			return c
		}
	}
	return impls[len(impls)-1]
}
