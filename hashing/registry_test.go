package hashing

import (
	"encoding/hex"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// The digest of "abc" for every algorithm, from the specifications (FIPS 180-4
// and 202 examples, RFC 1321, the RIPEMD and Whirlpool authors' vectors, RFC
// 7693 for BLAKE2b-512; BLAKE2b-256, BLAKE3 and the xxHash family as b2sum
// -l 256, b3sum and xxhsum 0.8.1 print them).
var abc = map[string]string{
	"crc32":       "352441c2",
	"md5":         "900150983cd24fb0d6963f7d28e17f72",
	"sha1":        "a9993e364706816aba3e25717850c26c9cd0d89d",
	"sha224":      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
	"sha256":      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	"sha384":      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
	"sha512":      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	"sha3-224":    "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
	"sha3-256":    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
	"sha3-384":    "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25",
	"sha3-512":    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
	"ripemd128":   "c14a12199c66e4ba84636b0f69144c77",
	"ripemd160":   "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
	"ripemd256":   "afbd6e228b9d8cbbcef5ca2d03e6dba10ac0bc7dcbe4680e1e42d2e975459b65",
	"ripemd320":   "de4c01b3054f8930a79d09ae738e92301e5a17085beffdc1b8d116713e74f82fa942d64cdbc4682d",
	"whirlpool":   "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5",
	"blake2b":     "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
	"blake2b-256": "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319",
	"blake3":      "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85",
	"xxh32":       "32d153ff",
	"xxh64":       "44bc2cf5ad770999",
	"xxh3":        "78af5f94892f3950",
	"xxh128":      "06b05ab6733a618578af5f94892f3950",
}

func TestRegistryAnswers(t *testing.T) {
	if len(All()) != 23 {
		t.Fatalf("%d algorithms, want 23", len(All()))
	}
	for _, a := range All() {
		want, ok := abc[a.ID]
		if !ok {
			t.Errorf("%s: no known answer", a.ID)
			continue
		}
		h := a.New()
		h.Write([]byte("abc"))
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			t.Errorf("%s(abc) = %s, want %s", a.ID, got, want)
		}
		if h.Size() != a.Size || a.HexLen() != len(want) || a.Bits() != 4*len(want) {
			t.Errorf("%s: Size %d/%d, hex length %d, bits %d disagree with %d hex digits",
				a.ID, h.Size(), a.Size, a.HexLen(), a.Bits(), len(want))
		}
		if h.BlockSize() != a.BlockSize {
			t.Errorf("%s: BlockSize %d, registry says %d", a.ID, h.BlockSize(), a.BlockSize)
		}
		if a.Core() == "" || !slices.Contains(a.Cores(), a.Core()) {
			t.Errorf("%s: core %q not among %v", a.ID, a.Core(), a.Cores())
		}
	}
	crc, _ := Lookup("crc32")
	h := crc.New()
	h.Write([]byte("123456789"))
	if got := hex.EncodeToString(h.Sum(nil)); got != "cbf43926" {
		t.Errorf("CRC32(123456789) = %s, want cbf43926", got)
	}
}

