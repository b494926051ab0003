//go:build !purego

package blake3

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// expectedCore is the core this CPU's features call for, the ones named in
// disabled aside.
func expectedCore(disabled []string) string {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX2, cpuid.SSSE3) && !slices.Contains(disabled, "avx512"):
		return "avx512"
	case cpuid.CPU.Supports(cpuid.AVX2, cpuid.SSSE3) && !slices.Contains(disabled, "avx2"):
		return "avx2"
	}
	if name, needs := lukeCore(); cpuid.CPU.Supports(needs...) && !slices.Contains(disabled, name) {
		return name
	}
	if cpuid.CPU.Supports(cpuid.SSSE3) && !slices.Contains(disabled, "ssse3") {
		return "ssse3"
	}
	return impl.Generic
}

// TestActiveCoreWithoutAVX2 runs TestActiveCore in a process whose cores
// were registered with the AVX2 and AVX-512 ones switched off, as on a CPU
// without AVX2, where the dispatch must hand out ssse3.
func TestActiveCoreWithoutAVX2(t *testing.T) {
	if !cpuid.CPU.Supports(cpuid.SSSE3) {
		t.Skip("this CPU has no SSSE3")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestActiveCore$", "-test.v")
	cmd.Env = append(os.Environ(), "HASHDROP_DISABLE=avx512,avx2,luke-avx512,luke-avx2")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "active core ssse3") {
		t.Errorf("with the AVX2 and AVX-512 cores off (%v):\n%s", err, out)
	}
}

// kernels returns the four-input kernels of this architecture's cores,
// by core name.
func kernels() map[string]hash4Func { return map[string]hash4Func{"ssse3": hash4SSSE3} }
