//go:build !purego

package blake2b

import (
	"hash"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The 386 cores (hashing/_asm/x86): the state as rows in XMM registers,
// two words a register, row c on the stack (386 has eight XMM registers).
// useSSSE3 selects the core that rotates by 24 and 16 with PSHUFB and
// turns the rows with PALIGNR, useSSE2 the one that does both with shifts
// and shuffles. The unrolled Go follows them: on 386 its 64-bit words are
// register pairs, most of them on the stack.
var (
	useSSSE3 bool
	useSSE2  bool
)

func init() {
	impl.Register(family, "ssse3", &useSSSE3, cpuid.SSE2, cpuid.SSSE3)
	impl.Register(family, "sse2", &useSSE2, cpuid.SSE2)
	impl.Register(family, "unrolled", &useUnrolled)
}

func block(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	switch {
	case useSSSE3:
		blockSSSE3(h, t, flag, p)
	case useSSE2:
		blockSSE2(h, t, flag, p)
	case useUnrolled:
		blockUnrolled(h, t, flag, p)
	default:
		blockGeneric(h, t, flag, p)
	}
}

func newHash(size int) hash.Hash { return newDigest(size) }

//go:noescape
func blockSSSE3(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)

//go:noescape
func blockSSE2(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)
