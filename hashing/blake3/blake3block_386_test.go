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
	case cpuid.CPU.Supports(cpuid.SSSE3) && !slices.Contains(disabled, "ssse3"):
		return "ssse3"
	case cpuid.CPU.Supports(cpuid.SSE2) && !slices.Contains(disabled, "sse2"):
		return "sse2"
	}
	return impl.Generic
}

// kernels returns the four-input kernels of this architecture's cores,
// by core name.
func kernels() map[string]hash4Func {
	return map[string]hash4Func{"ssse3": hash4SSSE3, "sse2": hash4SSE2}
}

// TestActiveCoreWithoutSSSE3 runs TestActiveCore in a process whose cores
// were registered with ssse3 switched off, as on a CPU without SSSE3,
// where the dispatch must hand out sse2.
func TestActiveCoreWithoutSSSE3(t *testing.T) {
	if !cpuid.CPU.Supports(cpuid.SSE2) {
		t.Skip("this CPU has no SSE2")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestActiveCore$", "-test.v")
	cmd.Env = append(os.Environ(), "HASHDROP_DISABLE=ssse3")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "active core sse2") {
		t.Errorf("with the ssse3 core off (%v):\n%s", err, out)
	}
}
