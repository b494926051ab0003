package checksum

import (
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/hashing"
)

// strongestFirst is the one order of the algorithms as judges of a
// verdict, the strongest first: when several digests are published for a
// file, the strongest decides (Decide) and the window reads it first.
//
// By the security left against collisions: the 512-bit SHA-2 and SHA-3
// first, then the 384-bit, then the 256-bit ones (of one size, SHA-2 and
// SHA-3 are both far beyond reach; their order only breaks a tie).
// Whirlpool (512 bits) is sound but far less analysed, so it ranks below
// the 256-bit ones, above the 224-bit ones. RIPEMD-160 gives 80 bits
// against collisions, and RIPEMD-256/320 only double the output of
// RIPEMD-128/160, not their security. BLAKE2b-512 stands beside the 512-bit
// SHA-2 and SHA-3 and BLAKE3 and BLAKE2b-256 beside the 256-bit ones: the
// BLAKE family was a SHA-3 finalist, analysed as much, with the same margins
// for its size. SHA-1 and MD5 have practical
// collisions and RIPEMD-128 the smallest margins; CRC32 is no
// cryptographic hash at all.
var strongestFirst = []string{
	"sha512", "sha3-512", "blake2b", "sha3-384", "sha384", "sha3-256", "sha256", "blake3", "blake2b-256",
	"whirlpool", "sha3-224", "sha224",
	"ripemd320", "ripemd256", "ripemd160",
	// An unknown cryptographic algorithm ranks here (see Strength).
	"sha1", "md5", "ripemd128",
	"crc32", // then any other non-cryptographic checksum (see Strength)
}

// nonCryptographic are the prefixes of the ids of checksums made to catch
// accidents, not forgeries (XXH64, XXH3-64, XXH3-128, CRC32, Adler-32, ...).
var nonCryptographic = []string{"crc", "xxh", "adler", "fnv", "murmur", "city"}

// NonCryptographic reports whether a is a checksum made to catch accidents,
// not forgeries (CRC32, the XXH family): anyone can make a file with a given
// one, and none is ever published in base64.
func NonCryptographic(a *hashing.Algorithm) bool {
	return slices.ContainsFunc(nonCryptographic, func(p string) bool { return strings.HasPrefix(a.ID, p) })
}

// Strength ranks a as the judge of a verdict: of two digests published for
// a file, the one whose algorithm has the higher Strength decides. The
// algorithms Hashdrop knows rank in the order of strongestFirst. An
// algorithm not listed there (a registry that grew)
// is ranked, since Hashdrop cannot vouch for it, below every listed
// algorithm still held secure and above SHA-1, by its digest size; a
// non-cryptographic one (XXH*, CRC*, by its id) ranks below CRC32, the
// weakest listed, by its digest size.
func Strength(a *hashing.Algorithm) int {
	const step = 1 << 16 // room under each rank for ranking by size
	rank := func(id string) int { return (len(strongestFirst) - slices.Index(strongestFirst, id)) * step }
	switch {
	case slices.Contains(strongestFirst, a.ID):
		return rank(a.ID)
	case NonCryptographic(a):
		return a.Bits() - step // below CRC32's rank, by size
	}
	return rank("sha1") + a.Bits()
}

// strengthOf ranks a published digest: one that may be of several
// algorithms (64 digits: SHA-256, SHA3-256 or RIPEMD-256) ranks as the
// weakest of them, as it may turn out to be.
func strengthOf(e *ExpectedDigest) int {
	s := 0
	for i, a := range e.Candidates {
		if v := Strength(a); i == 0 || v < s {
			s = v
		}
	}
	return s
}

// Strongest orders pubs (a copy) so that the strongest digest comes first
// (strengthOf), keeping the order of those of equal strength: the first
// one decides (Decide).
func Strongest(pubs []Published) []Published {
	out := slices.Clone(pubs)
	slices.SortStableFunc(out, func(a, b Published) int { return strengthOf(b.Expected) - strengthOf(a.Expected) })
	return out
}
