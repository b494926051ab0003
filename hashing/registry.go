// Package hashing is Hashdrop's algorithm library: a registry of the
// algorithms, each with the core (assembly kernel or portable Go) it uses on
// this CPU.
package hashing

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	stdsha512 "crypto/sha512"
	"fmt"
	"hash"
	"slices"
	"strings"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing/blake2b"
	"github.com/hashdrop/hashdrop/hashing/blake3"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/hashdrop/hashdrop/hashing/ripemd"
	"github.com/hashdrop/hashdrop/hashing/sha3"
	"github.com/hashdrop/hashdrop/hashing/sha512"
	"github.com/hashdrop/hashdrop/hashing/whirlpool"
	"github.com/hashdrop/hashdrop/hashing/xxh3"
	"github.com/hashdrop/hashdrop/hashing/xxh32"
	"github.com/hashdrop/hashdrop/hashing/xxh64"
)

// Algorithm describes one hash function.
type Algorithm struct {
	ID        string   // "sha256": stable, lowercase, used on the command line
	Name      string   // "SHA-256": for people
	Tag       string   // "SHA256": the tag of BSD-style lines
	Aliases   []string // other spellings accepted by Lookup
	Size      int      // digest size in bytes
	BlockSize int      // input block size in bytes
	New       func() hash.Hash
	// Parallel, when not nil, returns a hash of the same digests whose
	// large writes are hashed on the given number of goroutines (BLAKE3,
	// a tree): the pipeline may give such a unit more than one core.
	Parallel func(workers int) hash.Hash

	family string // the impl family whose core this algorithm runs on
}

// Bits is the digest size in bits.
func (a *Algorithm) Bits() int { return a.Size * 8 }

// HexLen is the length of the digest in hex digits.
func (a *Algorithm) HexLen() int { return a.Size * 2 }

// Core names the implementation in use on this CPU ("sha-ni", "avx2", "generic", ...).
func (a *Algorithm) Core() string {
	if ownActive(a.family) {
		return impl.Active(a.family)
	}
	if c, ok := stdCore[a.family]; ok {
		return c.name
	}
	return impl.Active(a.family)
}

// CoreNeeds lists the CPU features the core in use needs (none for portable
// code or code any CPU of this architecture runs): as its family registered
// them, or, for the standard library's, as the conditions it is inferred
// from say.
func (a *Algorithm) CoreNeeds() []cpuid.FeatureID {
	if c, ok := stdCore[a.family]; ok && !ownActive(a.family) {
		return slices.Clone(c.needs)
	}
	return impl.Needs(a.family, impl.Active(a.family))
}

// CoreInferred reports whether Core names a core of the Go standard
// library, which does not say which one it runs: the name is inferred from
// the CPU conditions the library is known to test (stdcore_amd64.go) and
// may be wrong after a Go release changes them. The command line and the
// About view say so.
func (a *Algorithm) CoreInferred() bool {
	if ownActive(a.family) {
		return false
	}
	_, ok := stdCore[a.family]
	return ok
}

// Cores lists the implementations that can run on this CPU, fastest first.
// For algorithms served by the Go standard library it is the one it uses,
// after Hashdrop's own cores where those take over on this architecture;
// when one of them has the same name (sha-ni), the library's is "std-" that.
func (a *Algorithm) Cores() []string {
	if c, ok := stdCore[a.family]; ok {
		own := ownCores(a.family)
		name := c.name
		if slices.Contains(own, name) {
			name = "std-" + name
		}
		return append(own, name)
	}
	return impl.Available(a.family)
}

func (a *Algorithm) String() string { return a.Name }

