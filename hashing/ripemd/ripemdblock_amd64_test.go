//go:build !purego

package ripemd

import (
	"os"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// TestDispatch fails when the CPU has what a core needs but another core is
// in use, so that a broken dispatch cannot hide behind the generic path.
func TestDispatch(t *testing.T) {
	want := "amd64"
	switch {
	case cpuid.CPU.Supports(cpuid.BMI1, cpuid.BMI2) && !disabled("bmi2"):
		want = "bmi2"
	case disabled("amd64"):
		want = impl.Generic
	}
	if got := impl.Active(family); got != want {
		t.Fatalf("active core %q, want %q on this CPU (%s)", got, want, cpuid.CPU.BrandName)
	}
}

func disabled(name string) bool {
	for _, d := range strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ",") {
		if d == name {
			return true
		}
	}
	return false
}
