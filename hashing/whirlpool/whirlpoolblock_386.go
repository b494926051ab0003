//go:build !purego

package whirlpool

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The 386 table core accumulates in MMX registers.
var useMMX = cpuid.CPU.Supports(cpuid.MMX)

func init() {
	impl.Register("whirlpool", "mmx", &useMMX)
}

//go:noescape
func blockMMX(dig *digest, p []byte)

func block(dig *digest, p []byte) {
	if useMMX {
		blockMMX(dig, p)
		return
	}
	blockGeneric(dig, p)
}