var algorithms = []*Algorithm{
	{ID: "crc32", Name: "CRC32", Tag: "CRC32", Aliases: []string{"crc-32", "crc", "sfv"}, Size: 4, BlockSize: 1,
		New: newCRC32, family: "crc32"},
	{ID: "md5", Name: "MD5", Tag: "MD5", Size: md5.Size, BlockSize: md5.BlockSize,
		New: newMD5, family: "md5"},
	{ID: "sha1", Name: "SHA-1", Tag: "SHA1", Size: sha1.Size, BlockSize: sha1.BlockSize,
		New: newSHA1, family: "sha1"},
	{ID: "sha224", Name: "SHA-224", Tag: "SHA224", Aliases: []string{"sha2-224"}, Size: sha256.Size224, BlockSize: sha256.BlockSize,
		New: newSHA224, family: "sha256"},
	{ID: "sha256", Name: "SHA-256", Tag: "SHA256", Aliases: []string{"sha2-256", "sha2"}, Size: sha256.Size, BlockSize: sha256.BlockSize,
		New: newSHA256, family: "sha256"},
	{ID: "sha384", Name: "SHA-384", Tag: "SHA384", Aliases: []string{"sha2-384"}, Size: sha512.Size384, BlockSize: sha512.BlockSize,
		New: ownOrStd("sha512", sha512.New384, stdsha512.New384), family: "sha512"},
	{ID: "sha512", Name: "SHA-512", Tag: "SHA512", Aliases: []string{"sha2-512"}, Size: sha512.Size, BlockSize: sha512.BlockSize,
		New: ownOrStd("sha512", sha512.New, stdsha512.New), family: "sha512"},
	{ID: "sha3-224", Name: "SHA3-224", Tag: "SHA3-224", Size: sha3.Size224, BlockSize: sha3.BlockSize224,
		New: sha3.New224, family: "sha3"},
	{ID: "sha3-256", Name: "SHA3-256", Tag: "SHA3-256", Aliases: []string{"sha3"}, Size: sha3.Size256, BlockSize: sha3.BlockSize256,
		New: sha3.New256, family: "sha3"},
	{ID: "sha3-384", Name: "SHA3-384", Tag: "SHA3-384", Size: sha3.Size384, BlockSize: sha3.BlockSize384,
		New: sha3.New384, family: "sha3"},
	{ID: "sha3-512", Name: "SHA3-512", Tag: "SHA3-512", Size: sha3.Size512, BlockSize: sha3.BlockSize512,
		New: sha3.New512, family: "sha3"},
	{ID: "ripemd128", Name: "RIPEMD-128", Tag: "RIPEMD128", Aliases: []string{"rmd128"}, Size: ripemd.Size128, BlockSize: ripemd.BlockSize,
		New: ripemd.New128, family: "ripemd"},
	{ID: "ripemd160", Name: "RIPEMD-160", Tag: "RIPEMD160", Aliases: []string{"rmd160", "ripemd"}, Size: ripemd.Size160, BlockSize: ripemd.BlockSize,
		New: ripemd.New160, family: "ripemd"},
	{ID: "ripemd256", Name: "RIPEMD-256", Tag: "RIPEMD256", Aliases: []string{"rmd256"}, Size: ripemd.Size256, BlockSize: ripemd.BlockSize,
		New: ripemd.New256, family: "ripemd"},
	{ID: "ripemd320", Name: "RIPEMD-320", Tag: "RIPEMD320", Aliases: []string{"rmd320"}, Size: ripemd.Size320, BlockSize: ripemd.BlockSize,
		New: ripemd.New320, family: "ripemd"},
	{ID: "whirlpool", Name: "Whirlpool", Tag: "WHIRLPOOL", Aliases: []string{"wp"}, Size: whirlpool.Size, BlockSize: whirlpool.BlockSize,
		New: whirlpool.New, family: "whirlpool"},
	// The tags are what b2sum --tag, b3sum and xxhsum --tag write; b2sum -l
	// 256 writes BLAKE2b-256.
	{ID: "blake2b", Name: "BLAKE2b-512", Tag: "BLAKE2b", Aliases: []string{"b2", "blake2", "blake2b-512", "b2sum"}, Size: blake2b.Size, BlockSize: blake2b.BlockSize,
		New: blake2b.New512, family: "blake2b"},
	{ID: "blake2b-256", Name: "BLAKE2b-256", Tag: "BLAKE2b-256", Aliases: []string{"b2-256"}, Size: blake2b.Size256, BlockSize: blake2b.BlockSize,
		New: blake2b.New256, family: "blake2b"},
	{ID: "blake3", Name: "BLAKE3", Tag: "BLAKE3", Aliases: []string{"b3", "blake3-256", "b3sum"}, Size: blake3.Size, BlockSize: blake3.BlockSize,
		New: blake3.New, Parallel: blake3.NewParallel, family: "blake3"},
	// xxhsum -H0 writes XXH32; xxh32sum is its name for it.
	{ID: "xxh32", Name: "XXH32", Tag: "XXH32", Aliases: []string{"xxhash32", "xxhash-32", "xxh32sum"}, Size: xxh32.Size, BlockSize: xxh32.BlockSize,
		New: func() hash.Hash { return xxh32.New() }, family: "xxh32"},
	{ID: "xxh64", Name: "XXH64", Tag: "XXH64", Aliases: []string{"xxhash64", "xxhash-64"}, Size: xxh64.Size, BlockSize: xxh64.BlockSize,
		New: xxh64.New, family: "xxh64"},
	{ID: "xxh3", Name: "XXH3-64", Tag: "XXH3", Aliases: []string{"XXH3_64bits", "xxh3-64", "xxh3_64"}, Size: xxh3.Size, BlockSize: xxh3.BlockSize,
		New: xxh3.New, family: "xxh3"},
	{ID: "xxh128", Name: "XXH3-128", Tag: "XXH128", Aliases: []string{"XXH3_128bits", "xxh3-128", "xxh3_128"}, Size: xxh3.Size128, BlockSize: xxh3.BlockSize,
		New: xxh3.New128, family: "xxh3"},
}

