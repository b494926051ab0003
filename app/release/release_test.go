package release

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/app/verdict"
)

func write(t *testing.T, path, data string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// A folder is a release: its checksum file, at the top, gives the files
// in sub-folders their digests; it is a companion, not a file to judge;
// an entry whose file is gone is a row that says so, and an orphan a
// renamed file may match.
func TestGatherRelease(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	write(t, filepath.Join(root, "a/x.bin"), "x")
	write(t, filepath.Join(root, "b/y.bin"), "y")
	write(t, filepath.Join(root, "notes.txt"), "n")
	write(t, filepath.Join(root, "SHA256SUMS"), sha("x")+"  a/x.bin\n"+sha("y")+"  b/y.bin\n"+sha("z")+"  c/z.bin\n")
	r := Gather(context.Background(), []string{root}, Options{})
	if len(r.Problems) > 0 {
		t.Fatalf("problems: %v", r.Problems)
	}
	byName := make(map[string]verdict.File)
	for i, f := range r.Files {
		byName[filepath.ToSlash(r.Names[i])] = f
	}
	for name, want := range map[string]struct {
		read      verdict.Read
		published int
		companion bool
	}{
		"r/a/x.bin":       {verdict.FileWaiting, 1, false},
		"r/b/y.bin":       {verdict.FileWaiting, 1, false},
		"r/notes.txt":     {verdict.FileWaiting, 0, false},
		"r/SHA256SUMS":    {verdict.FileWaiting, 0, true},
		root + "/c/z.bin": {verdict.FileMissing, 1, false},
	} {
		f, ok := byName[filepath.ToSlash(name)]
		if !ok {
			t.Errorf("%s is not listed (%q)", name, r.Names)
			continue
		}
		if f.Read != want.read || len(f.Published) != want.published || f.Companion != want.companion {
			t.Errorf("%s: read %v, %d published, companion %v; want %+v", name, f.Read, len(f.Published), f.Companion, want)
		}
	}
	if len(r.Sources) != 1 || len(r.Sources[0].Orphans) != 1 || r.Sources[0].Orphans[0].Name != "c/z.bin" {
		t.Errorf("sources %+v", r.Sources)
	}
	var algs []string
	for _, a := range FirstAlgorithms(&r.Files[0], r.Sources) {
		algs = append(algs, a.ID)
	}
	if !slices.Equal(algs, []string{"sha256"}) {
		t.Errorf("first algorithms of %s: %v", r.Names[0], algs)
	}
}

// A file given alone is judged by the checksum files beside it; the
// entries they have for files not there are orphans.
func TestGatherBeside(t *testing.T) {
	dir := t.TempDir()
	iso := write(t, filepath.Join(dir, "ubuntu (1).iso"), "abc")
	write(t, filepath.Join(dir, "SHA256SUMS"), sha("abc")+" *ubuntu.iso\n")
	r := Gather(context.Background(), []string{iso}, Options{})
	if len(r.Files) != 1 || len(r.Files[0].Published) != 0 {
		t.Fatalf("files %+v", r.Files)
	}
	if len(r.Sources) != 1 || len(r.Sources[0].Orphans) != 1 || r.Sources[0].Orphans[0].Path != filepath.Join(dir, "ubuntu.iso") {
		t.Errorf("sources %+v", r.Sources)
	}
}

// A file given with a checksum file from another folder that names it by
// its bare name (a SHA256SUMS kept on the Desktop, the ISO in Downloads)
// is listed by it, and the row that said "not here" is that file: no
// MISSING row and no orphan are left for it. A checksum file given
// earlier (Options.Given) does the same.
func TestGatherBareNameFromAnotherFolder(t *testing.T) {
	home := t.TempDir()
	iso := write(t, filepath.Join(home, "Downloads", "debian.iso"), "abd")
	sums := write(t, filepath.Join(home, "Desktop", "SHA256SUMS"), sha("abc")+"  debian.iso\n"+sha("o")+"  other.iso\n")
	check := func(t *testing.T, r *Release) {
		t.Helper()
		var missing []string
		for _, f := range r.Files {
			if f.Read == verdict.FileMissing {
				missing = append(missing, filepath.Base(f.Path))
			}
			if f.Path == iso && len(f.Published) != 1 {
				t.Errorf("debian.iso has %d published digests, want the Desktop's entry", len(f.Published))
			}
		}
		if !slices.Equal(missing, []string{"other.iso"}) {
			t.Errorf("rows not here: %v, want other.iso alone", missing)
		}
		for _, s := range r.Sources {
			for _, o := range s.Orphans {
				if filepath.Base(o.Path) == "debian.iso" {
					t.Errorf("debian.iso's entry is still an orphan of %s", s.Path)
				}
			}
		}
	}
	t.Run("given together", func(t *testing.T) {
		r := Gather(context.Background(), []string{iso, sums}, Options{})
		check(t, r)
		if len(r.Sums) != 1 {
			t.Errorf("%d checksum files read, want SHA256SUMS", len(r.Sums))
		}
	})
	t.Run("given before", func(t *testing.T) {
		first := Gather(context.Background(), []string{sums}, Options{})
		r := Gather(context.Background(), []string{iso}, Options{Given: first.Sums})
		for _, f := range r.Files {
			if f.Path == iso && len(f.Published) != 1 {
				t.Errorf("debian.iso has %d published digests, want the entry of the checksum file given before", len(f.Published))
			}
		}
	})
}

// Found is told the count of the files the walk finds, the last time the
// total; the files' own signatures are left to the caller when asked.
func TestGatherCountsAndDefersOwnSignatures(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	for i := range 5 {
		write(t, filepath.Join(root, "d", string(rune('a'+i))), "x")
	}
	var counts []int
	r := Gather(context.Background(), []string{root}, Options{Found: func(n int) { counts = append(counts, n) }, OwnSignaturesLater: true})
	if len(counts) == 0 || counts[len(counts)-1] != 5 || len(r.Files) != 5 {
		t.Errorf("counts told %v for %d files, want the last to be 5", counts, len(r.Files))
	}
	for i, w := range r.Walked {
		if !w {
			t.Errorf("%s is not marked as found in the folder", r.Names[i])
		}
	}
}
