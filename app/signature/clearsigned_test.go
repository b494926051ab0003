package signature

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
)

// A clear-signed message's signed bytes are made from its Text as they are
// read, not kept as a second copy: they must be exactly go-crypto's.
func TestClearSignedBytesFromText(t *testing.T) {
	var sig bytes.Buffer
	w, _ := armor.Encode(&sig, "PGP SIGNATURE", nil)
	w.Write([]byte("not checked here"))
	w.Close()
	for _, text := range []string{
		"a",
		"e3b0  empty.iso\n9f86  test.iso",
		"- dash\n-- two\n\nx \t\ny\r\r\nz\r\nend",
		"\n\n\nlast",
		"trailing\n\n",
		strings.Repeat("0123456789abcdef  file.iso\n", 3000) + "x",
	} {
		var msg strings.Builder
		msg.WriteString("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n")
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "-") {
				msg.WriteString("- ")
			}
			msg.WriteString(l + "\n")
		}
		msg.Write(sig.Bytes())
		b, _ := clearsign.Decode([]byte(msg.String()))
		if b == nil {
			t.Fatalf("%q: not decoded", text)
		}
		got, err := io.ReadAll(&crlfReader{text: b.Plaintext})
		if err != nil || !bytes.Equal(got, b.Bytes) {
			t.Errorf("%.40q: made %q, go-crypto signs %q", text, got, b.Bytes)
		}
		if err := iotest.TestReader(&crlfReader{text: b.Plaintext}, b.Bytes); err != nil {
			t.Errorf("%.40q: %v", text, err)
		}
		if c := ReadClearSigned([]byte(msg.String())); c == nil || !bytes.Equal(c.Text, b.Plaintext) {
			t.Errorf("%.40q: ReadClearSigned's text differs", text)
		}
	}
}
