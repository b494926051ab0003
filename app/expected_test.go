package app

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
)

// Digests of "abc", from the specifications and coreutils.
const (
	abcSHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	abcSHA512 = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
	abcMD5    = "900150983cd24fb0d6963f7d28e17f72"
	abcSHA1   = "a9993e364706816aba3e25717850c26c9cd0d89d"
	abcCRC32  = "352441c2"
	abcB64    = "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
	abcB64URL = "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
)

// vAlg returns the algorithm with id, failing the test run if there is none.
func vAlg(id string) *hashing.Algorithm {
	a, ok := hashing.Lookup(id)
	if !ok {
		panic("no algorithm " + id)
	}
	return a
}

// vAlgs maps ids to algorithms.
func vAlgs(ids ...string) []*hashing.Algorithm {
	out := make([]*hashing.Algorithm, len(ids))
	for i, id := range ids {
		out[i] = vAlg(id)
	}
	return out
}

// vSum is the digest of data with algorithm id.
func vSum(id string, data []byte) []byte {
	h := vAlg(id).New()
	h.Write(data)
	return h.Sum(nil)
}

func vHex(id string, data []byte) string { return hex.EncodeToString(vSum(id, data)) }

func ids(algs []*hashing.Algorithm) []string {
	out := make([]string, len(algs))
	for i, a := range algs {
		out[i] = a.ID
	}
	return out
}

func spaced(h string, group int, sep string) string {
	var parts []string
	for i := 0; i < len(h); i += group {
		parts = append(parts, h[i:min(i+group, len(h))])
	}
	return strings.Join(parts, sep)
}

