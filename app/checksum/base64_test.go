package checksum

import (
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// cksumBase64 are the base64 digests of the empty file "f" in coreutils'
// tests/cksum/cksum-base64.pl (commit 15925d0), with the tag cksum -a ALG
// --base64 writes them under.
var cksumBase64 = []struct{ id, tag, b64 string }{
	{"md5", "MD5", "1B2M2Y8AsgTpgAmY7PhCfg=="},
	{"sha1", "SHA1", "2jmj7l5rSw0yVb/vlWAYkK/YBwk="},
	{"sha224", "SHA224", "0UoCjCo6K8lHYQK7KII0xBWisB+CjqYqxbPkLw=="},
	{"sha256", "SHA256", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="},
	{"sha384", "SHA384", "OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb"},
	{"sha512", "SHA512", "z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="},
	{"blake2b", "BLAKE2b", "eGoC90IBWQPGxv2FJVLScpEvR0DhWEdhiobiF/cfVBnSXhAxr+5YUxOJZESTTrBLkDpoWxRIt1XVb3Aa/pvizg=="},
}

// TestBase64LinesAsCoreutils: each of cksum-base64.pl's lines is read (its
// chk- tests: OK), and the same line with one or both '=' taken off is not
// (chk-eq1-, chk-eq2-: "no properly formatted checksum lines found"), nor
// are URL-safe or non-canonical forms of it.
func TestBase64LinesAsCoreutils(t *testing.T) {
	for _, c := range cksumBase64 {
		t.Run(c.id, func(t *testing.T) {
			line := c.tag + " (f) = " + c.b64
			sf, err := Parse("CHECKSUMS", []byte(line+"\n"))
			if err != nil || len(sf.Entries) != 1 || len(sf.Problems) != 0 {
				t.Fatalf("%q: %v %+v", line, err, sf)
			}
			if got, want := hex.EncodeToString(sf.Entries[0].Sum), apptest.Hex(c.id, nil); got != want {
				t.Errorf("%q: sum %s, want %s", line, got, want)
			}
			// Each bad form, and whether another base64 than coreutils'
			// reads it (then the words say what is missing).
			bad := map[string]bool{}
			for trimmed := c.b64; strings.HasSuffix(trimmed, "="); {
				trimmed = trimmed[:len(trimmed)-1]
				bad[trimmed] = !strings.HasSuffix(trimmed, "=")
			}
			if strings.ContainsAny(c.b64, "+/") {
				bad[strings.NewReplacer("+", "-", "/", "_").Replace(c.b64)] = true
			}
			if n := strings.TrimRight(c.b64, "="); len(n) < len(c.b64) {
				// the last character with an unused bit set: 'g' -> 'h'
				last := strings.IndexByte(base64Alphabet, n[len(n)-1])
				bad[n[:len(n)-1]+string(base64Alphabet[last+1])+c.b64[len(n):]] = false
			}
			for b, otherBase64 := range bad {
				sf, err := Parse("CHECKSUMS", []byte(c.tag+" (f) = "+b+"\n"))
				if err != nil {
					continue // no line understood: the file is refused
				}
				if len(sf.Entries) != 0 || len(sf.Problems) != 1 {
					t.Errorf("%q read: %+v", b, sf.Entries)
					continue
				}
				if w := LineWords(sf.Problems[0]); otherBase64 && !strings.Contains(w, "padding") {
					t.Errorf("%q: %q", b, w)
				}
			}
		})
	}
}

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// TestBase64LineNul: cksum-base64.pl's "nul" case, three NUL bytes, is no
// checksum line.
func TestBase64LineNul(t *testing.T) {
	sf, err := Parse(filepath.Join("d", "CHECKSUMS"), []byte("\x00\x00\x00"))
	if err == nil && len(sf.Entries) != 0 {
		t.Fatalf("read %+v", sf.Entries)
	}
}

// A digest pasted on its own is still taken in any base64 (ParseExpected).
func TestPastedBase64StaysLenient(t *testing.T) {
	if _, err := ParseExpected("1B2M2Y8AsgTpgAmY7PhCfg"); err != nil {
		t.Fatal(err)
	}
}
