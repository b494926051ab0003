package checksum

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// describe is what a test compares of the digests published for a file.
func describe(found []Published) string {
	var b strings.Builder
	for _, p := range found {
		fmt.Fprintf(&b, "%s:%d:%s:%x;", filepath.Base(p.Source), p.Line, strings.Join(ids(p.Expected.Candidates), ","), p.Expected.Sum)
	}
	return b.String()
}

// A Lookup finds, for every file of a folder, what FindPublishedSigned
// finds for it alone: own sidecars first, then the shared checksum files.
func TestLookupAgreesWithFindPublished(t *testing.T) {
	files := map[string]string{
		"ubuntu.iso":        "abc",
		"ubuntu.iso.sha256": apptest.ABCSHA256 + "  ubuntu.iso\n",
		"Ubuntu.ISO.md5":    apptest.ABCMD5 + "\n",
		"SHA512SUMS":        apptest.ABCSHA512 + " *ubuntu.iso\n" + apptest.ABCSHA512 + " *other.iso\n",
		"CHECKSUM":          "SHA256 (other.iso) = " + apptest.ABCSHA256 + "\n",
		"other.iso":         "abc",
		"notes.txt":         "x",
		"sub/SHA256SUMS":    apptest.ABCSHA256 + "  ../ubuntu.iso\n",
		"sub/a.iso":         "abc",
		"sub/a.iso.sha1":    apptest.ABCSHA1 + "\n",
	}
	dir := apptest.Tree(t, files)
	l := NewLookup(nil)
	for name := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		want, _ := findPublished(path)
		got, errs := l.Published(path)
		if len(errs) > 0 {
			t.Errorf("%s: %v", name, errs)
		}
		if describe(got) != describe(want) {
			t.Errorf("%s: Lookup found\n %s\nFindPublished\n %s", name, describe(got), describe(want))
		}
	}
}

// Every file of a folder of thousands is looked up, past any bound on
// how many files of a drop are: each gets its line of the SHA256SUMS.
func TestLookupEveryFileOfABigFolder(t *testing.T) {
	const n = 3003
	files := make(map[string]string, n+1)
	var sums strings.Builder
	for i := range n {
		name := fmt.Sprintf("f%04d.bin", i)
		files[name] = name
		fmt.Fprintf(&sums, "%s  %s\n", apptest.Hex("sha256", []byte(name)), name)
	}
	files["SHA256SUMS"] = sums.String()
	dir := apptest.Tree(t, files)
	l := NewLookup(nil)
	for i := range n {
		name := fmt.Sprintf("f%04d.bin", i)
		got, errs := l.Published(filepath.Join(dir, name))
		if len(errs) > 0 || len(got) != 1 || got[0].Line != i+1 || fmt.Sprintf("%x", got[0].Expected.Sum) != apptest.Hex("sha256", []byte(name)) {
			t.Fatalf("%s: found %s (errors %v), want line %d of SHA256SUMS", name, describe(got), errs, i+1)
		}
	}
	if len(l.folders) != 1 {
		t.Errorf("%d folders listed, want 1", len(l.folders))
	}
}
