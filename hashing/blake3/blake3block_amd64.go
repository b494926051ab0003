//go:build !purego

package blake3

import (
	"github.com/klauspost/cpuid/v2"
	"lukechampine.com/blake3/guts"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useAVX512 selects Hashdrop's sixteen-input kernel (hashing/_asm/blake3):
// sixteen chunks at once in ZMM registers, one in each 32-bit lane, with
// VPRORD for the rotations; the parents above them by the eight- and
// four-input kernels, a level a call.
var useAVX512 bool

// useAVX2 selects Hashdrop's eight-input kernel: the same in YMM
// registers, rotating with VPSHUFB and shifts.
var useAVX2 bool

// useLuke selects the kernels of lukechampine.com/blake3/guts (avo
// assembly): 16 chunks at once in AVX-512 registers, or twice 8 in AVX2
// ones, picked by the library from the CPU, so the core is named after the
// one it will run here. It hashes Hashdrop's groups of 16 chunks; the tree
// above them is this package's.
var useLuke bool

// useSSSE3 selects Hashdrop's kernel (hashing/_asm/blake3) for CPUs
// without AVX2: four chunks, or four parents, at once in XMM registers.
var useSSSE3 bool

// lukeCore is the kernel lukechampine.com/blake3/guts picks on this CPU, by
// the conditions it tests (guts/cpu.go of v1.4.1).
func lukeCore() (string, []cpuid.FeatureID) {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX512F):
		return "luke-avx512", []cpuid.FeatureID{cpuid.AVX512F}
	}
	// Registered also where the CPU lacks AVX2, as a core it cannot run.
	return "luke-avx2", []cpuid.FeatureID{cpuid.AVX2}
}

func init() {
	impl.Register(family, "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX2, cpuid.SSSE3)
	impl.Register(family, "avx2", &useAVX2, cpuid.AVX2, cpuid.SSSE3)
	name, needs := lukeCore()
	impl.Register(family, name, &useLuke, needs...)
	impl.Register(family, "ssse3", &useSSSE3, cpuid.SSSE3)
}

// The kernel widths of each core, widest first.
var (
	widths16 = []int{16, 8, 4}
	widths8  = []int{8, 4}
)

func subtree(buf *[groupLen]byte, n int, counter uint64) node {
	switch {
	case n <= chunkLen && !(useLuke && n > 0 && !useAVX512 && !useAVX2):
		return subtreeGeneric(buf, n, counter)
	case useAVX512:
		return subtreeLanes(buf, n, counter, widths16)
	case useAVX2:
		return subtreeLanes(buf, n, counter, widths8)
	case useLuke:
		g := guts.CompressBuffer(buf, n, &iv, counter, 0)
		return node{cv: g.CV, block: g.Block, counter: g.Counter, blockLen: g.BlockLen, flags: g.Flags}
	case useSSSE3:
		return subtree4(buf, n, counter)
	}
	return subtreeGeneric(buf, n, counter)
}

// lanesActive says whether the core in use runs subtreeLanes' kernels.
func lanesActive() bool { return useAVX512 || useAVX2 || useSSSE3 }

// hashLanes runs the kernel of width inputs (16, 8 or 4), writing the
// chaining values to out[:32*width].
func hashLanes(width int, p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out []byte) {
	switch width {
	case 16:
		hash16AVX512(p, blocks, key, counter, inc, flags, start, end, (*[512]byte)(out))
	case 8:
		hash8AVX2(p, blocks, key, counter, inc, flags, start, end, (*[256]byte)(out))
	default:
		hash4(p, blocks, key, counter, inc, flags, start, end, (*[128]byte)(out))
	}
}

// hash4 is the four-input kernel subtree4 runs on: hash4SSSE3 here.
func hash4(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte) {
	hash4SSSE3(p, blocks, key, counter, inc, flags, start, end, out)
}

//go:noescape
func hash4SSSE3(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)

//go:noescape
func hash8AVX2(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[256]byte)

//go:noescape
func hash16AVX512(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[512]byte)

// runCV, on the 16- and 8-input kernels, hashes the run's 256 chunks
// first, then each level of parents across the whole run, as many at once
// as the widest kernel takes: 15 calls of hash16AVX512 of one block for
// the levels a group at a time would give to 16 calls of hash8AVX2 and
// some 60 of the four-input kernel, its lanes mostly idle (those took a
// fifth of the time of the chunks' kernel, profiled). Other cores:
// runCVGeneric.
func runCV(p *[runLen]byte, counter uint64) [8]uint32 {
	widths := widths16
	switch {
	case useAVX512:
	case useAVX2:
		widths = widths8
	default:
		return runCVGeneric(p, counter)
	}
	const chunks = runGroups * groupChunks
	var a, b [chunks * 32]byte
	cvs, next := a[:], b[:]
	for i, w := 0, widths[0]; i < chunks; i += w {
		hashLanes(w, p[i*chunkLen:], chunkLen/BlockSize, &iv, counter+uint64(i), 1, 0, flagChunkStart, flagChunkEnd, cvs[32*i:])
	}
	for k := chunks; k > 1; k /= 2 {
		pairs, w := k/2, widths[0]
		for _, x := range widths {
			if x >= pairs {
				w = x
			}
		}
		// A level of fewer pairs than the kernel's inputs reads and
		// writes past them within the scratch, thrown away.
		for i := 0; i < pairs; i += w {
			hashLanes(w, cvs[64*i:], 1, &iv, 0, 0, flagParent, 0, 0, next[32*i:])
		}
		cvs, next = next, cvs
	}
	return getCV(cvs)
}
