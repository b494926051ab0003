package checksum

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func readIndex(t *testing.T, path string) *Index {
	t.Helper()
	sf, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return newIndex(sf)
}

// lines says which lines of which checksum files pubs came from.
func lines(pubs []Published) string {
	var out []string
	for _, p := range pubs {
		out = append(out, fmt.Sprintf("%s:%d", filepath.Base(filepath.Dir(p.Source))+"/"+filepath.Base(p.Source), p.Line))
	}
	return strings.Join(out, " ")
}

// A checksum file in another folder lists a file by its base name; an
// entry with a folder is about that folder's file only.
func TestSumsIndexInAnotherFolder(t *testing.T) {
	other := strings.Repeat("0", 64)
	dir := apptest.Tree(t, map[string]string{
		"Downloads/debian.iso": "abc",
		"Downloads/a b.iso":    "abc",
		"Downloads/sub/x.iso":  "abc",
		"Desktop/SHA256SUMS": apptest.ABCSHA256 + "  debian.iso\n" + // 1: bare name
			other + "  amd64/debian.iso\n" + // 2: another folder's debian.iso
			apptest.ABCSHA256 + " *./a b.iso\n" + // 3: bare, with ./ and the binary marker
			apptest.ABCSHA256 + "  ../Downloads/sub/x.iso\n" + // 4: a path that leads to the file
			other + "  sub/x.iso\n" + // 5: a path that does not
			apptest.ABCSHA256 + "  DEBIAN.ISO\n", // 6: another name
	})
	x := readIndex(t, filepath.Join(dir, "Desktop", "SHA256SUMS"))
	for file, want := range map[string]string{
		"Downloads/debian.iso":     "Desktop/SHA256SUMS:1",
		"Downloads/a b.iso":        "Desktop/SHA256SUMS:3",
		"Downloads/sub/x.iso":      "Desktop/SHA256SUMS:4",
		"Downloads/other.iso":      "",
		"Desktop/debian.iso":       "Desktop/SHA256SUMS:1", // beside it: by the path the entry names
		"Desktop/amd64/debian.iso": "Desktop/SHA256SUMS:2",
	} {
		if got := lines(x.Published(filepath.Join(dir, filepath.FromSlash(file)))); got != want {
			t.Errorf("%s: listed by %q, want %q", file, got, want)
		}
	}
}

// A checksum file in the file's own folder lists it by the path its
// entries name, never by a base name alone.
func TestSumsIndexInTheSameFolder(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"dl/debian.iso": "abc",
		"dl/SHA256SUMS": apptest.ABCSHA256 + "  amd64/debian.iso\n",
	})
	x := readIndex(t, filepath.Join(dir, "dl", "SHA256SUMS"))
	if got := x.Published(filepath.Join(dir, "dl", "debian.iso")); len(got) != 0 {
		t.Errorf("dl/debian.iso listed by amd64/debian.iso: %s", lines(got))
	}
}

// PublishedFor puts the digests found beside the file first and counts a
// checksum file once, however it was found.
func TestPublishedFor(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"dl/debian.iso":      "abc",
		"dl/SHA256SUMS":      apptest.ABCSHA256 + "  debian.iso\n",
		"Desktop/SHA256SUMS": apptest.ABCSHA256 + "  debian.iso\n",
		"Desktop/MD5SUMS":    apptest.ABCMD5 + "  debian.iso\n",
	})
	iso := filepath.Join(dir, "dl", "debian.iso")
	beside, errs := findPublished(iso)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	given := []*Index{
		readIndex(t, filepath.Join(dir, "Desktop", "MD5SUMS")),
		readIndex(t, filepath.Join(dir, "dl", "SHA256SUMS")), // dropped, and beside it too
		readIndex(t, filepath.Join(dir, "Desktop", "SHA256SUMS")),
	}
	if got, want := lines(PublishedFor(iso, beside, given)), "dl/SHA256SUMS:1 Desktop/SHA256SUMS:1 Desktop/MD5SUMS:1"; got != want { // the strongest first, then beside first
		t.Errorf("published for debian.iso: %q, want %q", got, want)
	}
}