// ownOrStd picks Hashdrop's own constructor for family, or the standard
// library's where stdCore says the library serves it on this architecture
// (SHA-384/512: ours on amd64 and 386, the library's SHA-512 instructions on
// arm64).
func ownOrStd(family string, own, std func() hash.Hash) func() hash.Hash {
	if _, ok := stdCore[family]; ok {
		return std
	}
	return own
}

// All returns every algorithm in a fixed order: CRC32, MD5, SHA-1, the SHA-2
// family, SHA-3, RIPEMD, Whirlpool, BLAKE2b, BLAKE3, the xxHash family (the
// order results are printed in).
func All() []*Algorithm { return slices.Clone(algorithms) }

// fold reduces a name to the letters and digits that identify it, so that
// "SHA-256", "sha_256", "Sha256" and "SHA 256" all read the same.
func fold(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var byName = func() map[string]*Algorithm {
	m := make(map[string]*Algorithm)
	for _, a := range algorithms {
		for _, n := range append([]string{a.ID, a.Name, a.Tag}, a.Aliases...) {
			m[fold(n)] = a
		}
	}
	return m
}()

// Lookup finds an algorithm by id, display name, tag or alias, in any case and
// with or without separators ("SHA-256", "sha2_256", "RMD160", "CRC-32").
func Lookup(name string) (*Algorithm, bool) {
	if f := fold(name); f != "" {
		a, ok := byName[f]
		return a, ok
	}
	return nil, false
}

// IDs returns the ids of every algorithm, for messages listing the valid names.
func IDs() []string {
	ids := make([]string, len(algorithms))
	for i, a := range algorithms {
		ids[i] = a.ID
	}
	return ids
}

// ParseList reads a comma-separated list of names (or "all") into algorithms in
// table order, without duplicates.
func ParseList(list string) ([]*Algorithm, error) {
	var chosen []*Algorithm
	for _, name := range strings.Split(list, ",") {
		if strings.TrimSpace(name) == "" {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "all") {
			return All(), nil
		}
		a, ok := Lookup(name)
		if !ok {
			return nil, fmt.Errorf("unknown algorithm %q (valid: %s, or all)", strings.TrimSpace(name), strings.Join(IDs(), ", "))
		}
		if !slices.Contains(chosen, a) {
			chosen = append(chosen, a)
		}
	}
	if len(chosen) == 0 {
		return nil, fmt.Errorf("no algorithm given (valid: %s, or all)", strings.Join(IDs(), ", "))
	}
	slices.SortFunc(chosen, func(x, y *Algorithm) int { return index(x) - index(y) })
	return chosen, nil
}

func index(a *Algorithm) int { return slices.Index(algorithms, a) }

// BySize returns the algorithms whose digest is n bytes long, in table order:
// a digest's length alone is ambiguous (32 bytes: SHA-256, SHA3-256 or RIPEMD-256).
func BySize(n int) []*Algorithm {
	var out []*Algorithm
	for _, a := range algorithms {
		if a.Size == n {
			out = append(out, a)
		}
	}
	return out
}
