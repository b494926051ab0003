//go:build !purego

package crc32

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// useCLMUL selects the folding kernel (PCLMULQDQ, with PEXTRD from SSE4.1).
var useCLMUL bool

func init() { impl.Register("crc32", "pclmulqdq", &useCLMUL, cpuid.CLMUL, cpuid.SSE4) }

// block folds the longest run of 16-byte chunks when there are at least
// four, and leaves the rest to the table code.
func block(dig *digest, p []byte) {
	if useCLMUL && len(p) >= 64 {
		n := len(p) &^ 15
		dig.crc = ^foldCLMUL(^dig.crc, p[:n])
		p = p[n:]
	}
	blockGeneric(dig, p)
}

// foldCLMUL returns the CRC register (not complemented) after p, whose
// length is a multiple of 16 and at least 64.
//
//go:noescape
func foldCLMUL(crc uint32, p []byte) uint32