func TestDecide(t *testing.T) {
	wrong := strings.Repeat("0", 64)
	dir := apptest.Tree(t, map[string]string{
		"a/SHA256SUMS": apptest.ABCSHA256 + "  f.iso\n",
		"b/SHA256SUMS": apptest.ABCSHA256 + "  f.iso\n",
		"c/SHA256SUMS": wrong + "  f.iso\n",
		"d/MD5SUMS":    apptest.ABCMD5 + "  f.iso\n",
		"e/CHECKSUMS":  wrong + "  f.iso\n", // 64 digits, no name hint: SHA-256, SHA3-256 or RIPEMD-256
		"f.iso":        "abc",
		"g/SHA512SUMS": apptest.ABCSHA512 + "  f.iso\n",
		"h/SHA512SUMS": strings.Repeat("1", 128) + "  f.iso\n",
		"i/CHECKSUM":   "SHA3-256 (f.iso) = " + apptest.Hex("sha3-256", []byte("abc")) + "\n",
		"j/MD5SUMS":    strings.Repeat("0", 32) + "  f.iso\n",
	})
	iso := filepath.Join(dir, "f.iso")
	pub := func(folder, name string) Published {
		p := readIndex(t, filepath.Join(dir, folder, name)).Published(iso)
		if len(p) != 1 {
			t.Fatalf("%s/%s: %d entries for f.iso", folder, name, len(p))
		}
		return p[0]
	}
	a, b, c := pub("a", "SHA256SUMS"), pub("b", "SHA256SUMS"), pub("c", "SHA256SUMS")
	md5, loose := pub("d", "MD5SUMS"), pub("e", "CHECKSUMS")
	g, h := pub("g", "SHA512SUMS"), pub("h", "SHA512SUMS")
	sha3 := pub("i", "CHECKSUM")
	data := []byte("abc")
	for _, tc := range []struct {
		name     string
		pubs     []Published
		computed []app.Digest
		outcome  Outcome
		by       string
		against  string
	}{
		{"none", nil, nil, Unknown, "", ""},
		{"one, not hashed yet", []Published{a}, nil, Pending, "a/SHA256SUMS:1", ""},
		{"two agree", []Published{a, b}, vDigests(data, "sha256"), Match, "a/SHA256SUMS:1 b/SHA256SUMS:1", ""},
		{"a mismatch", []Published{c}, vDigests(data, "sha256"), Mismatch, "c/SHA256SUMS:1", ""},
		// Two SHA-256 digests that differ disagree before the file is read...
		{"same algorithm, not hashed yet", []Published{a, c}, nil, Conflict, "a/SHA256SUMS:1", "c/SHA256SUMS:1"},
		{"same algorithm, differing, first wrong", []Published{c, a}, nil, Conflict, "c/SHA256SUMS:1", "a/SHA256SUMS:1"},
		// ...and once it is, the side it matches comes first.
		{"same algorithm, hashed", []Published{c, b, a}, vDigests(data, "sha256"), Conflict, "b/SHA256SUMS:1 a/SHA256SUMS:1", "c/SHA256SUMS:1"},
		{"neither matches", []Published{g, h}, vDigests([]byte("abd"), "sha512"), Conflict, "g/SHA512SUMS:1", "h/SHA512SUMS:1"},
		// Other algorithms: compared as they are computed.
		// The strongest decides, whatever the order given: a weaker match waits for it.
		{"md5 given first, sha256 not yet", []Published{md5, c}, vDigests(data, "md5"), Pending, "c/SHA256SUMS:1", ""},
		{"md5 matches, sha256 does not", []Published{md5, c}, vDigests(data, "md5", "sha256"), Conflict, "d/MD5SUMS:1", "c/SHA256SUMS:1"},
		{"the strongest decides: pending", []Published{c, md5}, vDigests(data, "md5"), Pending, "c/SHA256SUMS:1", ""},
		{"md5 and sha256 agree", []Published{md5, a}, vDigests(data, "md5", "sha256"), Match, "a/SHA256SUMS:1 d/MD5SUMS:1", ""},
		{"sha512 matches, md5 does not", []Published{g, pubOf(t, dir, "j/MD5SUMS", iso)}, vDigests(data, "md5", "sha512"), Conflict, "g/SHA512SUMS:1", "j/MD5SUMS:1"},
		// 64 digits of unknown algorithm are not known to differ from a
		// SHA-256 until every candidate is computed and none matches.
		{"unknown length, pending", []Published{a, loose}, vDigests(data, "sha256"), Match, "a/SHA256SUMS:1", ""},
		{"unknown length, none matches", []Published{a, loose}, vDigests(data, "sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3"), Conflict, "a/SHA256SUMS:1", "e/CHECKSUMS:1"},
		{"sha3-256 and sha256 agree", []Published{sha3, a}, vDigests(data, "sha256", "sha3-256"), Match, "i/CHECKSUM:1 a/SHA256SUMS:1", ""},
	} {
		d := Decide(tc.pubs, tc.computed)
		if d.Outcome != tc.outcome || lines(d.By) != tc.by || lines(d.Against) != tc.against {
			t.Errorf("%s: %v by %q against %q; want %v by %q against %q", tc.name, d.Outcome, lines(d.By), lines(d.Against), tc.outcome, tc.by, tc.against)
		}
		if len(d.By) > 0 && d.Verdict.Expected != d.By[0].Expected {
			t.Errorf("%s: the verdict is not By[0]'s", tc.name)
		}
	}
}

