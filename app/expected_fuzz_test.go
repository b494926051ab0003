package app

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParseExpected: any text gives a digest or a *DigestError, never a
// panic; a digest always has candidates whose length it has, and reads the
// same when pasted again with its hex.
func FuzzParseExpected(f *testing.F) {
	for _, s := range []string{
		abcSHA256, strings.ToUpper(abcMD5), "0x" + abcCRC32, spaced(abcSHA256, 2, ":"), "sha256:" + abcSHA256,
		"SHA-256 checksum: " + abcSHA256, "sha256-" + abcB64, abcB64URL, abcSHA256 + "  a.iso", `\` + abcMD5 + `  a\nb`,
		"SHA2-256(x)= " + abcSHA256, "MD5 (a (1)) = " + abcMD5, "blake2b:" + abcSHA512, "hello world", "`'\"", "sha256-", "=", ":",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExpected(s)
		if err != nil {
			if _, ok := err.(*DigestError); !ok || err.Error() == "" {
				t.Fatalf("error %T %q", err, err)
			}
			if v := Judge(s, nil); v.Outcome != Unknown {
				t.Fatalf("%q is not a digest, yet judged %v", s, v.Outcome)
			}
			return
		}
		if len(e.Candidates) == 0 {
			t.Fatalf("%q: no candidates", s)
		}
		for _, a := range e.Candidates {
			if a.Size != len(e.Sum) {
				t.Fatalf("%q: %s candidate for %d bytes", s, a.ID, len(e.Sum))
			}
		}
		v := e.Judge(nil)
		if v.Outcome != Pending || len(v.Needs) != len(e.Candidates) {
			t.Fatalf("%q: nothing computed gives %v needing %v", s, v.Outcome, v.Needs)
		}
		again, err := ParseExpected(hexString(e.Sum))
		if err != nil || !bytes.Equal(again.Sum, e.Sum) {
			t.Fatalf("%q: hex of the digest reads %v %v", s, again, err)
		}
	})
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}
