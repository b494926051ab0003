//go:build !purego

package sha512

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The cores, by preference: all run SHA-512 on the 64-bit lanes of XMM
// registers (SSE2 adds and shifts) and use PSHUFB for the byte order; AVX's
// three-operand encoding saves the register copies, and AVX2's per-lane
// shifts let one register carry both a and e through the rounds.
var (
	useAVX2  bool
	useAVX   bool
	useSSSE3 bool
)

func init() {
	impl.Register("sha512", "avx2", &useAVX2, cpuid.AVX2, cpuid.AVX, cpuid.SSSE3)
	impl.Register("sha512", "avx", &useAVX, cpuid.AVX, cpuid.SSSE3)
	impl.Register("sha512", "ssse3", &useSSSE3, cpuid.SSE2, cpuid.SSSE3)
}

func block(dig *digest, p []byte) {
	switch {
	case useAVX2:
		blockAVX2(dig, p)
	case useAVX:
		blockAVX(dig, p)
	case useSSSE3:
		blockSSSE3(dig, p)
	default:
		blockGeneric(dig, p)
	}
}

//go:noescape
func blockAVX2(dig *digest, p []byte)

//go:noescape
func blockAVX(dig *digest, p []byte)

//go:noescape
func blockSSSE3(dig *digest, p []byte)
