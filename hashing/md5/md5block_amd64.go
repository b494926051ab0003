//go:build !purego

package md5

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The cores, by preference: the chain on XMM registers with one VPTERNLOGD
// per function (AVX-512VL), and the scalar ones, using ANDN (BMI1) for the
// G and I functions or for any x86-64.
var (
	useAVX512 bool
	useBMI1   bool
	useAMD64  bool
)

func init() {
	// The AVX-512 core was written on machines without AVX-512, against the
	// tests' model of its instructions; it first ran, passed the suite and
	// was fuzzed for 10 minutes on an AMD Zen 4 (Genoa). Where it is faster
	// than crypto/md5, hashing's registry says (own_amd64.go).
	impl.Register("md5", "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512VL)
	impl.Register("md5", "bmi1", &useBMI1, cpuid.BMI1)
	impl.Register("md5", "amd64", &useAMD64)
}

func block(dig *digest, p []byte) {
	switch {
	case useAVX512:
		blockAVX512(dig, p)
	case useBMI1:
		blockBMI1(dig, p)
	case useAMD64:
		blockAMD64(dig, p)
	default:
		blockGeneric(dig, p)
	}
}

//go:noescape
func blockAVX512(dig *digest, p []byte)

//go:noescape
func blockBMI1(dig *digest, p []byte)

//go:noescape
func blockAMD64(dig *digest, p []byte)
