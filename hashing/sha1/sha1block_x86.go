//go:build (386 || amd64) && !purego

package sha1

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// useSHANI selects the kernel built on SHA1RNDS4/SHA1NEXTE/SHA1MSG1/SHA1MSG2;
// it also needs PSHUFB (SSSE3) and PINSRD/PEXTRD (SSE4.1).
var useSHANI bool

func init() { impl.Register("sha1", "sha-ni", &useSHANI, cpuid.SHA, cpuid.SSSE3, cpuid.SSE4) }

func block(dig *digest, p []byte) {
	if useSHANI {
		blockSHANI(dig, p)
		return
	}
	blockGeneric(dig, p)
}

//go:noescape
func blockSHANI(dig *digest, p []byte)