func TestParseExpected(t *testing.T) {
	sha256Family := []string{"sha256", "sha3-256", "ripemd256"}
	tests := []struct {
		name, in string
		hex      string   // the digest expected
		cands    []string // candidate ids
		enc      string
		file     string // Name
	}{
		{"lowercase hex", abcSHA256, abcSHA256, sha256Family, "hex", ""},
		{"uppercase hex", strings.ToUpper(abcSHA256), abcSHA256, sha256Family, "hex", ""},
		{"spaces between groups", spaced(abcSHA256, 8, " "), abcSHA256, sha256Family, "hex", ""},
		{"colons", spaced(strings.ToUpper(abcSHA256), 2, ":"), abcSHA256, sha256Family, "hex", ""},
		{"dashes", spaced(abcSHA256, 4, "-"), abcSHA256, sha256Family, "hex", ""},
		{"0x", "0x" + abcSHA256, abcSHA256, sha256Family, "hex", ""},
		{"wrapped over lines", abcSHA512[:64] + "\n" + abcSHA512[64:], abcSHA512, []string{"sha512", "sha3-512", "whirlpool"}, "hex", ""},
		{"surrounding spaces and nbsp", " \u00a0" + abcSHA256 + "\u200b\n", abcSHA256, sha256Family, "hex", ""},
		{"backticks", "`" + abcSHA256 + "`", abcSHA256, sha256Family, "hex", ""},
		{"quotes", `"` + abcMD5 + `"`, abcMD5, []string{"md5", "ripemd128"}, "hex", ""},
		{"md5 length", abcMD5, abcMD5, []string{"md5", "ripemd128"}, "hex", ""},
		{"sha1 length", abcSHA1, abcSHA1, []string{"sha1", "ripemd160"}, "hex", ""},
		{"crc32", abcCRC32, abcCRC32, []string{"crc32"}, "hex", ""},
		{"crc32 uppercase", "352441C2", abcCRC32, []string{"crc32"}, "hex", ""},
		{"prefix sha256:", "sha256:" + abcSHA256, abcSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA256=", "SHA256=" + abcSHA256, abcSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA-256: with space", "SHA-256: " + abcSHA256, abcSHA256, []string{"sha256"}, "hex", ""},
		{"prefix with label word", "SHA-256 checksum: " + strings.ToUpper(abcSHA256), abcSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA2-256 and space", "SHA2-256 " + abcSHA256, abcSHA256, []string{"sha256"}, "hex", ""},
		{"prefix sha3-256:", "sha3-256:" + abcSHA256, abcSHA256, []string{"sha3-256"}, "hex", ""},
		{"prefix md5:", "MD5: " + abcMD5, abcMD5, []string{"md5"}, "hex", ""},
		{"prefix RMD160", "RMD160=" + abcSHA1, abcSHA1, []string{"ripemd160"}, "hex", ""},
		{"prefix and colon groups", "sha256: " + spaced(abcSHA256, 2, ":"), abcSHA256, []string{"sha256"}, "hex", ""},
		{"SRI", "sha256-" + abcB64, abcSHA256, []string{"sha256"}, "base64", ""},
		{"SRI sha512", "sha512-" + b64(abcSHA512), abcSHA512, []string{"sha512"}, "base64", ""},
		{"base64 standard", abcB64, abcSHA256, sha256Family, "base64", ""},
		{"base64 URL-safe unpadded", abcB64URL, abcSHA256, sha256Family, "base64", ""},
		{"prefixed base64", "SHA256=" + abcB64, abcSHA256, []string{"sha256"}, "base64", ""},
		{"GNU line", abcSHA256 + "  abc.txt", abcSHA256, sha256Family, "hex", "abc.txt"},
		{"GNU binary line", abcSHA256 + " *ubuntu 24.04.iso", abcSHA256, sha256Family, "hex", "ubuntu 24.04.iso"},
		{"GNU escaped line", `\` + abcMD5 + `  a\\b\nc`, abcMD5, []string{"md5", "ripemd128"}, "hex", "a\\b\nc"},
		{"GNU line named like hex", abcCRC32 + "  deadbeef", abcCRC32, []string{"crc32"}, "hex", "deadbeef"},
		{"BSD line", "SHA256 (abc.txt) = " + abcSHA256, abcSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"BSD SHA-256 tag", "SHA-256 (abc.txt) = " + abcSHA256, abcSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"OpenSSL line", "SHA2-256(abc.txt)= " + abcSHA256, abcSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"BSD line with CRLF", "MD5 (a b) = " + abcMD5 + "\r\n", abcMD5, []string{"md5"}, "hex", "a b"},
		{"hex that is also base64 stays hex", "ABCDEF0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789", "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789", sha256Family, "hex", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ParseExpected(tt.in)
			if err != nil {
				t.Fatalf("ParseExpected(%q): %v", tt.in, err)
			}
			if got := hex.EncodeToString(e.Sum); got != tt.hex {
				t.Errorf("sum %s, want %s", got, tt.hex)
			}
			if got := ids(e.Candidates); !slices.Equal(got, tt.cands) {
				t.Errorf("candidates %v, want %v", got, tt.cands)
			}
			if e.Encoding != tt.enc {
				t.Errorf("encoding %q, want %q", e.Encoding, tt.enc)
			}
			if e.Name != tt.file {
				t.Errorf("name %q, want %q", e.Name, tt.file)
			}
			if e.Tagged() != (len(tt.cands) == 1 && tt.cands[0] != "crc32") {
				t.Errorf("Tagged() = %v with tag %q", e.Tagged(), e.Tag)
			}
		})
	}
}

// b64 re-encodes hex as standard base64.
func b64(h string) string {
	b, _ := hex.DecodeString(h)
	return base64.StdEncoding.EncodeToString(b)
}

func TestParseExpectedRejects(t *testing.T) {
	tests := []struct {
		name, in string
		reason   []string // substrings of the reason
	}{
		{"empty", "  \n", []string{"nothing to compare"}},
		{"one digit missing", abcSHA256[:63], []string{"63 hex digits", "no algorithm has this length", "SHA-256, SHA3-256 and RIPEMD-256 have 64", "a digit may be missing"}},
		{"one digit repeated", abcMD5 + "7", []string{"33 hex digits", "a digit may be repeated"}},
		{"wrong length for the tag", "sha256:" + abcMD5, []string{"32 hex digits, but SHA-256 has 64"}},
		{"wrong length for the BSD tag", "SHA1 (x) = " + abcMD5, []string{"32 hex digits, but SHA-1 has 40"}},
		{"unsupported algorithm", "blake2b:" + abcSHA512, []string{"BLAKE2B is not an algorithm Hashdrop supports"}},
		{"unsupported BSD tag", "BLAKE2b (x) = " + abcSHA512, []string{"BLAKE2b is not an algorithm Hashdrop supports"}},
		{"words", "hello world", []string{"not a digest"}},
		{"spaced words that are base64 of 4 bytes (fuzz)", "00000 w", []string{"not a digest", `'w' is not a hex digit`}},
		{"not hex", "xyz" + abcSHA256[3:], []string{"not a digest", `'x' is not a hex digit`}},
		{"base64 of no algorithm's length", "aGVsbG8=", []string{"base64 of 5 bytes"}},
		{"GNU line with a short digest", abcSHA256[:62] + "  a.iso", []string{"62 hex digits"}},
		{"too long", strings.Repeat("a", maxDigestText+1), []string{"too long"}},
		{"not UTF-8", "\xff\xfe", []string{"not valid UTF-8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ParseExpected(tt.in)
			if err == nil {
				t.Fatalf("ParseExpected(%q) = %x %v, want an error", tt.in, e.Sum, ids(e.Candidates))
			}
			var de *DigestError
			if !errors.As(err, &de) {
				t.Fatalf("error %T, want *DigestError", err)
			}
			for _, want := range tt.reason {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("reason %q lacks %q", err.Error(), want)
				}
			}
		})
	}
}
