//go:build !purego

package blake2b

import (
	"hash"

	"github.com/klauspost/cpuid/v2"
	"golang.org/x/crypto/blake2b"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useAVX512 selects Hashdrop's kernel (hashing/_asm/blake2b): a row of the
// state a YMM register, the message words of a step picked by VPERMI2Q.
// It comes first where the CPU has AVX-512F and VL: on Zen 4 (EPYC, family
// 25 model 17; 1 MiB, best of 40 runs timed against a chain of dependent
// IMULs, the two in turns) it takes 3.19 cycles a byte, 3.81 for the
// scalar amd64 kernel, 3.81 for x/crypto's AVX2, 3.93 for the unrolled Go.
// Its bare chain (the rounds without the message and the turns of the
// rows, wrong digests) takes 3.12: twelve dependent operations a step
// costing some 16.6 cycles, the floor of this design there. Intel not
// measured.
var useAVX512 bool

// useAMD64 selects Hashdrop's scalar kernel (hashing/_asm/blake2b): the
// state in fifteen general-purpose registers and one stack slot, the four
// Gs of a step interleaved; first on x86-64 CPUs without AVX-512.
var useAMD64 bool

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
	impl.Register(family, "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX2)
	impl.Register(family, "amd64", &useAMD64)
	impl.Register(family, "unrolled", &useUnrolled)
	name, needs := xcryptoCore()
	impl.Register(family, name, &useXCrypto, needs...)
}

func block(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	switch {
	case useAVX512:
		blockAVX512(h, t, flag, p)
	case useAMD64:
		blockAMD64(h, t, flag, p)
	case useUnrolled:
		blockUnrolled(h, t, flag, p)
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