func TestLookup(t *testing.T) {
	for name, id := range map[string]string{
		"sha256": "sha256", "SHA-256": "sha256", "sha2-256": "sha256", "SHA2_256": "sha256", "sha_256": "sha256",
		"Sha256": "sha256", " sha256 ": "sha256", "SHA3-256": "sha3-256", "sha3_512": "sha3-512",
		"RMD160": "ripemd160", "RIPEMD-160": "ripemd160", "ripemd_128": "ripemd128", "WHIRLPOOL": "whirlpool",
		"CRC-32": "crc32", "crc32": "crc32", "MD5": "md5", "sha-1": "sha1", "SHA1": "sha1", "sha-512": "sha512",
		"BLAKE2b": "blake2b", "b2": "blake2b", "blake2b-512": "blake2b", "BLAKE2b-256": "blake2b-256",
		"BLAKE3": "blake3", "b3": "blake3", "XXH3": "xxh3", "XXH3_64bits": "xxh3", "xxh128": "xxh128",
		"XXH3_128bits": "xxh128", "XXH128": "xxh128", "XXH64": "xxh64", "xxh3-128": "xxh128",
		"XXH32": "xxh32", "xxhash32": "xxh32", "xxh32sum": "xxh32",
	} {
		a, ok := Lookup(name)
		if !ok || a.ID != id {
			t.Errorf("Lookup(%q) = %v, %v; want %s", name, a, ok, id)
		}
	}
	for _, name := range []string{"", "sha", "sha255", "blake2s", "xxh31", "-", "all"} {
		if a, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %s, want not found", name, a.ID)
		}
	}
	// Every id, name, tag and alias finds its own algorithm and no other.
	seen := map[string]string{}
	for _, a := range All() {
		for _, n := range append([]string{a.ID, a.Name, a.Tag}, a.Aliases...) {
			if other, dup := seen[fold(n)]; dup && other != a.ID {
				t.Errorf("name %q is used by %s and %s", n, other, a.ID)
			}
			seen[fold(n)] = a.ID
			if b, ok := Lookup(n); !ok || b != a {
				t.Errorf("Lookup(%q) does not find %s", n, a.ID)
			}
		}
	}
}

func TestParseList(t *testing.T) {
	algs, err := ParseList("sha512, MD5,sha-256,md5")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range algs {
		ids = append(ids, a.ID)
	}
	if got := strings.Join(ids, ","); got != "md5,sha256,sha512" {
		t.Errorf("ParseList order = %s, want table order md5,sha256,sha512", got)
	}
	if all, err := ParseList("ALL"); err != nil || len(all) != 23 {
		t.Errorf("ParseList(ALL) = %d algorithms, %v", len(all), err)
	}
	for _, bad := range []string{"", ",", "sha256,nope"} {
		if _, err := ParseList(bad); err == nil || !strings.Contains(err.Error(), "sha3-256") {
			t.Errorf("ParseList(%q): error %v should list the valid names", bad, err)
		}
	}
}

func TestBySize(t *testing.T) {
	for n, want := range map[int]string{
		16: "md5,ripemd128,xxh128", 20: "sha1,ripemd160", 28: "sha224,sha3-224", 32: "sha256,sha3-256,ripemd256,blake2b-256,blake3",
		48: "sha384,sha3-384", 64: "sha512,sha3-512,whirlpool,blake2b", 40: "ripemd320", 4: "crc32,xxh32", 8: "xxh64,xxh3", 7: "",
	} {
		var ids []string
		for _, a := range BySize(n) {
			ids = append(ids, a.ID)
		}
		if got := strings.Join(ids, ","); got != want {
			t.Errorf("BySize(%d) = %s, want %s", n, got, want)
		}
	}
}

// pkgOf names the package of the hash a's New returns: whose core serves a.
func pkgOf(a *Algorithm) string { return reflect.TypeOf(a.New()).Elem().PkgPath() }

// The core in use runs on this CPU: it needs no feature the CPU lacks, and
// one that needs a feature names it.
func TestCoreNeedsAreThisCPUs(t *testing.T) {
	// A library's scalar core for any x86-64 CPU (cespare-amd64) and
	// portable Go faster than the generic twin (unrolled) need none.
	for _, a := range All() {
		needs := a.CoreNeeds()
		if !cpuid.CPU.Supports(needs...) {
			t.Errorf("%s: core %s needs %v, which this CPU does not all have", a.ID, a.Core(), needs)
		}
		if c := a.Core(); len(needs) == 0 && c != "generic" && c != "amd64" && c != "table" && c != "386" && c != "unrolled" && !strings.HasPrefix(c, "std-") && !strings.HasSuffix(c, "-amd64") {
			t.Errorf("%s: core %s needs no CPU feature", a.ID, c)
		}
	}
}
