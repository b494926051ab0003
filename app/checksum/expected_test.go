package checksum

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

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
	sha256Family := []string{"sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3"}
	tests := []struct {
		name, in string
		hex      string   // the digest expected
		cands    []string // candidate ids
		enc      string
		file     string // Name
	}{
		{"lowercase hex", apptest.ABCSHA256, apptest.ABCSHA256, sha256Family, "hex", ""},
		{"uppercase hex", strings.ToUpper(apptest.ABCSHA256), apptest.ABCSHA256, sha256Family, "hex", ""},
		{"spaces between groups", spaced(apptest.ABCSHA256, 8, " "), apptest.ABCSHA256, sha256Family, "hex", ""},
		{"colons", spaced(strings.ToUpper(apptest.ABCSHA256), 2, ":"), apptest.ABCSHA256, sha256Family, "hex", ""},
		{"dashes", spaced(apptest.ABCSHA256, 4, "-"), apptest.ABCSHA256, sha256Family, "hex", ""},
		{"0x", "0x" + apptest.ABCSHA256, apptest.ABCSHA256, sha256Family, "hex", ""},
		{"wrapped over lines", apptest.ABCSHA512[:64] + "\n" + apptest.ABCSHA512[64:], apptest.ABCSHA512, []string{"sha512", "sha3-512", "whirlpool", "blake2b"}, "hex", ""},
		{"surrounding spaces and nbsp", " \u00a0" + apptest.ABCSHA256 + "\u200b\n", apptest.ABCSHA256, sha256Family, "hex", ""},
		{"backticks", "`" + apptest.ABCSHA256 + "`", apptest.ABCSHA256, sha256Family, "hex", ""},
		{"quotes", `"` + apptest.ABCMD5 + `"`, apptest.ABCMD5, []string{"md5", "ripemd128", "xxh128"}, "hex", ""},
		{"md5 length", apptest.ABCMD5, apptest.ABCMD5, []string{"md5", "ripemd128", "xxh128"}, "hex", ""},
		{"sha1 length", apptest.ABCSHA1, apptest.ABCSHA1, []string{"sha1", "ripemd160"}, "hex", ""},
		{"crc32", apptest.ABCCRC32, apptest.ABCCRC32, []string{"crc32", "xxh32"}, "hex", ""},
		{"crc32 uppercase", "352441C2", apptest.ABCCRC32, []string{"crc32", "xxh32"}, "hex", ""},
		{"prefix sha256:", "sha256:" + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA256=", "SHA256=" + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA-256: with space", "SHA-256: " + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"prefix with label word", "SHA-256 checksum: " + strings.ToUpper(apptest.ABCSHA256), apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"prefix SHA2-256 and space", "SHA2-256 " + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"prefix sha3-256:", "sha3-256:" + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha3-256"}, "hex", ""},
		{"prefix md5:", "MD5: " + apptest.ABCMD5, apptest.ABCMD5, []string{"md5"}, "hex", ""},
		{"prefix RMD160", "RMD160=" + apptest.ABCSHA1, apptest.ABCSHA1, []string{"ripemd160"}, "hex", ""},
		{"prefix and colon groups", "sha256: " + spaced(apptest.ABCSHA256, 2, ":"), apptest.ABCSHA256, []string{"sha256"}, "hex", ""},
		{"SRI", "sha256-" + apptest.ABCBase64, apptest.ABCSHA256, []string{"sha256"}, "base64", ""},
		{"SRI sha512", "sha512-" + b64(apptest.ABCSHA512), apptest.ABCSHA512, []string{"sha512"}, "base64", ""},
		{"base64 standard", apptest.ABCBase64, apptest.ABCSHA256, sha256Family, "base64", ""},
		{"base64 URL-safe unpadded", apptest.ABCBase64URL, apptest.ABCSHA256, sha256Family, "base64", ""},
		{"prefixed base64", "SHA256=" + apptest.ABCBase64, apptest.ABCSHA256, []string{"sha256"}, "base64", ""},
		{"GNU line", apptest.ABCSHA256 + "  abc.txt", apptest.ABCSHA256, sha256Family, "hex", "abc.txt"},
		{"GNU binary line", apptest.ABCSHA256 + " *ubuntu 24.04.iso", apptest.ABCSHA256, sha256Family, "hex", "ubuntu 24.04.iso"},
		{"GNU escaped line", `\` + apptest.ABCMD5 + `  a\\b\nc`, apptest.ABCMD5, []string{"md5", "ripemd128", "xxh128"}, "hex", "a\\b\nc"},
		{"GNU line named like hex", apptest.ABCCRC32 + "  deadbeef", apptest.ABCCRC32, []string{"crc32", "xxh32"}, "hex", "deadbeef"},
		{"BSD line", "SHA256 (abc.txt) = " + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"BSD SHA-256 tag", "SHA-256 (abc.txt) = " + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"OpenSSL line", "SHA2-256(abc.txt)= " + apptest.ABCSHA256, apptest.ABCSHA256, []string{"sha256"}, "hex", "abc.txt"},
		{"BSD line with CRLF", "MD5 (a b) = " + apptest.ABCMD5 + "\r\n", apptest.ABCMD5, []string{"md5"}, "hex", "a b"},
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
		{"one digit missing", apptest.ABCSHA256[:63], []string{"63 hex digits", "no algorithm has this length", "SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 and BLAKE3 have 64", "a digit may be missing"}},
		{"one digit repeated", apptest.ABCMD5 + "7", []string{"33 hex digits", "a digit may be repeated"}},
		{"wrong length for the tag", "sha256:" + apptest.ABCMD5, []string{"32 hex digits, but SHA-256 has 64"}},
		{"wrong length for the BSD tag", "SHA1 (x) = " + apptest.ABCMD5, []string{"32 hex digits, but SHA-1 has 40"}},
		{"unsupported algorithm", "blake2s:" + apptest.ABCSHA256, []string{"BLAKE2S is not an algorithm Hashdrop supports"}},
		{"unsupported BSD tag", "BLAKE2s (x) = " + apptest.ABCSHA256, []string{"BLAKE2s is not an algorithm Hashdrop supports"}},
		{"words", "hello world", []string{"not a digest"}},
		{"spaced words that are base64 of 4 bytes (fuzz)", "00000 w", []string{"not a digest", `'w' is not a hex digit`}},
		{"not hex", "xyz" + apptest.ABCSHA256[3:], []string{"not a digest", `'x' is not a hex digit`}},
		{"base64 of no algorithm's length", "aGVsbG8=", []string{"base64 of 5 bytes"}},
		{"GNU line with a short digest", apptest.ABCSHA256[:62] + "  a.iso", []string{"62 hex digits"}},
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

// stripHexSeparators' shortcut for text with nothing to strip gives what
// stripping each separator rune gives, for ASCII and the spaces beyond it.
func TestStripHexSeparatorsShortcut(t *testing.T) {
	slow := func(s string) string {
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			s = s[2:]
		}
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == ':' || r == '-' || r == '\u200b' {
				return -1
			}
			return r
		}, s)
	}
	inputs := []string{"", "ab", "0x", "0xab", "0XAB12", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"ba:78:16", "ba-78", "ba 78", "ba\t78", "ba\v78", "ba\f78", "ba\r78", "ba\n78", "ba\u00a078", "ba\u008578", "ba\u200b78",
		"ba\u300078", "été", "ba\x0878", "ba\x0e78", "x0ab"}
	for c := 0; c < 256; c++ {
		inputs = append(inputs, "ab"+string(rune(c))+"cd", "ab"+string([]byte{byte(c)})+"cd")
	}
	for _, s := range inputs {
		if got, want := stripHexSeparators(s), slow(s); got != want {
			t.Errorf("stripHexSeparators(%q) = %q, want %q", s, got, want)
		}
	}
}
