package checksum

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/signature"
)

// rereadAll makes every checksum file of this test read again from the
// disk, in blocks of block bytes.
func rereadAll(t testing.TB, block int) {
	t.Helper()
	wasBlock, wasAbove := textBlock, rereadAbove
	textBlock, rereadAbove = block, -1
	t.Cleanup(func() { textBlock, rereadAbove = wasBlock, wasAbove })
}

// sameAsWhole fails unless the checksum file read again from path (sf)
// gives what parsing data whole does: entries (EntryAt and All), problems,
// counts.
func sameAsWhole(t *testing.T, sf *File, name string, data []byte) {
	t.Helper()
	whole, err := Parse(name, data)
	if err != nil {
		t.Fatalf("whole: %v", err)
	}
	if sf.fileText() == nil {
		t.Fatal("kept in memory, not read again")
	}
	if sf.EntryCount != len(whole.Entries) || sf.ProblemCount != len(whole.Problems) {
		t.Fatalf("%d entries and %d problems, want %d and %d", sf.EntryCount, sf.ProblemCount, len(whole.Entries), len(whole.Problems))
	}
	for i := range whole.Entries {
		if got := sf.EntryAt(i); !reflect.DeepEqual(got, whole.Entries[i]) {
			t.Fatalf("EntryAt(%d) = %+v, want %+v", i, got, whole.Entries[i])
		}
	}
	n := 0
	for i, e := range sf.All() {
		if i != n || !reflect.DeepEqual(*e, whole.Entries[i]) {
			t.Fatalf("All: entry %d = %+v, want %d %+v", i, *e, n, whole.Entries[n])
		}
		n++
	}
	if n != len(whole.Entries) {
		t.Fatalf("All gave %d entries, want %d", n, len(whole.Entries))
	}
	if !reflect.DeepEqual(sf.Problems, whole.Problems[:min(len(whole.Problems), maxKeptProblems)]) {
		t.Fatalf("problems %+v, want %+v", sf.Problems, whole.Problems)
	}
	if err := sf.TextErr(); err != nil {
		t.Fatal(err)
	}
}

