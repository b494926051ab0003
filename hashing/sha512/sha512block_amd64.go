//go:build !purego

package sha512

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The cores, by preference: both run the rounds on general-purpose registers
// with RORX and ANDN and the message schedule of two blocks at once in YMM
// registers; AVX-512VL shortens the schedule with VPRORQ and VPTERNLOGQ.
var (
	useAVX512 bool
	useAVX2   bool
)

func init() {
	// The AVX-512 core was written on machines without AVX-512; it first ran,
	// passed the suite and was fuzzed for 10 minutes on an AMD Zen 4 (Genoa),
	// where it runs as fast as the AVX2 core (within 0.1 %, the two taking
	// turns in TestAlternate; the rounds set the speed, and the schedule
	// costs under 3 % of it). It stays first: it issues fewer instructions.
	impl.Register("sha512", "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512VL, cpuid.BMI1, cpuid.BMI2)
	impl.Register("sha512", "avx2", &useAVX2, cpuid.AVX, cpuid.AVX2, cpuid.BMI1, cpuid.BMI2)
}

func block(dig *digest, p []byte) {
	switch {
	case useAVX512:
		blockAVX512(dig, p)
	case useAVX2:
		blockAVX2(dig, p)
	default:
		blockGeneric(dig, p)
	}
}

//go:noescape
func blockAVX2(dig *digest, p []byte)

//go:noescape
func blockAVX512(dig *digest, p []byte)
