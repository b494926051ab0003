//go:build !purego

package sha3

import (
	"testing"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// TestSingleStateKernel fails when a core absorbs a single state with
// another kernel than the one it measured fastest with: the avx512 core with
// the single-state AVX-512 kernel on AMD CPUs and with BMI2 elsewhere.
func TestSingleStateKernel(t *testing.T) {
	onAVX512 := singleBMI2
	if cpuid.CPU.VendorID == cpuid.AMD {
		onAVX512 = singleAVX512
	}
	names := map[int]string{singleGeneric: "generic", singleBMI2: "bmi2", singleAVX512: "avx512-single"}
	for core, want := range map[string]int{"avx512": onAVX512, "bmi2": singleBMI2, "avx512-single": singleAVX512, impl.Generic: singleGeneric} {
		if !impl.Select("sha3", core) {
			t.Logf("%s: %s", core, impl.Unavailable("sha3", core))
			continue
		}
		got := singleKernel()
		impl.Reset("sha3")
		if got != want {
			t.Errorf("core %s absorbs a single state with the %s kernel, want %s (%v)", core, names[got], names[want], cpuid.CPU.VendorID)
		}
	}
}
