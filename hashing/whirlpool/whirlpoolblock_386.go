//go:build !purego

package whirlpool

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The 386 cores, by preference: the state by columns in two YMM registers
// with the S-box from its mini-boxes (AVX2, the amd64 vector core's method
// on eight registers), and the table core accumulating in MMX registers.
var (
	useAVX2 bool
	useMMX  bool
)

func init() {
	impl.Register("whirlpool", "avx2", &useAVX2, cpuid.AVX, cpuid.AVX2)
	impl.Register("whirlpool", "mmx", &useMMX, cpuid.MMX)
}

//go:noescape
func blockAVX2(dig *digest, p []byte)

//go:noescape
func blockMMX(dig *digest, p []byte)

func block(dig *digest, p []byte) {
	switch {
	case useAVX2:
		blockAVX2(dig, p)
	case useMMX:
		blockMMX(dig, p)
	default:
		blockGeneric(dig, p)
	}
}
