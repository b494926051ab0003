//go:build !purego

package sha3

import (
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// TestSingleStateKernel fails when a core absorbs a single state with
// another kernel than the one it measured fastest with: both AVX-512 cores
// with the single-state AVX-512 kernel.
func TestSingleStateKernel(t *testing.T) {
	names := map[int]string{singleGeneric: "generic", singleBMI2: "bmi2", singleAVX512: "avx512-single"}
	for core, want := range map[string]int{"avx512": singleAVX512, "bmi2": singleBMI2, "avx512-single": singleAVX512, impl.Generic: singleGeneric} {
		if !impl.Select("sha3", core) {
			t.Logf("%s: %s", core, impl.Unavailable("sha3", core))
			continue
		}
		got := singleKernel()
		impl.Reset("sha3")
		if got != want {
			t.Errorf("core %s absorbs a single state with the %s kernel, want %s", core, names[got], names[want])
		}
	}
}
