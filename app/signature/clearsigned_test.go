package signature

import (
	"bytes"
	"fmt"
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

// sameAsGoCrypto reports how ReadClearSigned differs from go-crypto's
// clearsign.Decode on data, or "".
func sameAsGoCrypto(data []byte) string {
	c := ReadClearSigned(data)
	b, rest := clearsign.Decode(data)
	switch {
	case (c == nil) != (b == nil):
		return fmt.Sprintf("read: %v, go-crypto: %v", c != nil, b != nil)
	case c == nil:
		return ""
	case !bytes.Equal(c.Text, b.Plaintext):
		return fmt.Sprintf("text %.60q, go-crypto %.60q", c.Text, b.Plaintext)
	case !bytes.Equal(c.After, rest):
		return fmt.Sprintf("after %.60q, go-crypto %.60q", c.After, rest)
	}
	return ""
}

// ReadClearSigned reads clear-signed messages as go-crypto does, keeping
// one copy of the text at most (none when no line changes).
func TestClearSignedDecodesAsGoCrypto(t *testing.T) {
	f := fixture(t)
	signed := f.g.Sign(sums, f.ed, "--clearsign")
	var sig bytes.Buffer
	w, _ := armor.Encode(&sig, "PGP SIGNATURE", nil)
	w.Write([]byte("not checked here"))
	w.Close()
	msg := func(head, body string) []byte { return []byte(head + body + sig.String() + "after\n") }
	cases := [][]byte{
		signed,
		append([]byte("before\n"), signed...),
		[]byte(strings.ReplaceAll(string(signed), "\n", "\r\n")),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256, sha512\n\n", "- -dash\ntrail \t\n\n\r\nx\r\r\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\n\n", "a\nb\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\n \t\n", "a\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n", ""),
		msg("-----BEGIN PGP SIGNED MESSAGE----- \nHash: SHA256\n\n", "a\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\nHash: BLAKE\n\n", "a\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\nComment: x\n\n", "a\n"),
		msg("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n", "a\n-----BEGIN PGP SIGNATURE-----\n"),
		[]byte("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\na\n"),
		[]byte("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n"),
		[]byte("x-----BEGIN PGP SIGNED MESSAGE-----\n\na\n" + sig.String()),
	}
	for _, data := range cases {
		if d := sameAsGoCrypto(data); d != "" {
			t.Errorf("%.80q: %s", data, d)
		}
	}
	// No line changes: the text is the file's own bytes, not a copy, and
	// appending to it cannot write over the file.
	c := ReadClearSigned(signed)
	if c == nil || len(c.Text) == 0 || cap(c.Text) != len(c.Text) {
		t.Fatalf("%+v", c)
	}
	if i := bytes.Index(signed, c.Text); i < 0 || &signed[i] != &c.Text[0] {
		t.Error("the text of a message that needs no change was copied")
	}
}
