package checksum

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func TestFindPublished(t *testing.T) {
	iso := "abc"
	dir := apptest.Tree(t, map[string]string{
		"ubuntu.iso":         iso,
		"ubuntu.iso.sha256":  apptest.ABCSHA256 + "  ubuntu.iso\n",          // own sidecar, GNU line
		"ubuntu.iso.md5":     strings.ToUpper(apptest.ABCMD5) + "\n",        // own sidecar, bare digest
		"ubuntu.iso.sha1":    apptest.ABCSHA1 + " */build/out/ubuntu.iso\n", // own sidecar, made elsewhere
		"SHA512SUMS":         apptest.ABCSHA512 + " *ubuntu.iso\n" + apptest.ABCSHA512 + " *other.iso\n",
		"SHA256SUMS":         apptest.ABCSHA256 + "  other.iso\n", // does not list it
		"CHECKSUM":           "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSHA3-256 (ubuntu.iso) = " + apptest.Hex("sha3-256", []byte(iso)) + "\n-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n",
		"Fedora-40-CHECKSUM": "SHA256 (./ubuntu.iso) = " + apptest.ABCSHA256 + "\n",
		"release.DIGESTS":    "# WHIRLPOOL HASH\n" + apptest.Hex("whirlpool", []byte(iso)) + "  ubuntu.iso\n",
		"CHECKSUM.SHA512-FreeBSD-14.0-RELEASE-amd64": "SHA512 (ubuntu.iso) = " + apptest.ABCSHA512 + "\n",
		"ubuntu.iso.DIGESTS":                         "# an armored signature is not a digest\n-----BEGIN PGP SIGNATURE-----\n\n" + apptest.ABCBase64 + "\n-----END PGP SIGNATURE-----\n",
		"b2sums.txt":                                 apptest.Hex("blake2b", []byte(iso)) + "  ubuntu.iso\n", // Arch's BLAKE2b
		"ubuntu.iso.sm3":                             apptest.ABCSHA256 + "  ubuntu.iso\n",                   // SM3: skipped, not offered
		"other.iso.sha256":                           apptest.ABCSHA256 + "\n",                               // another file's bare digest
		"notes.txt":                                  apptest.ABCSHA256 + "  ubuntu.iso\n",                   // not a checksum file name
		"sub/SHA256SUMS":                             apptest.ABCSHA256 + "  ../ubuntu.iso\n",
		"ubuntu.iso.sha256.txt":                      "SHA256 (ubuntu.iso) = " + apptest.ABCSHA256 + "\n",
	})
	found, errs := findPublished(filepath.Join(dir, "ubuntu.iso"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, p := range found {
		got = append(got, filepath.Base(p.Source)+":"+strings.Join(ids(p.Expected.Candidates), ","))
		if p.Line < 1 {
			t.Errorf("%s: line %d", p.Source, p.Line)
		}
		if v := p.Expected.Judge(vDigests([]byte(iso), "md5", "sha1", "sha256", "sha512", "sha3-256", "whirlpool", "blake2b")); v.Outcome != Match {
			t.Errorf("%s: %v", p.Source, v.Outcome)
		}
		if p.Signed != (filepath.Base(p.Source) == "CHECKSUM") {
			t.Errorf("%s: Signed = %v", p.Source, p.Signed)
		}
	}
	want := []string{
		"ubuntu.iso.md5:md5", "ubuntu.iso.sha1:sha1", "ubuntu.iso.sha256:sha256", "ubuntu.iso.sha256.txt:sha256",
		"CHECKSUM:sha3-256", "CHECKSUM.SHA512-FreeBSD-14.0-RELEASE-amd64:sha512", "Fedora-40-CHECKSUM:sha256", "SHA512SUMS:sha512", "b2sums.txt:blake2b", "release.DIGESTS:whirlpool",
	}
	if !slices.Equal(got, want) {
		t.Errorf("found\n %q\nwant\n %q", got, want)
	}
}

func TestFindPublishedReportsUnreadableSidecars(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a.iso": "abc", "SHA256SUMS": apptest.ABCSHA256 + "  a.iso\n", "a.iso.md5": "\x00\x01binary"})
	found, errs := findPublished(filepath.Join(dir, "a.iso"))
	if len(found) != 1 || hex.EncodeToString(found[0].Expected.Sum) != apptest.ABCSHA256 {
		t.Errorf("found %v", found)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "a.iso.md5") {
		t.Errorf("errors %v", errs)
	}
	if _, errs := findPublished(filepath.Join(dir, "nowhere", "x.iso")); len(errs) != 1 {
		t.Errorf("missing folder: %v", errs)
	}
}

func TestFindPublishedFixtures(t *testing.T) {
	for file, want := range map[string]string{
		"ubuntu-24.04-desktop-amd64.iso":             "SHA256SUMS",
		"Fedora-Workstation-Live-x86_64-40-1.14.iso": "Fedora-Workstation-40-1.14-x86_64-CHECKSUM",
		"stage3-amd64-openrc.tar.xz":                 "stage3-amd64-openrc.tar.xz.DIGESTS",
	} {
		path := filepath.Join("testdata", "verify", file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		found, errs := findPublished(path)
		if len(found) == 0 || len(errs) > 0 {
			t.Fatalf("%s: found %v, errors %v", file, found, errs)
		}
		for _, p := range found {
			if filepath.Base(p.Source) != want {
				t.Errorf("%s: from %s", file, p.Source)
			}
			var computed []app.Digest
			for _, a := range p.Expected.Candidates {
				computed = append(computed, app.Digest{Algorithm: a, Sum: apptest.Sum(a.ID, data)})
			}
			if v := p.Expected.Judge(computed); v.Outcome != Match {
				t.Errorf("%s: %s", file, v.Outcome)
			}
		}
	}
}

// A signature is hashed as a file when opened, except OpenBSD's signify
// file, which carries the checksum lines it signs: that opens as the
// checksum file it is.
func TestIsSumsNameSignatures(t *testing.T) {
	for name, want := range map[string]bool{
		"SHA256.sig": true, "sha256.sig": true, "SHA512.sig": true, "SHA256": true,
		"SHA256SUMS.sig": false, "SHA256SUMS.gpg": false, "SHA256SUMS.asc": false, "SHA256SUMS.sign": false,
		"ubuntu.iso.sig": false, "sha256sum.txt.gpg": false, "SHA256SUMS.minisig": false, "install75.iso.sig": false,
	} {
		if got := IsSumsName(name); got != want {
			t.Errorf("IsSumsName(%q) = %v, want %v", name, got, want)
		}
	}
}

// A shared checksum file of over a megabyte beside the files is read from
// the disk in blocks and indexed, once for all the files of its folder,
// never with its entries in memory, and read again when it changes; the
// index of a few such files is kept.
func TestFindPublishedInAHugeChecksumFile(t *testing.T) {
	t.Cleanup(func() { bigSums.files = nil })
	bigSums.files = nil
	const n = 40_000 // 80 bytes a line: 3 MiB
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s  f%010d.bin\n", apptest.ABCSHA256, i)
	}
	filler := b.String()
	dir := apptest.Tree(t, map[string]string{"a.iso": "abc", "b.iso": "abc",
		"SHA256SUMS": filler + apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  ./b.iso\n"})
	lookup := func(name string) string {
		t.Helper()
		found, errs := findPublished(filepath.Join(dir, name))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		var got []string
		for _, p := range found {
			got = append(got, fmt.Sprintf("%s:%d:%x", filepath.Base(p.Source), p.Line, p.Expected.Sum[:2]))
		}
		return strings.Join(got, " ")
	}
	runtime.GC()
	before := apptest.LiveHeap()
	if got, want := lookup("a.iso"), fmt.Sprintf("SHA256SUMS:%d:ba78", n+1); got != want {
		t.Errorf("a.iso: %q, want %q", got, want)
	}
	if grown := int64(apptest.LiveHeap()) - int64(before); grown > 16*n {
		t.Errorf("the lookup keeps %d bytes for %d entries: more than 16 an entry", grown, n)
	}
	first := bigSums.files[0].x
	if first.Built() {
		t.Error("indexed for one file")
	}
	if got, want := lookup("b.iso"), fmt.Sprintf("SHA256SUMS:%d:ba78", n+2); got != want {
		t.Errorf("b.iso: %q, want %q", got, want)
	}
	if got, want := lookup("a.iso"), fmt.Sprintf("SHA256SUMS:%d:ba78", n+1); got != want {
		t.Errorf("a.iso in the index: %q, want %q", got, want)
	}
	if len(bigSums.files) != 1 || bigSums.files[0].x != first || !first.Built() {
		t.Errorf("%d checksum files kept; read again for the second file: %v", len(bigSums.files), bigSums.files[0].x != first)
	}

	// Changed on the disk (the same size): read again.
	other := strings.Replace(apptest.ABCSHA256, "ba78", "0000", 1)
	if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(filler+other+"  a.iso\n"+apptest.ABCSHA256+"  ./b.iso\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "SHA256SUMS"), later, later); err != nil {
		t.Fatal(err)
	}
	if got, want := lookup("a.iso"), fmt.Sprintf("SHA256SUMS:%d:0000", n+1); got != want {
		t.Errorf("a.iso after the change: %q, want %q", got, want)
	}

	// More such files than are kept: each still found, the last ones kept.
	for i := range maxCachedSums + 1 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("mirror%d.sha256", i)), []byte(filler+apptest.ABCSHA256+"  a.iso\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := lookup("a.iso"); strings.Count(got, ":0000") != 1 || strings.Count(got, ":ba78") != maxCachedSums+1 {
		t.Errorf("a.iso in %d files: %q", maxCachedSums+2, got)
	}
	if len(bigSums.files) != maxCachedSums {
		t.Errorf("%d checksum files kept, want %d", len(bigSums.files), maxCachedSums)
	}
}
