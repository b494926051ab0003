//go:build !purego

package blake3

import (
	"encoding/binary"

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
		return subtreeSSSE3(buf, n, counter)
	}
	return subtreeGeneric(buf, n, counter)
}

// subtreeSSSE3 is subtreeGeneric for more than one chunk, level by level:
// the chaining values of the chunks, then of their parents, two children's
// side by side in memory as the parent's block, an odd one at the end
// moved up a level as it is (which gives the specification's tree, whose
// left subtrees are complete). The kernel hashes four of a level at once,
// the Go twin those left over.
func subtreeSSSE3(buf *[groupLen]byte, n int, counter uint64) node {
	var a, b [groupChunks * 32]byte
	cvs, next := a[:], b[:]
	k := (n + chunkLen - 1) / chunkLen
	whole := n / chunkLen &^ 3
	for i := 0; i < whole; i += 4 {
		hash4SSSE3(buf[i*chunkLen:], chunkLen/BlockSize, &iv, counter+uint64(i), 1, 0, flagChunkStart, flagChunkEnd, (*[128]byte)(cvs[32*i:]))
	}
	for i := whole; i < k; i++ {
		putCV(cvs[32*i:], chainingValue(chunkNode(buf[i*chunkLen:min(n, (i+1)*chunkLen)], counter+uint64(i))))
	}
	for ; k > 2; k = (k + 1) / 2 {
		pairs := k / 2
		for i := 0; i < pairs&^3; i += 4 {
			hash4SSSE3(cvs[64*i:], 1, &iv, 0, 0, flagParent, 0, 0, (*[128]byte)(next[32*i:]))
		}
		for i := pairs &^ 3; i < pairs; i++ {
			left, right := getCV(cvs[64*i:]), getCV(cvs[64*i+32:])
			putCV(next[32*i:], chainingValue(parentNode(&left, &right)))
		}
		copy(next[32*pairs:], cvs[64*pairs:32*k]) // the odd one, if any
		cvs, next = next, cvs
	}
	left, right := getCV(cvs), getCV(cvs[32:])
	return parentNode(&left, &right)
}

func putCV(p []byte, cv [8]uint32) {
	for i, w := range cv {
		binary.LittleEndian.PutUint32(p[4*i:], w)
	}
}

func getCV(p []byte) [8]uint32 {
	var cv [8]uint32
	for i := range cv {
		cv[i] = binary.LittleEndian.Uint32(p[4*i:])
	}
	return cv
}

//go:noescape
func hash4SSSE3(p []byte, blocks uint64, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[128]byte)
