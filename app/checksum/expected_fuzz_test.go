package checksum

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// FuzzParseExpected: any text gives a digest or a *DigestError, never a
// panic; a digest always has candidates whose length it has, and reads the
// same when pasted again with its hex.
func FuzzParseExpected(f *testing.F) {
	for _, s := range []string{
		apptest.ABCSHA256, strings.ToUpper(apptest.ABCMD5), "0x" + apptest.ABCCRC32, spaced(apptest.ABCSHA256, 2, ":"), "sha256:" + apptest.ABCSHA256,
		"SHA-256 checksum: " + apptest.ABCSHA256, "sha256-" + apptest.ABCBase64, apptest.ABCBase64URL, apptest.ABCSHA256 + "  a.iso", `\` + apptest.ABCMD5 + `  a\nb`,
		"SHA2-256(x)= " + apptest.ABCSHA256, "MD5 (a (1)) = " + apptest.ABCMD5, "blake2b:" + apptest.ABCSHA512, "hello world", "`'\"", "sha256-", "=", ":",
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
		// The likeliest candidate alone first, then every other one.
		v := e.Judge(nil)
		if v.Outcome != Pending || len(v.Needs) != 1 || v.Needs[0] != e.Candidates[0] {
			t.Fatalf("%q: nothing computed gives %v needing %v, want %v alone", s, v.Outcome, v.Needs, e.Candidates[0])
		}
		other := bytes.Clone(e.Sum)
		other[0] ^= 1
		v = e.Judge([]app.Digest{{Algorithm: e.Candidates[0], Sum: other}})
		if want := e.Candidates[1:]; len(want) == 0 && v.Outcome != Mismatch || len(want) > 0 && (v.Outcome != Pending || !slices.Equal(v.Needs, want)) {
			t.Fatalf("%q: %v differs: %v needing %v, want the others %v", s, e.Candidates[0], v.Outcome, v.Needs, want)
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
