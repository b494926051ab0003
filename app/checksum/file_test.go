package checksum

import (
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// wantEntry is what one parsed entry should be; algs "" means skipped.
type wantEntry struct {
	line int
	name string
	algs string // comma list of candidate ids
	sum  string // hex, "" to skip the comparison
}

type wantProblem struct {
	line   int
	reason string // substring
}

func TestParseSumsDialects(t *testing.T) {
	data := []byte("abc")
	sha256, md5, crc := apptest.ABCSHA256, apptest.ABCMD5, apptest.ABCCRC32
	sha3 := apptest.Hex("sha3-256", data)
	rmd160 := apptest.Hex("ripemd160", data)
	wp := apptest.Hex("whirlpool", data)
	b2, b2s256, b3 := apptest.Hex("blake2b", data), apptest.Hex("blake2b-256", data), apptest.Hex("blake3", data)
	xxh64, xxh3, xxh128 := apptest.Hex("xxh64", data), apptest.Hex("xxh3", data), apptest.Hex("xxh128", data)
	tests := []struct {
		name     string
		file     string // the checksum file's name
		text     string
		entries  []wantEntry
		problems []wantProblem
		signed   bool
	}{
		{"GNU text and binary", "SHA256SUMS", sha256 + "  a.iso\n" + sha256 + " *b.iso\n",
			[]wantEntry{{1, "a.iso", "sha256", sha256}, {2, "b.iso", "sha256", sha256}}, nil, false},
		{"GNU one space (md5 -r)", "x.md5", md5 + " a b.txt\n",
			[]wantEntry{{1, "a b.txt", "md5", md5}}, nil, false},
		{"GNU uppercase hex, leading spaces", "MD5SUMS", "  " + strings.ToUpper(md5) + "  a\n",
			[]wantEntry{{1, "a", "md5", md5}}, nil, false},
		{"GNU escaped names", "SHA256SUMS", `\` + sha256 + `  back\\slash` + "\n" + `\` + sha256 + `  new\nline` + "\n" + `\` + sha256 + `  cr\rx` + "\n",
			[]wantEntry{{1, `back\slash`, "sha256", ""}, {2, "new\nline", "sha256", ""}, {3, "cr\rx", "sha256", ""}}, nil, false},
		{"GNU bad escape", "SHA256SUMS", `\` + sha256 + `  a\qb` + "\n",
			nil, []wantProblem{{1, "not a checksum line"}}, false},
		{"GNU names with spaces and unicode", "SHA256SUMS", sha256 + "   leading space\n" + sha256 + "  ünï ☃.txt\n",
			[]wantEntry{{1, " leading space", "sha256", ""}, {2, "ünï ☃.txt", "sha256", ""}}, nil, false},
		{"algorithm from the digest length", "CHECKSUMS", sha256 + "  a\n" + md5 + "  b\n" + crc + "  c\n" + wp + "  d\n",
			[]wantEntry{{1, "a", "sha256,sha3-256,ripemd256,blake2b-256,blake3", ""}, {2, "b", "md5,ripemd128,xxh128", ""}, {3, "c", "crc32,xxh32", ""}, {4, "d", "sha512,sha3-512,whirlpool,blake2b", ""}}, nil, false},
		{"algorithm from the file name", "ubuntu.iso.sha3-256", sha3 + "  ubuntu.iso\n",
			[]wantEntry{{1, "ubuntu.iso", "sha3-256", sha3}}, nil, false},
		{"file name says ripemd160", "files.ripemd160", rmd160 + "  x\n",
			[]wantEntry{{1, "x", "ripemd160", rmd160}}, nil, false},
		{"file name says whirlpool", "x.whirlpool", wp + "  x\n",
			[]wantEntry{{1, "x", "whirlpool", wp}}, nil, false},
		{"sha256sum.txt", "sha256sum.txt", sha256 + "  x\n",
			[]wantEntry{{1, "x", "sha256", ""}}, nil, false},
		{"length disagrees with the file name", "MD5SUMS", sha256 + "  a\n" + md5 + "  b\n",
			[]wantEntry{{2, "b", "md5", md5}}, []wantProblem{{1, "64 hex digits, but MD5 has 32 (the file's name says MD5)"}}, false},
		{"BSD tags", "CHECKSUM", "SHA256 (a) = " + sha256 + "\nSHA-256 (b) = " + sha256 + "\nSHA2-256 (c) = " + sha256 +
			"\nRMD160 (d) = " + rmd160 + "\nMD5 (e) = " + md5 + "\nSHA3-256 (f) = " + sha3 + "\nWHIRLPOOL (g) = " + wp + "\nCRC32 (h) = " + crc + "\n",
			[]wantEntry{{1, "a", "sha256", sha256}, {2, "b", "sha256", ""}, {3, "c", "sha256", ""}, {4, "d", "ripemd160", rmd160},
				{5, "e", "md5", ""}, {6, "f", "sha3-256", sha3}, {7, "g", "whirlpool", ""}, {8, "h", "crc32", crc}}, nil, false},
		{"BSD tag wins over the file name", "MD5SUMS", "SHA256 (a) = " + sha256 + "\n",
			[]wantEntry{{1, "a", "sha256", ""}}, nil, false},
		{"BSD name with parentheses and ) = ", "CHECKSUM", "SHA256 (a (1)) = b.iso) = " + sha256 + "\n",
			[]wantEntry{{1, "a (1)) = b.iso", "sha256", ""}}, nil, false},
		{"BSD escaped name", "CHECKSUM", `\SHA256 (back\\slash\nnl) = ` + sha256 + "\n",
			[]wantEntry{{1, "back\\slash\nnl", "sha256", ""}}, nil, false},
		{"BSD base64 digest", "CHECKSUM", "SHA256 (a) = " + apptest.ABCBase64 + "\n",
			[]wantEntry{{1, "a", "sha256", sha256}}, nil, false},
		{"BSD wrong length", "CHECKSUM", "SHA256 (a) = " + md5 + "\n",
			nil, []wantProblem{{1, "32 hex digits, but SHA-256 has 64"}}, false},
		{"BSD unsupported algorithm is skipped", "CHECKSUM", "BLAKE2s (a) = " + sha256 + "\nSHA256 (a) = " + sha256 + "\n",
			[]wantEntry{{1, "a", "", ""}, {2, "a", "sha256", ""}}, nil, false},
		{"OpenSSL", "digests.txt", "SHA2-256(a b)= " + sha256 + "\nMD5(c)= " + md5 + "\nRIPEMD-160(d)= " + rmd160 + "\nSHA256(e)= " + sha256 + "\n",
			[]wantEntry{{1, "a b", "sha256", ""}, {2, "c", "md5", ""}, {3, "d", "ripemd160", ""}, {4, "e", "sha256", ""}}, nil, false},
		{"raw newline in a BSD name (rhash, openssl)", "CHECKSUM", "SHA256 (new\nline) = " + sha256 + "\nSHA2-256(two\nnew\nlines)= " + sha256 + "\nMD5 (x) = " + md5 + "\n",
			[]wantEntry{{1, "new\nline", "sha256", ""}, {3, "two\nnew\nlines", "sha256", ""}, {6, "x", "md5", ""}}, nil, false},
		{"unterminated BSD name does not swallow the next line", "CHECKSUM", "SHA256 (broken\nMD5 (x) = " + md5 + "\n",
			[]wantEntry{{2, "x", "md5", ""}}, []wantProblem{{1, "not a checksum line"}}, false},
		{"SFV", "files.sfv", "; generated by something\n;\nhello.txt 363A3020\nname with spaces.txt  " + crc + "\n" + crc + " starts-with-hex " + crc + "\n",
			[]wantEntry{{3, "hello.txt", "crc32", "363a3020"}, {4, "name with spaces.txt", "crc32", crc}, {5, crc + " starts-with-hex", "crc32", crc}}, nil, false},
		{"SFV lines in an unnamed file", "CHECKSUMS", "a b.txt " + crc + "\n",
			[]wantEntry{{1, "a b.txt", "crc32", crc}}, nil, false},
		{"SFV-looking line in a SHA256SUMS", "SHA256SUMS", "a b.txt " + crc + "\n",
			nil, []wantProblem{{1, "not a checksum line"}}, false},
		{"comments, blanks, CRLF", "SHA256SUMS", "# made by hand\r\n\r\n   \r\n" + sha256 + "  a\r\n; a semicolon comment\r\n",
			[]wantEntry{{4, "a", "sha256", ""}}, nil, false},
		{"no final newline", "SHA256SUMS", sha256 + "  a",
			[]wantEntry{{1, "a", "sha256", ""}}, nil, false},
		{"UTF-8 BOM", "SHA256SUMS", "\ufeff" + sha256 + "  a\n",
			[]wantEntry{{1, "a", "sha256", ""}}, nil, false},
		{"Windows separators kept as written", "SHA256SUMS", sha256 + " *dir\\sub\\a.iso\n",
			[]wantEntry{{1, `dir\sub\a.iso`, "sha256", ""}}, nil, false},
		{"malformed lines keep their numbers", "SHA256SUMS", sha256 + "  a\nthis is not a line\n\n" + sha256[:60] + "  b\n" + sha256 + "\n" + sha256 + "  c\n",
			[]wantEntry{{1, "a", "sha256", ""}, {6, "c", "sha256", ""}},
			[]wantProblem{{2, "not a checksum line"}, {4, "60 hex digits"}, {5, "not a checksum line"}}, false},
		{"Gentoo DIGESTS headers", "stage3.tar.xz.DIGESTS", "# BLAKE2B HASH\n" + b2 + "  s.tar.xz\n# SHA512 HASH\n" + apptest.ABCSHA512 + "  s.tar.xz\n# WHIRLPOOL HASH\n" + wp + "  s.tar.xz\n# SM3 HASH\n" + sha256 + "  s.tar.xz\n",
			[]wantEntry{{2, "s.tar.xz", "blake2b", b2}, {4, "s.tar.xz", "sha512", apptest.ABCSHA512}, {6, "s.tar.xz", "whirlpool", wp}, {8, "s.tar.xz", "", ""}}, nil, false},
		{"algorithm from the file name (Arch b2sums.txt)", "b2sums.txt", b2 + "  arch.iso\nSHA256 (arch.iso) = " + sha256 + "\n",
			[]wantEntry{{1, "arch.iso", "blake2b", b2}, {2, "arch.iso", "sha256", ""}}, nil, false},
		{"b3sum's plain lines (B3SUMS)", "B3SUMS", b3 + "  rust.tar.gz\n",
			[]wantEntry{{1, "rust.tar.gz", "blake3", b3}}, nil, false},
		{"b2sum -l 256 (x.b2, tagged)", "x.b2", "BLAKE2b-256 (a) = " + b2s256 + "\nBLAKE2b (b) = " + b2 + "\n",
			[]wantEntry{{1, "a", "blake2b-256", b2s256}, {2, "b", "blake2b", b2}}, nil, false},
		{"xxhsum --tag", "x.xxh64", "XXH64 (a) = " + xxh64 + "\nXXH3 (b) = " + xxh3 + "\nXXH128 (c) = " + xxh128 + "\n",
			[]wantEntry{{1, "a", "xxh64", xxh64}, {2, "b", "xxh3", xxh3}, {3, "c", "xxh128", xxh128}}, nil, false},
		{"xxhsum's plain lines by the file's name", "SUMS.xxh3", xxh3 + "  b\n",
			[]wantEntry{{1, "b", "xxh3", xxh3}}, nil, false},
		{"an unsupported algorithm from the file name", "x.iso.sm3", sha256 + "  x.iso\n",
			[]wantEntry{{1, "x.iso", "", ""}}, nil, false},
		{"PGP clear-signed (Fedora CHECKSUM)", "Fedora-40-x86_64-CHECKSUM",
			"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n# f.iso: 3 bytes\nSHA256 (f.iso) = " + sha256 + "\n- -dash.iso  x\n-----BEGIN PGP SIGNATURE-----\n\niQIz\n=eEGg\n-----END PGP SIGNATURE-----\n",
			[]wantEntry{{5, "f.iso", "sha256", sha256}}, []wantProblem{{6, "not a checksum line"}}, true},
		{"PGP dash-escaped line", "SHA256SUMS",
			"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n- " + sha256 + "  a\n-----BEGIN PGP SIGNATURE-----\nxx\n-----END PGP SIGNATURE-----\n",
			[]wantEntry{{4, "a", "sha256", ""}}, nil, true},
		{"lines after the signature are not signed", "SHA256SUMS",
			"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + sha256 + "  a\n-----BEGIN PGP SIGNATURE-----\nxx\n-----END PGP SIGNATURE-----\n" + sha256 + "  evil\n",
			[]wantEntry{{4, "a", "sha256", ""}}, []wantProblem{{8, "after the PGP signature, so not signed"}}, true},
		{"PGP message cut short", "SHA256SUMS",
			"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + sha256 + "  a\n",
			[]wantEntry{{4, "a", "sha256", ""}}, []wantProblem{{5, "has no signature"}}, true},
		{"a PGP block that is not clear-signed", "SHA256SUMS", "-----BEGIN PGP MESSAGE-----\n",
			nil, []wantProblem{{1, "only clear-signed messages"}}, false},
		{"a detached signature pasted in", "SHA256SUMS", sha256 + "  a\n-----BEGIN PGP SIGNATURE-----\n\n" + apptest.ABCBase64 + "\n-----END PGP SIGNATURE-----\n" + sha256 + "  b\n",
			[]wantEntry{{1, "a", "sha256", ""}, {6, "b", "sha256", ""}}, []wantProblem{{2, "a PGP signature without a signed message"}}, false},
		{"bare digest without a name", "SHA256SUMS", sha256 + "\n",
			nil, []wantProblem{{1, "not a checksum line"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sf, err := Parse(filepath.Join("dl", tt.file), []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			checkParsed(t, sf, tt.entries, tt.problems)
			if sf.Signed != tt.signed {
				t.Errorf("Signed = %v", sf.Signed)
			}
			if sf.Dir != "dl" {
				t.Errorf("Dir = %q", sf.Dir)
			}
		})
	}
}

func checkParsed(t *testing.T, sf *File, entries []wantEntry, problems []wantProblem) {
	t.Helper()
	for _, p := range sf.Problems {
		t.Logf("problem %v (%q)", p, p.Text)
	}
	if len(sf.Entries) != len(entries) {
		t.Fatalf("%d entries, want %d: %+v", len(sf.Entries), len(entries), sf.Entries)
	}
	for i, w := range entries {
		e := sf.Entries[i]
		if e.Line != w.line || e.Name != w.name {
			t.Errorf("entry %d: line %d name %q, want line %d name %q", i, e.Line, e.Name, w.line, w.name)
		}
		if w.algs == "" {
			if e.Unsupported == "" {
				t.Errorf("entry %d: Unsupported = %q, want an unsupported algorithm", i, e.Unsupported)
			}
			continue
		}
		if got := strings.Join(ids(e.Algorithms), ","); got != w.algs {
			t.Errorf("entry %d: algorithms %s, want %s", i, got, w.algs)
		}
		if w.sum != "" && hex.EncodeToString(e.Sum) != w.sum {
			t.Errorf("entry %d: sum %x, want %s", i, e.Sum, w.sum)
		}
	}
	if len(sf.Problems) != len(problems) {
		t.Fatalf("%d problems, want %d: %v", len(sf.Problems), len(problems), sf.Problems)
	}
	for i, w := range problems {
		p := sf.Problems[i]
		if p.Line != w.line || !strings.Contains(LineWords(p), w.reason) {
			t.Errorf("problem %d: %v, want line %d with %q", i, p, w.line, w.reason)
		}
	}
}

func utf16With(bom bool, big bool, s string) []byte {
	u := utf16.Encode([]rune(s))
	var out []byte
	if bom {
		if big {
			out = append(out, 0xFE, 0xFF)
		} else {
			out = append(out, 0xFF, 0xFE)
		}
	}
	for _, c := range u {
		if big {
			out = append(out, byte(c>>8), byte(c))
		} else {
			out = append(out, byte(c), byte(c>>8))
		}
	}
	return out
}

func TestParseSumsUTF16(t *testing.T) {
	text := "# PowerShell\r\n" + strings.ToUpper(apptest.ABCSHA256) + " *ünï\\a.iso\r\nbad line\r\n"
	for _, big := range []bool{false, true} {
		t.Run(fmt.Sprintf("big-endian=%v", big), func(t *testing.T) {
			sf, err := Parse("x.sha256", utf16With(true, big, text))
			if err != nil {
				t.Fatal(err)
			}
			checkParsed(t, sf, []wantEntry{{2, `ünï\a.iso`, "sha256", apptest.ABCSHA256}}, []wantProblem{{3, "not a checksum line"}})
		})
	}
	if _, err := Parse("x.sha256", utf16With(false, false, text)); err == nil || !strings.Contains(err.Error(), "not a text file") {
		t.Errorf("UTF-16 without BOM: %v", err)
	}
	if _, err := Parse("x.sha256", utf16With(true, false, text)[:9]); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("odd UTF-16: %v", err)
	}
}

func TestParseSumsLimits(t *testing.T) {
	long := strings.Repeat("a", maxLineLen+1)
	_, err := Parse("SHA256SUMS", []byte(apptest.ABCSHA256+"  a\n"+long+"\n"))
	var se *ReadError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "line 2 is longer than 64 KiB") {
		t.Errorf("long line: %v", err)
	}
	if _, err := Parse("SHA256SUMS", make([]byte, MaxFileSize+1)); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("huge file: %v", err)
	}
	if _, err := Parse("SHA256SUMS", []byte("\x7fELF\x02\x01\x01\x00\x00")); err == nil || !strings.Contains(err.Error(), "not a text file") {
		t.Errorf("binary file: %v", err)
	}
}

func TestReadSumsFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(filepath.Join(dir, "nope")); err == nil || !strings.Contains(err.Error(), "cannot use") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing: %v", err)
	}
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder: %v", err)
	}
}

// The fixtures in testdata/verify are real-world shapes: Fedora's signed
// CHECKSUM, Ubuntu's SHA256SUMS with '*', Gentoo's DIGESTS, rhash's SFV and
// a UTF-16 file from Windows.
func TestParseSumsFixtures(t *testing.T) {
	tests := []struct {
		file     string
		names    []string
		algs     []string
		signed   bool
		problems int
	}{
		{"Fedora-Workstation-40-1.14-x86_64-CHECKSUM", []string{"Fedora-Workstation-Live-x86_64-40-1.14.iso"}, []string{"sha256"}, true, 0},
		{"SHA256SUMS", []string{"ubuntu-24.04-desktop-amd64.iso", "hello.txt"}, []string{"sha256", "sha256"}, false, 0},
		{"stage3-amd64-openrc.tar.xz.DIGESTS", []string{"stage3-amd64-openrc.tar.xz", "stage3-amd64-openrc.tar.xz", "stage3-amd64-openrc.tar.xz"}, []string{"blake2b", "sha512", "whirlpool"}, false, 0},
		{"files.sfv", []string{"hello.txt", "sub/world.txt"}, []string{"crc32", "crc32"}, false, 0},
		{"windows.sha256", []string{"hello.txt", `sub\world.txt`}, []string{"sha256", "sha256"}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			sf, err := ReadFile(filepath.Join("testdata", "verify", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			var names, algs []string
			for _, e := range sf.Entries {
				names = append(names, e.Name)
				algs = append(algs, strings.Join(ids(e.Algorithms), ","))
			}
			if !slices.Equal(names, tt.names) || !slices.Equal(algs, tt.algs) {
				t.Errorf("entries %q %q, want %q %q", names, algs, tt.names, tt.algs)
			}
			if sf.Signed != tt.signed || len(sf.Problems) != tt.problems {
				t.Errorf("signed %v, problems %v", sf.Signed, sf.Problems)
			}
		})
	}
}

func TestHintFromName(t *testing.T) {
	for name, want := range map[string]string{
		"SHA256SUMS": "sha256", "SHA512SUMS": "sha512", "MD5SUMS": "md5", "SHA1SUMS": "sha1", "sha256sums.txt": "sha256",
		"x.iso.sha256": "sha256", "x.md5": "md5", "x.sha1": "sha1", "x.sha224": "sha224", "x.sha384": "sha384", "x.sha512": "sha512",
		"x.sha3-256": "sha3-256", "x.ripemd160": "ripemd160", "x.whirlpool": "whirlpool", "x.sfv": "crc32", "x.md5sum": "md5",
		"x.SHA256.txt": "sha256", "CHECKSUM": "", "CHECKSUMS": "", "x.DIGESTS": "", "Fedora-40-CHECKSUM": "", "notes.txt": "", "x.iso": "",
	} {
		got := ""
		if a := hintFromName(name); a != nil {
			got = a.ID
		}
		if got != want {
			t.Errorf("hintFromName(%q) = %q, want %q", name, got, want)
		}
	}
}

// A NUL byte anywhere, not only in the first 8 KiB, makes a file "not
// text", rather than a name the system calls an invalid argument.
func TestNULAnywhereIsNotText(t *testing.T) {
	line := apptest.ABCSHA256 + "  a.iso\n"
	for _, data := range []string{
		strings.Repeat(line, 9000/len(line)+1) + apptest.ABCSHA256 + "  b\x00.iso\n",
		"\xff\xfe" + utf16le(line+apptest.ABCSHA256+"  b\x00.iso\n"),
	} {
		_, err := Parse("SHA256SUMS", []byte(data))
		if app.CauseOf(err) != app.CauseNotText {
			t.Errorf("a NUL after %d bytes: %v, want not text", strings.IndexByte(data, 0), err)
		}
	}
}

func utf16le(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteByte(byte(r))
		b.WriteByte(byte(r >> 8))
	}
	return b.String()
}

// A streamed checksum file notes where its entries are as runs of
// consecutive lines: one for a file of checksum lines only, one more after
// each line that is not an entry; EntryAt finds every entry through them.
func TestStreamedEntriesAreRunsOfLines(t *testing.T) {
	var plain, broken strings.Builder
	const n = 1000
	for i := range n {
		line := fmt.Sprintf("%08x  f%04d\n", i, i)
		plain.WriteString(line)
		if i%100 == 50 {
			broken.WriteString("# a comment\n")
		}
		broken.WriteString(line)
	}
	for _, c := range []struct {
		name, text string
		runs       int
	}{{"plain", plain.String(), 1}, {"comments", broken.String(), 11}} {
		st, _, err := parseSumsAs("x.crc32", []byte(c.text), streamEntries)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := Parse("x.crc32", []byte(c.text))
		if err != nil {
			t.Fatal(err)
		}
		if st.EntryCount != n || len(whole.Entries) != n {
			t.Fatalf("%s: %d entries streamed, %d whole", c.name, st.EntryCount, len(whole.Entries))
		}
		if got := len(st.stream.runs); got != c.runs {
			t.Errorf("%s: %d runs, want %d", c.name, got, c.runs)
		}
		for i := range n {
			if got := st.EntryAt(i); !reflect.DeepEqual(got, whole.Entries[i]) {
				t.Fatalf("%s: EntryAt(%d) = %+v, want %+v", c.name, i, got, whole.Entries[i])
			}
		}
	}
}
