//go:build !purego

package xxh64

import (
	"hash"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useSSE2 selects Hashdrop's 386 stripe loop (hashing/_asm/x86): the four
// lanes in two XMM registers, the 64-bit products built from PMULUDQ's
// 32-bit ones.
var useSSE2 bool

func init() { impl.Register(family, "sse2", &useSSE2, cpuid.SSE2) }

func newHash() hash.Hash { return newDigest(false) }

func accumulate(v *[4]uint64, p []byte) {
	if useSSE2 {
		stripesSSE2(v, p)
		return
	}
	stripesGeneric(v, p)
}

// stripesSSE2 consumes whole 32-byte stripes.
//
//go:noescape
func stripesSSE2(v *[4]uint64, p []byte)
