//go:build (amd64 || 386) && !purego

package xxh32

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// useSSE41 selects Hashdrop's kernel (hashing/_asm/xxh32 for amd64,
// hashing/_asm/x86 for 386): the four lanes in one XMM register. It beats the scalar Go loop only where PMULLD is
// fast, on AMD's CPUs (and Hygon's, which are Zen); on the others it stays
// off and the portable Go core runs.
var useSSE41 bool

// onAMD is the CPU condition under which the kernel is the faster.
var onAMD = cpuid.CPU.VendorID == cpuid.AMD || cpuid.CPU.VendorID == cpuid.Hygon

const slower = "slower than the Go loop where PMULLD takes 10 cycles (not an AMD CPU)"

func init() {
	impl.RegisterWhereFaster(family, "sse41", &useSSE41, onAMD, slower, cpuid.SSE4)
}

func accumulate(v *[4]uint32, p []byte) {
	if useSSE41 {
		stripesSSE41(v, p)
		return
	}
	stripesGeneric(v, p)
}

//go:noescape
func stripesSSE41(v *[4]uint32, p []byte)
