//go:build !purego

package sha3

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The 386 core keeps lanes in XMM registers (SSE2). The four-state absorb
// has no vector kernel here: it takes the states one by one on that core.
var useSSE2 bool

func init() {
	impl.Register("sha3", "sse2", &useSSE2, cpuid.SSE2)
}

func absorb(a *[25]uint64, p []byte, rate int) {
	if useSSE2 {
		absorbSSE2(a, p, rate)
		return
	}
	absorbGeneric(a, p, rate)
}

func haveAbsorb4() bool { return false }

func absorb4(a *[4][25]uint64, in *lanes, blocks int) { absorb4Serial(a, in, blocks) }

// absorbSSE2 absorbs whole blocks at any rate that is a multiple of 8 up to
// 200.
//
//go:noescape
func absorbSSE2(a *[25]uint64, p []byte, rate int)
