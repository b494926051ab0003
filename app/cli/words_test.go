package cli

import (
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/signature"
)

// A BAD signature is worded by its reason: only Changed says the signed
// bytes were changed, since for the others they may be as published.
func TestSignatureLineWordsReason(t *testing.T) {
	signer := signature.Signer{UserID: "Example Release <release@example.org>", Fingerprint: "0123456789ABCDEF0123456789ABCDEF01234567"}
	const changed = "was changed after it was signed"
	for _, tc := range []struct {
		kind   signature.Kind
		reason signature.Reason
		want   string
	}{
		{signature.Bad, signature.Changed, "BAD signature: the checksum file " + changed + " (key Example Release"},
		{signature.Bad, signature.NoBackSignature, "BAD signature: the key that signed is attached to the key Example Release <release@example.org> (0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567) without its own consent (no back-signature)"},
		{signature.Bad, signature.NotForSigning, "BAD signature: the key Example Release <release@example.org> (0123"},
		{signature.Bad, signature.CommentChanged, "BAD signature: the trusted comment of the signature by Example Release"},
		{signature.Bad, signature.OtherKey, "BAD signature: not made by the key it names (Example Release"},
		{signature.Bad, signature.NotOverFile, "BAD signature: a signature by Example Release"},
		{signature.Unreadable, signature.TooManySignatures, "UNREADABLE signature: the signature file holds more than 32 signatures"},
		{signature.Unreadable, signature.UnsupportedHash, "UNREADABLE signature: it uses a digest Hashdrop cannot compute"},
	} {
		line := signatureLine(signature.Result{Kind: tc.kind, Reason: tc.reason, Signer: signer}, "the checksum file")
		if !strings.HasPrefix(line, tc.want) {
			t.Errorf("%v %v:\n%q\nwant it to begin %q", tc.kind, tc.reason, line, tc.want)
		}
		if tc.reason != signature.Changed && strings.Contains(line, changed) {
			t.Errorf("%v %v says the file was changed: %q", tc.kind, tc.reason, line)
		}
	}
}
