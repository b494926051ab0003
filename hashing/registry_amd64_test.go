//go:build !purego

package hashing

import (
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// TestFamiliesHaveCores fails when a family named in the registry has no core
// registered on amd64 (a typo in a family name would otherwise make Core()
// report "generic" silently), unless the Go standard library serves it.
func TestFamiliesHaveCores(t *testing.T) {
	registered := impl.Families()
	for _, a := range algorithms {
		if _, std := stdCore[a.family]; std {
			continue
		}
		if !slices.Contains(registered, a.family) {
			t.Errorf("%s: family %q has no registered core (registered: %v)", a.ID, a.family, registered)
		}
	}
}

// TestOwnMD5 fails when a CPU runs Hashdrop's avx512 MD5 core (AVX-512 F and
// VL, on a CPU not made by AMD, whose Zen 4 runs it slower than crypto/md5)
// but the registry hands out crypto/md5, when an AMD CPU gets the avx512
// core, and when the registry hands out Hashdrop's scalar cores, which are
// no faster than crypto/md5.
func TestOwnMD5(t *testing.T) {
	const own = "github.com/hashdrop/hashdrop/hashing/md5"
	a, _ := Lookup("md5")
	avx512 := impl.Unavailable("md5", "avx512") == ""
	if avx512 && cpuid.CPU.VendorID != cpuid.AMD {
		if got := pkgOf(a); a.Core() != "avx512" || got != own || a.CoreInferred() {
			t.Errorf("md5: core %q from %s, want avx512 from %s", a.Core(), got, own)
		}
		if !slices.Equal(a.Cores(), []string{"avx512", "amd64"}) {
			t.Errorf("md5: cores %v, want [avx512 amd64]", a.Cores())
		}
	} else {
		t.Logf("md5: avx512 not in use (can run: %v, vendor %v)", avx512, cpuid.CPU.VendorID)
		if got := pkgOf(a); a.Core() != "amd64" || got == own || !a.CoreInferred() {
			t.Errorf("md5: core %q from %s, want crypto/md5's", a.Core(), got)
		}
		if !slices.Equal(a.Cores(), []string{"amd64"}) {
			t.Errorf("md5: cores %v, want [amd64]", a.Cores())
		}
	}
	for _, scalar := range []string{"bmi1", "amd64", impl.Generic} {
		if !impl.Select("md5", scalar) {
			t.Logf("md5: %s: %s", scalar, impl.Unavailable("md5", scalar))
			continue
		}
		if got := pkgOf(a); a.Core() != "amd64" || got == own || !a.CoreInferred() {
			t.Errorf("md5 on Hashdrop's %s core: core %q from %s, want crypto/md5's", scalar, a.Core(), got)
		}
		impl.Reset("md5")
	}
}

// TestOwnSHA1 fails when a CPU with SHA-NI not made by AMD gets the standard
// library's SHA-1 instead of Hashdrop's sha-ni core (its order was found on
// Intel's CPUs), when an AMD CPU gets Hashdrop's, and when Hashdrop's generic
// code is handed out instead of the standard library's.
func TestOwnSHA1(t *testing.T) {
	const own = "github.com/hashdrop/hashdrop/hashing/sha1"
	a, _ := Lookup("sha1")
	shani := impl.Unavailable("sha1", "sha-ni") == ""
	if shani && cpuid.CPU.VendorID != cpuid.AMD {
		if got := pkgOf(a); a.Core() != "sha-ni" || got != own || a.CoreInferred() {
			t.Errorf("sha1: core %q from %s, want sha-ni from %s", a.Core(), got, own)
		}
		if want := []string{"sha-ni", "std-sha-ni"}; !slices.Equal(a.Cores(), want) {
			t.Errorf("sha1: cores %v, want %v", a.Cores(), want)
		}
	} else {
		t.Logf("sha1: sha-ni not in use (can run: %v, vendor %v)", shani, cpuid.CPU.VendorID)
		if got := pkgOf(a); got == own || !a.CoreInferred() {
			t.Errorf("sha1: core %q from %s, want crypto/sha1's", a.Core(), got)
		}
	}
	if !impl.Select("sha1", impl.Generic) {
		t.Fatal("sha1: cannot select the generic core")
	}
	defer impl.Reset("sha1")
	if got := pkgOf(a); got == own || !a.CoreInferred() {
		t.Errorf("sha1 with Hashdrop's generic core: core %q from %s, want the standard library's", a.Core(), got)
	}
}
