//go:build !purego

package blake3

import (
	"github.com/klauspost/cpuid/v2"
	"lukechampine.com/blake3/guts"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

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
	name, needs := lukeCore()
	impl.Register(family, name, &useLuke, needs...)
	impl.Register(family, "ssse3", &useSSSE3, cpuid.SSSE3)
}

func subtree(buf *[groupLen]byte, n int, counter uint64) node {
	switch {
	case useLuke && n > 0:
		g := guts.CompressBuffer(buf, n, &iv, counter, 0)
		return node{cv: g.CV, block: g.Block, counter: g.Counter, blockLen: g.BlockLen, flags: g.Flags}
	case useSSSE3 && n > chunkLen:
		return subtree4(buf, n, counter)
	}
	return subtreeGeneric(buf, n, counter)
}

// hash4 is the four-input kernel subtree4 runs on: hash4SSSE3 here.
func hash4(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte) {
	hash4SSSE3(p, blocks, key, counter, inc, flags, start, end, out)
}

//go:noescape
func hash4SSSE3(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)
