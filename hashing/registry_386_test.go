//go:build !purego

package hashing

import (
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// TestOwnCores386 fails when a CPU has what one of Hashdrop's own 386 cores
// needs but the registry hands out another core, and checks that the
// standard library takes over when the own core is switched off.
func TestOwnCores386(t *testing.T) {
	shani := cpuid.CPU.Supports(cpuid.SHA, cpuid.SSSE3, cpuid.SSE4)
	clmul := cpuid.CPU.Supports(cpuid.CLMUL, cpuid.SSE4)
	for _, c := range []struct {
		id, family, core, pkg string
		has                   bool
	}{
		{"crc32", "crc32", "pclmulqdq", "github.com/hashdrop/hashdrop/hashing/crc32", clmul},
		{"sha1", "sha1", "sha-ni", "github.com/hashdrop/hashdrop/hashing/sha1", shani},
		{"sha224", "sha256", "sha-ni", "github.com/hashdrop/hashdrop/hashing/sha256", shani},
		{"sha256", "sha256", "sha-ni", "github.com/hashdrop/hashdrop/hashing/sha256", shani},
	} {
		a, _ := Lookup(c.id)
		if !c.has {
			t.Logf("%s: this CPU (%s) lacks %s", c.id, cpuid.CPU.BrandName, c.core)
		} else if impl.Unavailable(c.family, c.core) == "" {
			if got := pkgOf(a); a.Core() != c.core || got != c.pkg {
				t.Errorf("%s: core %q from %s, want %q from %s", c.id, a.Core(), got, c.core, c.pkg)
			}
			if !slices.Equal(a.Cores(), []string{c.core, "std-386"}) {
				t.Errorf("%s: cores %v, want [%s std-386]", c.id, a.Cores(), c.core)
			}
		}
		impl.Select(c.family, impl.Generic)
		if got := pkgOf(a); a.Core() != "std-386" || got == c.pkg {
			t.Errorf("%s with the own core off: core %q from %s, want the standard library's", c.id, a.Core(), got)
		}
		impl.Reset(c.family)
	}
}
