package checksum

import (
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
)

// Every algorithm Hashdrop has is ranked, in strongestFirst's order, and
// an id the registry may gain later gets the documented default.
func TestStrengthOrder(t *testing.T) {
	var known []*hashing.Algorithm
	for _, id := range strongestFirst {
		a, ok := hashing.Lookup(id)
		if !ok {
			t.Fatalf("%s is ranked but not in the registry", id)
		}
		known = append(known, a)
	}
	for i := 1; i < len(known); i++ {
		if Strength(known[i-1]) <= Strength(known[i]) {
			t.Errorf("%s ranks %d, not above %s (%d)", known[i-1].ID, Strength(known[i-1]), known[i].ID, Strength(known[i]))
		}
	}
	at := func(id string) int { a, _ := hashing.Lookup(id); return Strength(a) }
	// Algorithms the registry does not have (yet) rank by their size.
	skein := &hashing.Algorithm{ID: "skein-512", Size: 64}
	k12 := &hashing.Algorithm{ID: "k12", Size: 32}
	xxh128 := &hashing.Algorithm{ID: "xxh3-128", Size: 16}
	xxh64 := &hashing.Algorithm{ID: "xxh64", Size: 8}
	for _, tc := range []struct {
		name         string
		above, below int
	}{
		{"an unknown 512-bit algorithm under RIPEMD-160", at("ripemd160"), Strength(skein)},
		{"an unknown 512-bit algorithm over SHA-1", Strength(skein), at("sha1")},
		{"unknown ones by size", Strength(skein), Strength(k12)},
		{"an unknown 256-bit algorithm over SHA-1", Strength(k12), at("sha1")},
		{"BLAKE2b-512 beside SHA-512, over SHA3-384", at("blake2b"), at("sha3-384")},
		{"BLAKE3 beside SHA-256, over Whirlpool", at("blake3"), at("whirlpool")},
		{"CRC32 and XXH* under RIPEMD-128", at("ripemd128"), Strength(xxh128)},
		{"XXH3-128 over XXH64", Strength(xxh128), Strength(xxh64)},
		{"XXH64 under RIPEMD-128", at("ripemd128"), Strength(xxh64)},
		{"MD5 over CRC32", at("md5"), at("crc32")},
	} {
		if tc.above <= tc.below {
			t.Errorf("%s: %d is not above %d", tc.name, tc.above, tc.below)
		}
	}
	for _, weak := range []string{"crc32", "md5", "sha1", "ripemd128"} {
		if a, _ := hashing.Lookup(weak); !isWeak(a) {
			t.Errorf("%s is not weak", weak)
		}
	}
	for _, strong := range []string{"ripemd160", "sha256", "whirlpool", "blake2b", "blake3"} {
		if a, _ := hashing.Lookup(strong); isWeak(a) {
			t.Errorf("%s is weak", strong)
		}
	}
	if isWeak(k12) || !isWeak(xxh128) {
		t.Error("an unknown cryptographic algorithm is not weak; a non-cryptographic one is")
	}
}
