//go:build !purego

package sha3

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The cores, by preference: AVX-512VL keeps four states side by side in YMM
// registers (VPROLQ rotations, VPTERNLOGQ for theta and chi) and leaves a
// single state to the BMI2 kernel; BMI2 is scalar (RORX, ANDN), with an AVX2
// kernel for four states; avx512-single keeps one state in the low quadwords
// of 25 XMM registers.
//
// The AVX-512 kernels passed the suite and the fuzzers on an AVX-512 CPU
// (issue 16). There the four-state kernel ran the four SHA-3 sizes together
// 1.8 times as fast as the AVX2 one, while the single-state kernel was no
// faster than BMI2 (SHA3-256 479 against 478 MB/s, SHA3-512 251 against
// 270), so a single state stays on BMI2 and avx512-single is only chosen by
// hand (HASHDROP_DISABLE=avx512,bmi2) or on a CPU without BMI2.
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

func absorb(a *[25]uint64, p []byte, rate int) {
	switch {
	case useAVX512 || useBMI2:
		absorbBMI2(a, p, rate)
	case useAVX512Single:
		absorbAVX512(a, p, rate)
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
