//go:build !purego

package sha3

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The cores, by preference: AVX-512VL keeps four states side by side in YMM
// registers (VPROLQ rotations, VPTERNLOGQ for theta and chi) and a single
// state in the low quadwords of 25 XMM registers; BMI2 is scalar (RORX,
// ANDN), with an AVX2 kernel for four states; avx512-single is the
// single-state AVX-512 kernel without the four-state one.
//
// The AVX-512 kernels passed the suite and the fuzzers on AVX-512 CPUs, an
// Intel Sapphire Rapids and an AMD Zen 4. The four-state kernel ran the four
// SHA-3 sizes together 1.8 times as fast as the AVX2 one on the Intel CPU,
// 1.55 times on Zen 4 (270 against 175 MB/s). The single-state kernel is
// faster than BMI2 at every size on both, measured in turns (TestAlternate,
// 16 KiB messages, the fastest 1 %): on Zen 4 1.22 to 1.33 times (SHA3-256
// about 600 against 470 MB/s, SHA3-512 316 against 250); on Sapphire Rapids
// 1.01 to 1.04 times in each of seven rounds (SHA3-224 704 against 680,
// SHA3-256 661 against 646, SHA3-512 352 against 349).
var (
	useAVX512       bool
	useBMI2         bool
	useAVX512Single bool
	hasAVX2         = cpuid.CPU.Supports(cpuid.AVX, cpuid.AVX2)
)

func init() {
	impl.Register("sha3", "avx512", &useAVX512, cpuid.AVX512F, cpuid.AVX512VL, cpuid.BMI1, cpuid.BMI2)
	impl.Register("sha3", "bmi2", &useBMI2, cpuid.BMI1, cpuid.BMI2)
	impl.Register("sha3", "avx512-single", &useAVX512Single, cpuid.AVX512F, cpuid.AVX512VL)
}

// The kernels that absorb a single state.
const (
	singleGeneric = iota
	singleBMI2
	singleAVX512
)

// singleKernel says which kernel absorbs a single state with the cores
// selected now.
func singleKernel() int {
	switch {
	case useAVX512 || useAVX512Single:
		return singleAVX512
	case useBMI2:
		return singleBMI2
	}
	return singleGeneric
}

func absorb(a *[25]uint64, p []byte, rate int) {
	switch singleKernel() {
	case singleAVX512:
		absorbAVX512(a, p, rate)
	case singleBMI2:
		absorbBMI2(a, p, rate)
	default:
		absorbGeneric(a, p, rate)
	}
}

// haveAbsorb4 reports whether absorb4 has a vector kernel with the cores
// selected now.
func haveAbsorb4() bool { return useAVX512 || useBMI2 && hasAVX2 }

func absorb4(a *[4][25]uint64, in *lanes, blocks int) {
	switch {
	case useAVX512:
		absorb4AVX512(a, in, blocks)
	case useBMI2 && hasAVX2:
		absorb4AVX2(a, in, blocks)
	default:
		absorb4Serial(a, in, blocks)
	}
}

// The kernels absorb whole blocks. absorbAVX512 takes the four SHA-3 rates
// only (72, 104, 136, 144); absorb4AVX512 rates up to 144, absorb4AVX2 and
// absorbBMI2 any multiple of 8 from 72 to 200.

//go:noescape
func absorbAVX512(a *[25]uint64, p []byte, rate int)

//go:noescape
func absorbBMI2(a *[25]uint64, p []byte, rate int)

//go:noescape
func absorb4AVX512(a *[4][25]uint64, in *lanes, blocks int)

//go:noescape
func absorb4AVX2(a *[4][25]uint64, in *lanes, blocks int)