func pubOf(t *testing.T, dir, sums, file string) Published {
	t.Helper()
	p := readIndex(t, filepath.Join(dir, filepath.FromSlash(sums))).Published(file)
	if len(p) != 1 {
		t.Fatalf("%s: %d entries for %s", sums, len(p), file)
	}
	return p[0]
}

// A CHECKSUMS giving one file's CRC32, MD5, SHA-1, SHA-256 and SHA-512:
// SHA-512 decides, the four weaker ones agree, and they are one checksum
// file, not five; another beside it that agrees is one more.
func TestDecideStrongestOfOneChecksumFile(t *testing.T) {
	data := []byte("abc")
	var sums strings.Builder
	for _, id := range []string{"crc32", "md5", "sha1", "sha256", "sha512"} {
		fmt.Fprintf(&sums, "%s (f.iso) = %s\n", apptest.Alg(id).Tag, apptest.Hex(id, data))
	}
	dir := apptest.Tree(t, map[string]string{"f.iso": "abc", "CHECKSUMS": sums.String(), "x/SHA256SUMS": apptest.ABCSHA256 + "  f.iso\n"})
	iso := filepath.Join(dir, "f.iso")
	pubs, errs := findPublished(iso)
	if len(errs) > 0 || len(pubs) != 5 {
		t.Fatalf("%d digests published, %v", len(pubs), errs)
	}
	all := vDigests(data, "crc32", "md5", "sha1", "sha256", "sha512")
	d := Decide(pubs, all)
	if d.Outcome != Match || d.Verdict.Algorithm.ID != "sha512" || d.Verdict.Weak {
		t.Fatalf("%v by %v (weak %v), want a match by SHA-512", d.Outcome, d.Verdict.Algorithm, d.Verdict.Weak)
	}
	if got := strings.Join(ids(d.Agreeing), ","); got != "sha256,sha1,md5,crc32" {
		t.Errorf("agreeing %q, want the four weaker ones, strongest first", got)
	}
	if n := d.OtherSources(); n != 0 {
		t.Errorf("%d more checksum files agree, want 0: the five digests are in one", n)
	}
	if d := Decide(append(pubs, pubOf(t, dir, "x/SHA256SUMS", iso)), all); d.OtherSources() != 1 {
		t.Errorf("with a SHA256SUMS elsewhere: %d more checksum files agree, want 1", d.OtherSources())
	}
	// Before SHA-512 is computed, the verdict waits for it, not for CRC32.
	if d := Decide(pubs, vDigests(data, "crc32")); d.Outcome != Pending || ids(d.Verdict.Needs)[0] != "sha512" {
		t.Errorf("with CRC32 only: %v needing %v, want pending on SHA-512", d.Outcome, ids(d.Verdict.Needs))
	}
	// Given first, the weakest still does not decide.
	if got := Strongest(pubs)[0].Expected.Candidates[0].ID; got != "sha512" {
		t.Errorf("Strongest puts %s first", got)
	}
}

