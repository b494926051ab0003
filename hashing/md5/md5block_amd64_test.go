//go:build !purego

package md5

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
	off := strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ",")
	want := impl.Generic
	switch {
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL) && !slices.Contains(off, "avx512"):
		want = "avx512"
	case cpuid.CPU.Supports(cpuid.BMI1) && !slices.Contains(off, "bmi1"):
		want = "bmi1"
	case !slices.Contains(off, "amd64"):
		want = "amd64"
	}
	if got := impl.Active(family); got != want {
		t.Fatalf("active core %q, want %q on this CPU (%s)", got, want, cpuid.CPU.BrandName)
	}
}