func writeSums(t testing.TB, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSumsReadAgainAsWhole: a checksum file read again from the disk, in
// blocks that cut its lines anywhere, gives the entries and problems of
// the whole text, in every dialect; those it cannot read again so (UTF-16,
// signed inside) are kept whole.
func TestSumsReadAgainAsWhole(t *testing.T) {
	var many strings.Builder
	for i := range 300 {
		fmt.Fprintf(&many, "%08X  f%03d.bin\r\n", uint32(i)*0x9E3779B1, i)
		if i%37 == 0 {
			many.WriteString("# SHA256 HASH\n" + apptest.ABCSHA256 + "  g" + fmt.Sprint(i) + "\nnot a line\n# CRC32 HASH\n")
		}
	}
	long := strings.Repeat("n", 200)
	cases := []struct{ name, text string }{
		{"SHA256SUMS", apptest.ABCSHA256 + "  a\n" + apptest.ABCSHA256 + " *b\n\n" + apptest.ABCSHA256 + "  " + long + "\nbad\n"},
		{"x.md5", `\` + apptest.ABCMD5 + `  a\\b\nc` + "\r\n" + apptest.ABCMD5 + "  ok"},
		{"x.sfv", "; c\nname with space 352441C2\n"},
		{"x.DIGESTS", "# SHA512 HASH\n" + apptest.ABCSHA512 + "  a\n# BLAKE2B HASH\n" + apptest.ABCSHA512 + "  a\n"},
		{"CHECKSUMS", "SHA256 (new\nline) = " + apptest.ABCSHA256 + "\nSHA2-256(x)= " + apptest.ABCSHA256 + "\nBLAKE2b (y) = " + apptest.ABCSHA512 + "\n"},
		{"bom.crc32", "\ufeff" + apptest.ABCCRC32 + "  z\n\n#\n"},
		{"x.crc32", many.String()},
		{"cut", "SHA256 (a"},
	}
	for _, c := range cases {
		for _, block := range []int{1, 2, 5, 16, 61, 4096} {
			t.Run(fmt.Sprintf("%s/%d", c.name, block), func(t *testing.T) {
				rereadAll(t, block)
				path := writeSums(t, c.name, []byte(c.text))
				sf, err := ReadSignedStreamed(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				sameAsWhole(t, sf, c.name, []byte(c.text))
			})
		}
	}
	rereadAll(t, 16)
	for _, c := range []struct{ name, text string }{
		{"w.sha256", string(utf16With(true, false, apptest.ABCSHA256+" *a\\b\r\n"))},
		{"CHECKSUM", "x\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSHA256 (a) = " + apptest.ABCSHA256 + "\n-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n"},
		{"SHA256.sig", "untrusted comment: x\nRWQ\nSHA256 (a) = " + apptest.ABCSHA256 + "\n"},
	} {
		sf, err := ReadSignedStreamed(writeSums(t, c.name, []byte(c.text)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if sf.fileText() != nil {
			t.Errorf("%s is read again from the disk, not kept", c.name)
		}
	}
}

// TestSumsReadAgainRefusesWhatWholeRefuses: NUL bytes and lines far too
// long are found by the scan, in any block, as the whole parse finds them.
func TestSumsReadAgainRefusesWhatWholeRefuses(t *testing.T) {
	rereadAll(t, 64)
	long := strings.Repeat("x", maxLineLen+1)
	for _, c := range []struct {
		text string
		kind app.Cause
		line int
	}{
		{strings.Repeat(apptest.ABCSHA256+"  a\n", 20) + "\x00", app.CauseNotText, 0},
		{"a\nb\n" + long + "\nc", app.CauseLongLine, 3},
		{"a\nb\n" + long, app.CauseLongLine, 3},
		{"a\n" + long[1:] + "\r\n", app.CauseLongLine, 2}, // the '\r' counts, as in the whole parse
		{"a\n" + long[2:] + "\r\n", app.CauseOther, 0},
	} {
		_, err := ReadSignedStreamed(writeSums(t, "SHA256SUMS", []byte(c.text)), nil)
		var se *ReadError
		if c.kind == app.CauseOther {
			if err != nil {
				t.Errorf("%.20q: %v", c.text, err)
			}
			continue
		}
		if !errors.As(err, &se) || se.Kind != c.kind || se.Line != c.line {
			t.Errorf("%.20q: %v, want kind %d on line %d", c.text, err, c.kind, c.line)
		}
	}
}

// TestSumsChangedAfterReadingIsNotBelieved: a checksum file changed after
// it was read (one digit of one line) gives, from the block changed on,
// no entries but an error of CauseChanged, for the window's rows and a
// check alike; never the new digit.
func TestSumsChangedAfterReadingIsNotBelieved(t *testing.T) {
	rereadAll(t, 64)
	dir := t.TempDir()
	var text strings.Builder
	for i := range 100 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d", i)), []byte("abc"), 0o644)
		fmt.Fprintf(&text, "%s  f%02d\n", apptest.ABCSHA256, i)
	}
	path := filepath.Join(dir, "SHA256SUMS")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := ReadSignedStreamed(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e := sf.EntryAt(80); e.Name != "f80" {
		t.Fatalf("EntryAt(80) = %+v", e)
	}
	changed := []byte(text.String())
	changed[50*len(apptest.ABCSHA256+"  f00\n")] ^= 1 // entry 50's first digit
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if e := sf.EntryAt(50); e.Name != "" {
		t.Errorf("EntryAt(50) after the change = %+v, want none", e)
	}
	if e := sf.EntryAt(99); e.Name != "f99" {
		t.Errorf("EntryAt(99), in a block not changed, = %+v, want f99 as it was read", e)
	}
	var se *ReadError
	if err := sf.TextErr(); !errors.As(err, &se) || se.Kind != app.CauseChanged || se.Path != path {
		t.Fatalf("TextErr() = %v, want CauseChanged for %s", err, path)
	}
	rep, err := sf.Check(context.Background(), CheckOptions{})
	if app.CauseOf(err) != app.CauseChanged {
		t.Fatalf("check: %v, want CauseChanged", err)
	}
	if rep.Counts[StatusFailed] != 0 {
		t.Errorf("check: %d FAILED, want none: the new text is not read", rep.Counts[StatusFailed])
	}
	if _, err := ReadSignedStreamed(path, nil); err != nil {
		t.Errorf("read again from the start: %v", err)
	}
}

// TestSumsReadAgainSignatureOverTheBytesParsed: a signature beside a
// checksum file read again from the disk is checked over the bytes parsed.
func TestSumsReadAgainSignatureOverTheBytesParsed(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	sums := s.Sums()
	sig := s.G.Sign(sums, s.Fpr, "--detach-sign")
	rereadAll(t, 16)
	for _, c := range []struct {
		name string
		text []byte
		want signature.Kind
	}{
		{"signed", sums, signature.Genuine},
		{"tampered", []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1)), signature.Bad},
	} {
		s.Dir = t.TempDir()
		path := s.Write(t, "SHA256SUMS", c.text)
		s.Write(t, "SHA256SUMS.gpg", sig)
		sf, err := ReadSignedStreamed(path, s.Ring)
		if err != nil {
			t.Fatal(err)
		}
		if sf.fileText() == nil || sf.Authenticity.Verdict.Kind != c.want {
			t.Errorf("%s: read again %v, verdict %v, want %v", c.name, sf.fileText() != nil, sf.Authenticity.Verdict.Kind, c.want)
		}
	}
}
