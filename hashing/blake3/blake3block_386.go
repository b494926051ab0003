//go:build !purego

package blake3

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The 386 cores (hashing/_asm/x86): four chunks, or four parents, at once
// in XMM registers, the state in a frame on the stack, rotating with
// PSHUFB (ssse3) or with shifts and word shuffles only (sse2).
var (
	useSSSE3 bool
	useSSE2  bool
)

func init() {
	impl.Register(family, "ssse3", &useSSSE3, cpuid.SSSE3)
	impl.Register(family, "sse2", &useSSE2, cpuid.SSE2)
}

func subtree(buf *[groupLen]byte, n int, counter uint64) node {
	if (useSSSE3 || useSSE2) && n > chunkLen {
		return subtree4(buf, n, counter)
	}
	return subtreeGeneric(buf, n, counter)
}

// lanesActive says whether the core in use runs subtreeLanes' kernels.
func lanesActive() bool { return useSSSE3 || useSSE2 }

// hashLanes runs the kernel of width inputs (4 here) of the core in use,
// writing the chaining values to out[:32*width].
func hashLanes(width int, p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte) {
	hash4(p, blocks, key, counter, inc, flags, start, end, (*[128]byte)(out))
}

// hash4 is the four-input kernel subtree4 runs on, of the core in use.
func hash4(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte) {
	if useSSSE3 {
		hash4SSSE3(p, blocks, key, counter, inc, flags, start, end, out)
		return
	}
	hash4SSE2(p, blocks, key, counter, inc, flags, start, end, out)
}

// hash4SSSE3 and hash4SSE2 hash four inputs of blocks 64-byte blocks each,
// one after another in p, and write their chaining values to out. Input i
// starts from key with counter counter+i*inc; every block has flags, the
// first one also start, the last one also end. blocks is 1 to 16.
//
//go:noescape
func hash4SSSE3(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)

//go:noescape
func hash4SSE2(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)

// runCV: the four-input kernels gain nothing over the groups one by one.
func runCV(p *[runLen]byte, counter uint64) [8]uint32 { return runCVGeneric(p, counter) }
