package signature

import (
	"bytes"
	"crypto/rand"
	"io"
	"testing"
	"time"

	"aead.dev/minisign"
)

// Item 5, minisign: a changed trusted comment, and another key's
// signature under the trusted key's id, each say so, and a changed file
// still says it was changed; legacy and pre-hashed signatures alike.
func TestMinisignReasons(t *testing.T) {
	pub, priv, err := minisign.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, other, _ := minisign.GenerateKey(rand.Reader)
	line, _ := pub.MarshalText()
	var r Keyring
	r.Add(readKey(t, line, Imported)) // with its comment line

	prehashed := func(k minisign.PrivateKey) []byte {
		mr := minisign.NewReader(bytes.NewReader(sums))
		io.Copy(io.Discard, mr)
		return mr.Sign(k)
	}
	edit := func(sig []byte, change func(*minisign.Signature)) []byte {
		var s minisign.Signature
		if err := s.UnmarshalText(sig); err != nil {
			t.Fatal(err)
		}
		change(&s)
		text, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	for _, mode := range []struct {
		name string
		sign func(minisign.PrivateKey) []byte
	}{{"legacy", func(k minisign.PrivateKey) []byte { return minisign.Sign(k, sums) }}, {"pre-hashed", prehashed}} {
		good := mode.sign(priv)
		cases := []struct {
			name   string
			sig    []byte
			signed []byte
			kind   Kind
			reason Reason
		}{
			{"genuine", good, sums, GenuineUser, Changed},
			{"file changed", good, append(bytes.Clone(sums), 'x'), Bad, Changed},
			{"comment changed", edit(good, func(s *minisign.Signature) { s.TrustedComment += "\tfile:other.iso" }), sums, Bad, CommentChanged},
			{"key id forged", edit(mode.sign(other), func(s *minisign.Signature) { s.KeyID = pub.ID() }), sums, Bad, OtherKey},
		}
		for _, tc := range cases {
			rs, err := r.VerifyAt(bytes.NewReader(tc.signed), tc.sig, time.Now())
			if err != nil || len(rs) != 1 || rs[0].Kind != tc.kind || rs[0].Reason != tc.reason {
				t.Errorf("%s, %s: %+v, %v; want %v, %v", mode.name, tc.name, rs, err, tc.kind, tc.reason)
			}
		}
	}
}
