//go:build !purego

package blake2b

import (
	"hash"

	"github.com/klauspost/cpuid/v2"
	"golang.org/x/crypto/blake2b"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useAMD64 selects Hashdrop's scalar kernel (hashing/_asm/blake2b): the
// state in fifteen general-purpose registers and one stack slot, the four
// Gs of a step interleaved. A step's chain is twelve one-cycle operations
// there, against some 21 cycles for the vector rows of the avx512 kernel
// on Zen 4, so it comes first on every x86-64 CPU (1.35x the unrolled Go,
// 1.9x avx512, 2.4x x/crypto on Zen 4; Intel not measured).
var useAMD64 bool

// useAVX512 selects Hashdrop's kernel (hashing/_asm/blake2b): a row of the
// state a YMM register, the message words of a step picked by VPERMI2Q.
var useAVX512 bool

// useXCrypto selects golang.org/x/crypto/blake2b, whose amd64 assembly runs
// one block's rounds in AVX2, AVX or SSE4.1 registers, chosen by the
// library: the core is named after the one it picks here.
var useXCrypto bool

// xcryptoCore is the kernel golang.org/x/crypto/blake2b picks on this CPU,
// by the conditions it tests (blake2bAVX2_amd64.go of v0.41.0).
func xcryptoCore() (string, []cpuid.FeatureID) {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX2):
		return "xcrypto-avx2", []cpuid.FeatureID{cpuid.AVX2}
	case cpuid.CPU.Supports(cpuid.AVX):
		return "xcrypto-avx", []cpuid.FeatureID{cpuid.AVX}
	case cpuid.CPU.Supports(cpuid.SSE4):
		return "xcrypto-sse4", []cpuid.FeatureID{cpuid.SSE4}
	}
	return "xcrypto-amd64", nil
}

func init() {
	impl.Register(family, "amd64", &useAMD64)
	impl.Register(family, "unrolled", &useUnrolled)
	impl.Register(family, "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX2)
	name, needs := xcryptoCore()
	impl.Register(family, name, &useXCrypto, needs...)
}

func block(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	switch {
	case useAMD64:
		blockAMD64(h, t, flag, p)
	case useUnrolled:
		blockUnrolled(h, t, flag, p)
	case useAVX512:
		blockAVX512(h, t, flag, p)
	default:
		blockGeneric(h, t, flag, p)
	}
}

func newHash(size int) hash.Hash {
	if useXCrypto && !useAMD64 && !useUnrolled && !useAVX512 {
		h, err := blake2b.New(size, nil)
		if err != nil {
			panic(err) // 32 or 64 bytes, no key: always valid
		}
		return h
	}
	return newDigest(size)
}

//go:noescape
func blockAVX512(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)

//go:noescape
func blockAMD64(h *[8]uint64, t *[2]uint64, flag uint64, p []byte)
