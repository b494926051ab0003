//go:build !purego

package hashing

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"hash"
	"hash/crc32"
	"slices"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	hdmd5 "github.com/hashdrop/hashdrop/hashing/md5"
	hdsha1 "github.com/hashdrop/hashdrop/hashing/sha1"
)

// On amd64 the standard library serves CRC32 and SHA-224/256 with its own
// hardware kernels, and SHA-1 on AMD CPUs. Its SHA-1 runs the same chain of
// SHA1RNDS4 as Hashdrop's sha-ni core, whose order of the schedule's
// instructions around that chain came from a search on Intel's Sapphire
// Rapids: there it ran 1.022 times as fast as crypto/sha1's (in turns, 16 KiB
// at a time), level with OpenSSL's and RHash's, which crypto/sha1 trails by
// 2.5 %. On Zen 3 the 32-bit loop this one grew from ran at the chain's bound,
// and crypto/sha1 is level with the peers on Zen 4. On an AMD Zen 5 (issue
// 41) the order from Intel ran at 0.996-0.998 times crypto/sha1's speed, in
// turns, and both within 1 % of the chain's bound of 121 cycles a block (20
// SHA1RNDS4 of 6 cycles, and the feed-forward), level with OpenSSL's: so
// crypto/sha1 keeps SHA-1 on AMD CPUs.
//
// The standard library's MD5 runs at the bound of MD5's chain for scalar code
// (289 cycles a block on Zen 3, Hashdrop's bmi1 core 288; hashing/_asm/md5
// says why nothing scalar goes lower), so Hashdrop's MD5 takes over only with
// a core that shortens the chain: avx512, whose VPTERNLOGD computes F and I in
// one instruction, a step in four 1-cycle operations. That holds on Intel's
// cores: on Sapphire Rapids the avx512 core ran 1.13 times as fast as
// crypto/md5 (1016 against 900 MB/s, in turns) and 1.19 times OpenSSL's and
// RHash's speed. AMD's Zen 4 takes 2 cycles for VPROLD (measured), so there
// the step takes five and the block about 320 cycles, slower than the scalar
// code, and crypto/md5 keeps MD5 on AMD CPUs.
var takeover = map[string][]string{"md5": md5Takeover(), "sha1": sha1Takeover()}

func sha1Takeover() []string {
	if cpuid.CPU.VendorID == cpuid.AMD {
		return nil
	}
	return []string{"sha-ni"}
}

func md5Takeover() []string {
	if cpuid.CPU.VendorID == cpuid.AMD {
		return nil
	}
	return []string{"avx512"}
}

var (
	newCRC32  = func() hash.Hash { return crc32.NewIEEE() }
	newMD5    = pick("md5", hdmd5.New, md5.New)
	newSHA1   = pick("sha1", hdsha1.New, sha1.New)
	newSHA224 = sha256.New224
	newSHA256 = sha256.New
)

// ownActive reports whether family runs one of Hashdrop's own cores rather
// than the standard library's.
func ownActive(family string) bool {
	return slices.Contains(takeover[family], impl.Active(family))
}

// ownCores lists the cores of family that take over from the standard
// library and can run here, fastest first.
func ownCores(family string) []string {
	return slices.DeleteFunc(impl.Available(family), func(c string) bool { return !slices.Contains(takeover[family], c) })
}
