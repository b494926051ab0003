//go:build !purego

package whirlpool

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The cores, by preference: the whole state in one ZMM register (AVX-512 VBMI
// byte permutations, GFNI for MixRows' multiplications), the state by
// columns in two YMM registers with the S-box from its mini-boxes (AVX2),
// and the table core every amd64 CPU can run.
var (
	useAVX512 bool
	useAVX2   bool
	useTable  bool
)

func init() {
	// The AVX-512 core was written on machines without AVX-512 or GFNI,
	// against the tests' model of its instructions; it first ran, passed the
	// suite and was fuzzed for 10 minutes on an AMD Zen 4 (Genoa).
	impl.Register("whirlpool", "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VBMI, cpuid.GFNI)
	impl.Register("whirlpool", "avx2", &useAVX2, cpuid.AVX, cpuid.AVX2)
	impl.Register("whirlpool", "table", &useTable)
}

//go:noescape
func blockAVX512(dig *digest, p []byte)

//go:noescape
func blockAVX2(dig *digest, p []byte)

//go:noescape
func blockTable(dig *digest, p []byte)

func block(dig *digest, p []byte) {
	switch {
	case useAVX512:
		blockAVX512(dig, p)
	case useAVX2:
		blockAVX2(dig, p)
	case useTable:
		blockTable(dig, p)
	default:
		blockGeneric(dig, p)
	}
}
