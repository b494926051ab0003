package checksum

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// The words of app's errors are English; their values let a window say the
// same in another language.
func TestDigestErrorValues(t *testing.T) {
	sha256 := apptest.Alg("sha256")
	for _, tc := range []struct {
		text string
		want DigestError
	}{
		{"sha256:" + strings.Repeat("a", 63), DigestError{Kind: DigestWrongLength, Encoding: "hex", Length: 63, Algorithm: sha256}},
		{strings.Repeat("a", 63), DigestError{Kind: DigestNoLength, Encoding: "hex", Length: 63, Nearest: 64}},
		{strings.Repeat("a", 200), DigestError{Kind: DigestNoLength, Encoding: "hex", Length: 200}},
		{"hello world", DigestError{Kind: DigestNotDigest, Char: 'h'}},
		{"blake2s:" + strings.Repeat("ab", 32), DigestError{Kind: DigestUnsupported, Label: "BLAKE2S"}},
		{"sha256-AAAA", DigestError{Kind: DigestNoLength, Encoding: "base64", Length: 8}},
		{"sha256:" + "AAAAAAAAAAAAAAAAAAAAAA==", DigestError{Kind: DigestWrongLength, Encoding: "base64", Length: 16, Algorithm: sha256}},
		{"AAAAAAAAAAAAAAAAAAA=", DigestError{Kind: DigestNoLength, Encoding: "base64", Length: 14}},
		{"\xff\xfe", DigestError{Kind: DigestNotUTF8}},
		{strings.Repeat("a", maxDigestText+1), DigestError{Kind: DigestTooLong, Length: maxDigestText + 1}},
	} {
		_, err := ParseExpected(tc.text)
		var de *DigestError
		if !errors.As(err, &de) {
			t.Errorf("%.40q: error %v, want a DigestError", tc.text, err)
			continue
		}
		got := *de
		got.Text = ""
		if got != tc.want {
			t.Errorf("%.40q (%s):\n got %+v\nwant %+v", tc.text, de, got, tc.want)
		}
	}
}

func TestSumsErrorKinds(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(dir); app.CauseOf(err) != app.CauseFolder {
		t.Errorf("a folder: %v (%v)", err, app.CauseOf(err))
	}
	bin := filepath.Join(dir, "SHA256SUMS")
	os.WriteFile(bin, []byte("ab\x00cd"), 0o644)
	if _, err := ReadFile(bin); app.CauseOf(err) != app.CauseNotText {
		t.Errorf("binary: %v (%v)", err, app.CauseOf(err))
	}
	if _, err := ReadFile(filepath.Join(dir, "gone")); app.CauseOf(err) != app.CauseNotExist {
		t.Errorf("missing: %v (%v)", err, app.CauseOf(err))
	}
	empty := filepath.Join(dir, "notes.txt")
	os.WriteFile(empty, []byte("hello\n"), 0o644)
	sf, err := ReadFile(empty)
	if err != nil {
		t.Fatal(err)
	}
	if err := sf.Usable(); app.CauseOf(err) != app.CauseNoEntries {
		t.Errorf("no entries: %v (%v)", err, app.CauseOf(err))
	}
}

func TestLineProblemKinds(t *testing.T) {
	text := strings.Join([]string{
		"hello there",                                   // not a checksum line
		strings.Repeat("a", 63) + "  x.iso",             // bad digest, the name says SHA-256
		"SHA256 (y.iso) = zz" + strings.Repeat("a", 62), // not hex
		"-----BEGIN PGP PUBLIC KEY BLOCK-----",
	}, "\n")
	sf, err := Parse("dl/SHA256SUMS", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []LineTrouble{LineNotChecksum, LineBadDigest, LineBadDigest, LineUnexpectedPGP}
	if len(sf.Problems) != len(want) {
		t.Fatalf("problems %v", sf.Problems)
	}
	for i, p := range sf.Problems {
		if p.Kind != want[i] {
			t.Errorf("%s: kind %v, want %v", p, p.Kind, want[i])
		}
	}
	if p := sf.Problems[1]; p.Err == nil || p.Err.Kind != DigestWrongLength || p.Hint == nil || p.Hint.ID != "sha256" {
		t.Errorf("bad digest: %+v", p)
	}
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + apptest.ABCSHA256 + "  a.iso\n"
	sf, _ = Parse("SHA256SUMS", []byte(signed))
	if len(sf.Problems) != 1 || sf.Problems[0].Kind != LineNoSignature {
		t.Errorf("cut short: %+v", sf.Problems)
	}
}

// A checksum file's error tells its Cause through CauseOf, wrapped or not.
func TestCauseOfSumsError(t *testing.T) {
	_, notExist := os.Open(filepath.Join(t.TempDir(), "nope"))
	for _, tc := range []struct {
		err  error
		want app.Cause
	}{
		{&ReadError{Path: "x", Kind: app.CauseTooLarge}, app.CauseTooLarge},
		{&ReadError{Path: "x", Err: notExist}, app.CauseNotExist},
		{fmt.Errorf("wrapped: %w", &ReadError{Kind: app.CauseNoEntries, Err: errNoEntries}), app.CauseNoEntries},
	} {
		if got := app.CauseOf(tc.err); got != tc.want {
			t.Errorf("CauseOf(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
