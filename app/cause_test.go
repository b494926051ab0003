package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The words of app's errors are English; their values let a window say the
// same in another language.
func TestDigestErrorValues(t *testing.T) {
	sha256 := vAlg("sha256")
	for _, tc := range []struct {
		text string
		want DigestError
	}{
		{"sha256:" + strings.Repeat("a", 63), DigestError{Kind: DigestWrongLength, Encoding: "hex", Length: 63, Algorithm: sha256}},
		{strings.Repeat("a", 63), DigestError{Kind: DigestNoLength, Encoding: "hex", Length: 63, Nearest: 64}},
		{strings.Repeat("a", 200), DigestError{Kind: DigestNoLength, Encoding: "hex", Length: 200}},
		{"hello world", DigestError{Kind: DigestNotDigest, Char: 'h'}},
		{"blake2b:" + strings.Repeat("ab", 64), DigestError{Kind: DigestUnsupported, Label: "BLAKE2B"}},
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

func TestCauseOf(t *testing.T) {
	dir := t.TempDir()
	_, notExist := os.Open(filepath.Join(dir, "nope"))
	for _, tc := range []struct {
		err  error
		want Cause
	}{
		{nil, CauseOther},
		{notExist, CauseNotExist},
		{fileError("x", notExist), CauseNotExist},
		{&os.PathError{Op: "open", Path: "x", Err: os.ErrPermission}, CausePermission},
		{fileError("x", syscall.EIO), CauseIO},
		{&FileError{Name: "x", Kind: CauseFolder, Err: syscall.EISDIR}, CauseFolder},
		{fileError("x", ErrChanged), CauseChanged},
		{fileError("x", context.Canceled), CauseCancelled},
		{&SumsError{Path: "x", Kind: CauseTooLarge}, CauseTooLarge},
		{&SumsError{Path: "x", Err: notExist}, CauseNotExist},
		{fmt.Errorf("wrapped: %w", &SumsError{Kind: CauseNoEntries, Err: ErrNoEntries}), CauseNoEntries},
		{errors.New("something else"), CauseOther},
	} {
		if got := CauseOf(tc.err); got != tc.want {
			t.Errorf("CauseOf(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

func TestSumsErrorKinds(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadSumsFile(dir); CauseOf(err) != CauseFolder {
		t.Errorf("a folder: %v (%v)", err, CauseOf(err))
	}
	bin := filepath.Join(dir, "SHA256SUMS")
	os.WriteFile(bin, []byte("ab\x00cd"), 0o644)
	if _, err := ReadSumsFile(bin); CauseOf(err) != CauseNotText {
		t.Errorf("binary: %v (%v)", err, CauseOf(err))
	}
	if _, err := ReadSumsFile(filepath.Join(dir, "gone")); CauseOf(err) != CauseNotExist {
		t.Errorf("missing: %v (%v)", err, CauseOf(err))
	}
	empty := filepath.Join(dir, "notes.txt")
	os.WriteFile(empty, []byte("hello\n"), 0o644)
	sf, err := ReadSumsFile(empty)
	if err != nil {
		t.Fatal(err)
	}
	if err := sf.Usable(); CauseOf(err) != CauseNoEntries {
		t.Errorf("no entries: %v (%v)", err, CauseOf(err))
	}
}

func TestLineProblemKinds(t *testing.T) {
	text := strings.Join([]string{
		"hello there",                                   // not a checksum line
		strings.Repeat("a", 63) + "  x.iso",             // bad digest, the name says SHA-256
		"SHA256 (y.iso) = zz" + strings.Repeat("a", 62), // not hex
		"-----BEGIN PGP PUBLIC KEY BLOCK-----",
	}, "\n")
	sf, err := ParseSums("dl/SHA256SUMS", []byte(text))
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
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + abcSHA256 + "  a.iso\n"
	sf, _ = ParseSums("SHA256SUMS", []byte(signed))
	if len(sf.Problems) != 1 || sf.Problems[0].Kind != LineNoSignature {
		t.Errorf("cut short: %+v", sf.Problems)
	}
}
