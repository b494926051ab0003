//go:build !purego

package hashing

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"hash"
	"hash/crc32"
	"slices"

	hdcrc32 "github.com/hashdrop/hashdrop/hashing/crc32"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	hdsha1 "github.com/hashdrop/hashdrop/hashing/sha1"
	hdsha256 "github.com/hashdrop/hashdrop/hashing/sha256"
)

// On 386 the standard library has no CRC32 folding kernel and its SHA-1 and
// SHA-224/256 are scalar; Hashdrop's own PCLMULQDQ and SHA-NI cores take over
// on CPUs that have them. On the others the standard library's 386 code
// stays: its SHA assembly is faster than Hashdrop's portable Go.
var own = []string{"crc32", "sha1", "sha256"}

var (
	newCRC32  = pick("crc32", func() hash.Hash { return hdcrc32.New() }, func() hash.Hash { return crc32.NewIEEE() })
	newSHA1   = pick("sha1", hdsha1.New, sha1.New)
	newSHA224 = pick("sha256", hdsha256.New224, sha256.New224)
	newSHA256 = pick("sha256", hdsha256.New, sha256.New)
	newMD5    = md5.New
)

// ownActive reports whether family runs one of Hashdrop's own cores rather
// than the standard library's.
func ownActive(family string) bool {
	return slices.Contains(own, family) && impl.Active(family) != impl.Generic
}

// ownCores lists Hashdrop's own cores of family that can run here, fastest
// first; the standard library's follows them.
func ownCores(family string) []string {
	if !slices.Contains(own, family) {
		return nil
	}
	return slices.DeleteFunc(impl.Available(family), func(c string) bool { return c == impl.Generic })
}
