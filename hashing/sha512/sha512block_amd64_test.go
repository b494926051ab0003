//go:build !purego

package sha512

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// TestDispatch fails when the CPU has what a core needs but another core is
// in use, so that a broken dispatch cannot hide behind the generic path.
func TestDispatch(t *testing.T) {
	has := cpuid.CPU.Supports
	avx512 := has(cpuid.AVX512F, cpuid.AVX512VL, cpuid.BMI1, cpuid.BMI2) && !named("HASHDROP_DISABLE", "avx512")
	avx2 := has(cpuid.AVX, cpuid.AVX2, cpuid.BMI1, cpuid.BMI2) && !named("HASHDROP_DISABLE", "avx2")
	amd := cpuid.CPU.VendorID == cpuid.AMD
	want := impl.Generic
	switch {
	case avx2 && amd: // the Zen 3 order, as fast on Zen 4 as with AVX-512
		want = "avx2"
	case avx512: // the order found on Intel's Sapphire Rapids
		want = "avx512"
	case avx2:
		want = "avx2"
	}
	if got := impl.Active(family); got != want {
		t.Fatalf("active core %q, want %q on this CPU (%s)", got, want, cpuid.CPU.BrandName)
	}
}

func named(env, name string) bool {
	return slices.Contains(strings.Split(strings.ToLower(os.Getenv(env)), ","), name)
}