// A big checksum file's index keeps one slot (4 bytes) a name and finds
// every entry through its table of hash ranges: a name listed twice by two
// entries, a name listed with '\' separators, a name not listed.
func TestSumsIndexOfManyEntries(t *testing.T) {
	const n = 20_000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%08x  f%05d.bin\n", i, i)
	}
	fmt.Fprintf(&b, "%08x  f00007.bin\n", 7) // line n+1: a second entry for f00007.bin
	fmt.Fprintf(&b, "%08x  sub\\g.bin\n", 1) // line n+2: sub\g.bin, also read as sub/g.bin
	dir := t.TempDir()
	path := filepath.Join(dir, "big.sfv")
	sf, _, err := parseSumsAs(path, []byte(strings.ReplaceAll(b.String(), "  ", " ")), streamEntries)
	if err != nil || sf.EntryCount != n+2 {
		t.Fatalf("%v, %d entries", err, sf.EntryCount)
	}
	x := newIndex(sf)
	if x.Built() || x.slots != nil {
		t.Fatal("indexed before it was needed")
	}
	x.Build()
	if !x.Built() || len(x.slots) != n+3 || x.startBits == 0 || len(x.starts) != 1<<x.startBits+1 {
		t.Fatalf("%d slots for %d entries, %d start bits, %d starts", len(x.slots), n+2, x.startBits, len(x.starts))
	}
	for _, i := range []int{0, 1, 6, 8, 999, 12345, n - 1} {
		file := fmt.Sprintf("f%05d.bin", i)
		if got, want := lines(x.Published(filepath.Join(dir, file))), fmt.Sprintf("%s/big.sfv:%d", filepath.Base(dir), i+1); got != want {
			t.Errorf("%s: listed by %q, want %q", file, got, want)
		}
	}
	if got, want := lines(x.Published(filepath.Join(dir, "f00007.bin"))), fmt.Sprintf("%[1]s/big.sfv:8 %[1]s/big.sfv:%[2]d", filepath.Base(dir), n+1); got != want {
		t.Errorf("f00007.bin: listed by %q, want %q", got, want)
	}
	if got, want := lines(x.Published(filepath.Join(dir, "sub", "g.bin"))), fmt.Sprintf("%s/big.sfv:%d", filepath.Base(dir), n+2); got != want {
		t.Errorf("sub/g.bin: listed by %q, want %q", got, want)
	}
	if got := lines(x.Published(filepath.Join(dir, "f20000.bin"))); got != "" {
		t.Errorf("f20000.bin, not listed: listed by %q", got)
	}
}

// An index is made once, by the first lookup when Build was not called,
// whichever of several at once comes first; they all find the same.
func TestSumsIndexMadeAtFirstLookup(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "%08x f%05d.bin\n", i, i)
	}
	dir := t.TempDir()
	sf, _, err := parseSumsAs(filepath.Join(dir, "big.sfv"), []byte(b.String()), streamEntries)
	if err != nil {
		t.Fatal(err)
	}
	x := newIndex(sf)
	got := make([]string, 8)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			if g%2 == 0 {
				x.Build()
			}
			got[g] = lines(x.Published(filepath.Join(dir, fmt.Sprintf("f%05d.bin", 4321))))
		})
	}
	wg.Wait()
	want := filepath.Base(dir) + "/big.sfv:4322"
	for g, s := range got {
		if s != want {
			t.Errorf("lookup %d: listed by %q, want %q", g, s, want)
		}
	}
	if !x.Built() || len(x.slots) != 5000 {
		t.Errorf("built %v, %d slots", x.Built(), len(x.slots))
	}
}

// ReadIndexKept keeps the entries of a checksum file of up to KeptMax
// bytes, the same entries ReadIndex streams, and its index finds files
// alike.
func TestReadIndexKept(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "%s  d/f%d\n", apptest.Hex("sha256", []byte(fmt.Sprint(i))), i)
	}
	b.WriteString("MD5 (d/f7) = " + apptest.ABCMD5 + "\nnot a line\n")
	path := filepath.Join(dir, "SHA256SUMS")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	kept, err := ReadIndexKept(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := ReadIndex(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	ks, ss := kept.File(), streamed.File()
	if len(ks.Entries) != 101 || ks.EntryCount != ss.EntryCount || ks.ProblemCount != 1 || ss.ProblemCount != 1 || len(ss.Entries) != 0 {
		t.Fatalf("kept %d entries of %d, %d problems; streamed %d of %d, %d problems", len(ks.Entries), ks.EntryCount, ks.ProblemCount, len(ss.Entries), ss.EntryCount, ss.ProblemCount)
	}
	var streamedEntries []Entry
	for _, e := range ss.All() {
		streamedEntries = append(streamedEntries, *e)
	}
	for i, e := range ks.Entries {
		s := streamedEntries[i]
		if e.Name != s.Name || e.Line != s.Line || !bytes.Equal(e.Sum, s.Sum) || !slices.Equal(e.Algorithms, s.Algorithms) {
			t.Errorf("entry %d: kept %+v, streamed %+v", i, e, s)
		}
	}
	target := filepath.Join(dir, "d", "f7")
	if k, s := kept.Published(target), streamed.Published(target); len(k) != 2 || len(s) != 2 {
		t.Errorf("d/f7: %d entries kept, %d streamed; want 2", len(k), len(s))
	}
}
