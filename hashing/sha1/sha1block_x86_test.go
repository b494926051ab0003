//go:build (386 || amd64) && !purego

package sha1

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// TestDispatch fails when the CPU has SHA-NI but another core is in use, so
// that a broken dispatch cannot hide behind the generic path.
func TestDispatch(t *testing.T) {
	want := impl.Generic
	if cpuid.CPU.Supports(cpuid.SHA, cpuid.SSSE3, cpuid.SSE4) && !disabled("sha-ni") {
		want = "sha-ni"
	}
	if got := impl.Active(family); got != want {
		t.Fatalf("active core %q, want %q on this CPU (%s)", got, want, cpuid.CPU.BrandName)
	}
}

func disabled(name string) bool {
	return slices.Contains(strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ","), name)
}
