package release

import (
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// lookCounter counts Gather's looks at each file (the looked hook).
func lookCounter(t *testing.T) map[string]int {
	n := map[string]int{}
	looked = func(path, how string) { n[filepath.Base(path)+" "+how]++ }
	t.Cleanup(func() { looked = nil })
	return n
}

// verify's gathering of a folder does not look at the files the walk
// found again, neither to stat them (SizesLater: reading them tells their
// sizes) nor to find the checksum file's entries: one open and one fstat a
// file are left, those of its reading. The release is the same as when
// Gather looks at each file.
func TestGatherTakesTheWalksWord(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	var sums string
	for d := range 3 {
		for i := range 20 {
			name := filepath.Join(string(rune('a'+d)), string(rune('k'+i))+".bin")
			write(t, filepath.Join(root, name), name)
			sums += sha(name) + "  " + filepath.ToSlash(name) + "\n"
		}
	}
	write(t, filepath.Join(root, "SHA256SUMS"), sums+sha("gone")+"  c/gone.bin\n")
	looks := lookCounter(t)
	r := Gather(context.Background(), []string{root}, Options{SizesLater: true})
	if len(looks) != 1 || looks["gone.bin locate"] != 1 {
		t.Errorf("looks at files: %v; want the missing entry's lookup alone", looks)
	}
	looked = nil
	full := Gather(context.Background(), []string{root}, Options{})
	if len(r.Files) != 62 || len(full.Files) != len(r.Files) {
		t.Fatalf("%d and %d files, want 60, the checksum file and the missing one", len(r.Files), len(full.Files))
	}
	for i, f := range r.Files {
		g := full.Files[i]
		if f.Path != g.Path || f.Read != g.Read || len(f.Published) != len(g.Published) || f.Companion != g.Companion || r.Walked[i] != full.Walked[i] {
			t.Errorf("%s: %+v; looking at each file: %+v", r.Names[i], f, g)
		}
		if f.Read == verdict.FileWaiting && (f.Size != -1 || g.Size != int64(len(filepath.Base(g.Path))+2) && !f.Companion) {
			t.Errorf("%s: size %d, looking at each file %d; want -1 until it is read", r.Names[i], f.Size, g.Size)
		}
	}
	if len(r.Sources) != 1 || len(r.Sources[0].Orphans) != 1 {
		t.Errorf("sources %+v", r.Sources)
	}
}

// An entry is taken from the walk only when the walk came to its file
// through folders from one holding the checksum file: a file reached
// through a link out of the folder (its folder given too) and a name
// through ".." are looked up, as Locate always did.
func TestGatherLooksUpWhatTheWalkCannotVouchFor(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "r")
	out := filepath.Join(top, "out")
	write(t, filepath.Join(out, "x.bin"), "x")
	write(t, filepath.Join(root, "in", "y.bin"), "y")
	if err := os.Symlink(out, filepath.Join(root, "l")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	write(t, filepath.Join(root, "SHA256SUMS"), sha("x")+"  l/x.bin\n"+sha("y")+"  in/../in/y.bin\n")
	looks := lookCounter(t)
	// "r/l/" with its slash: the walk goes into the folder the link leads to.
	r := Gather(context.Background(), []string{root, filepath.Join(root, "l") + "/"}, Options{SizesLater: true})
	if looks["x.bin locate"] != 1 || looks["y.bin locate"] != 1 {
		t.Errorf("looks %v; want l/x.bin and in/../in/y.bin looked up", looks)
	}
	seen := 0
	for i, f := range r.Files {
		switch f.Path {
		case filepath.Join(root, "in", "y.bin"):
			seen++
			if f.Read != verdict.FileWaiting || len(f.Published) != 1 {
				t.Errorf("%s: %v, %d published; want its entry", r.Names[i], f.Read, len(f.Published))
			}
		case filepath.Join(root, "l", "x.bin"):
			// Given itself (its folder was), it is read whatever the
			// checksum file's folder says of the way to it.
			seen++
			if f.Read != verdict.FileWaiting || len(f.Published) != 1 {
				t.Errorf("%s: %v, %d published; want its entry", r.Names[i], f.Read, len(f.Published))
			}
		}
	}
	if seen != 2 {
		t.Errorf("%d of the 2 entries found", seen)
	}
}

// Firsts gives each file what FirstAlgorithms gives it, the orphans'
// algorithms gathered once for all the files nothing names.
func TestFirstsAsFirstAlgorithms(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	write(t, filepath.Join(root, "a.bin"), "a")
	write(t, filepath.Join(root, "b [3610A686].bin"), "b")
	write(t, filepath.Join(root, "SHA256SUMS"), sha("a")+"  a.bin\n"+sha("x")+"  gone.bin\n")
	write(t, filepath.Join(root, "MD5SUMS"), "0cc175b9c0f1b6a831c399e269772661  gone2.bin\n")
	write(t, filepath.Join(root, "files.sfv"), "gone3.bin 3610A686\n")
	write(t, filepath.Join(root, "B2SUMS"), strings.Repeat("ab", 64)+"  gone4.bin\n")
	r := Gather(context.Background(), []string{root}, Options{})
	firsts := NewFirsts(r.Sources)
	unnamed := 0
	for i := range r.Files {
		f := &r.Files[i]
		if f.Companion {
			continue
		}
		if len(f.Published) == 0 {
			unnamed++
		}
		got, want := firsts.Of(f), FirstAlgorithms(f, r.Sources)
		if !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%s: %v, FirstAlgorithms %v", r.Names[i], got, want)
		}
	}
	if unnamed < 1 {
		t.Errorf("no file nothing names: the test tests nothing")
	}
}

// KeepEntries (verify) gathers the release that streaming the checksum
// files gathers: the same rows, digests and orphans.
func TestGatherKeepingEntries(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	var sums string
	for i := range 40 {
		name := fmt.Sprintf("d%d/f%d", i%4, i)
		write(t, filepath.Join(root, name), name)
		sums += sha(name) + "  " + name + "\n"
	}
	write(t, filepath.Join(root, "SHA256SUMS"), sums+sha("gone")+"  gone.bin\nnot a line\n")
	kept := Gather(context.Background(), []string{root}, Options{SizesLater: true, KeepEntries: true})
	streamed := Gather(context.Background(), []string{root}, Options{SizesLater: true})
	if len(kept.Files) != 42 || len(kept.Files) != len(streamed.Files) || len(kept.Sums) != 1 || kept.Sums[0].File().ProblemCount != 1 {
		t.Fatalf("%d and %d rows, %d checksum files", len(kept.Files), len(streamed.Files), len(kept.Sums))
	}
	for i, f := range kept.Files {
		g := streamed.Files[i]
		if f.Path != g.Path || f.Read != g.Read || len(f.Published) != len(g.Published) ||
			len(f.Published) == 1 && (f.Published[0].Line != g.Published[0].Line || !slices.Equal(f.Published[0].Expected.Sum, g.Published[0].Expected.Sum)) {
			t.Errorf("%s: %+v, streaming: %+v", kept.Names[i], f, g)
		}
	}
	if len(kept.Sources) != 1 || len(kept.Sources[0].Orphans) != 1 || len(streamed.Sources[0].Orphans) != 1 {
		t.Errorf("sources %+v", kept.Sources)
	}
	if got := kept.Sums[0].Published(filepath.Join(root, "d1", "f5")); len(got) != 1 {
		t.Errorf("the kept file's index finds %d entries for d1/f5", len(got))
	}
}

// The checksum files a walk finds are read while it goes on (on another
// goroutine), and the release is the one Gather made reading them in
// turn: the same rows, entries, orphans, problems and checksum files. A
// checksum file given itself as well is read again, in turn; a signature
// over a checksum file is not read as one.
func TestGatherReadsChecksumFilesEarly(t *testing.T) {
	root := filepath.Join(t.TempDir(), "r")
	var sums, md5s string
	for i := range 40 {
		name := fmt.Sprintf("d%d/f%02d.bin", i%4, i)
		write(t, filepath.Join(root, name), name)
		sums += sha(name) + "  " + name + "\n"
		if i%4 == 1 {
			h := md5.Sum([]byte(name))
			md5s += hex.EncodeToString(h[:]) + "  " + filepath.Base(name) + "\n"
		}
	}
	write(t, filepath.Join(root, "SHA256SUMS"), sums+sha("gone")+"  gone.bin\nnot a line\n")
	write(t, filepath.Join(root, "SHA256SUMS.sig"), "not a signature\n")
	write(t, filepath.Join(root, "d1", "MD5SUMS"), md5s+strings.Repeat("0", 32)+"  lost.bin\n")
	write(t, filepath.Join(root, "d2", "broken.sha256"), "\xff\xfe not a checksum file\n")
	write(t, filepath.Join(root, "d3", "SHA256"), "SHA256 (f03.bin) = "+sha("d3/f03.bin")+"\n")
	write(t, filepath.Join(root, "d3", "SHA256.sig"), "not a signature\n") // over SHA256: no checksum file
	paths := []string{root, filepath.Join(root, "SHA256SUMS")}
	for _, keep := range []bool{false, true} {
		reads := map[string]int{}
		readChecksums = func(path string, early bool) {
			rel, _ := filepath.Rel(root, path)
			reads[fmt.Sprintf("%s %v", filepath.ToSlash(rel), early)]++
		}
		got := Gather(context.Background(), paths, Options{SizesLater: true, KeepEntries: keep})
		readChecksums = nil
		want := map[string]int{"SHA256SUMS true": 1, "SHA256SUMS false": 1, "d1/MD5SUMS true": 1, "d2/broken.sha256 true": 1, "d3/SHA256 true": 1}
		if !maps.Equal(reads, want) {
			t.Errorf("keep %v: checksum files read %v; want %v", keep, reads, want)
		}
		old := earlyMax
		earlyMax = 0
		inTurn := Gather(context.Background(), paths, Options{SizesLater: true, KeepEntries: keep})
		earlyMax = old
		sameRelease(t, got, inTurn)
		if len(got.Problems) != 1 || len(got.Sums) != 4 || len(got.Sources) != 4 {
			t.Errorf("keep %v: problems %v, %d checksum files, %d sources; want broken.sha256's problem and 4 of each",
				keep, got.Problems, len(got.Sums), len(got.Sources))
		}
	}
}

// sameRelease fails t when a and b differ in a way a verdict could see.
func sameRelease(t *testing.T, a, b *Release) {
	t.Helper()
	if !slices.Equal(a.Names, b.Names) || !slices.Equal(a.Walked, b.Walked) || len(a.Files) != len(b.Files) {
		t.Fatalf("rows %q, in turn %q", a.Names, b.Names)
	}
	for i, f := range a.Files {
		g := b.Files[i]
		same := f.Path == g.Path && f.Read == g.Read && f.Size == g.Size && f.Companion == g.Companion &&
			fmt.Sprint(f.Err) == fmt.Sprint(g.Err) && slices.Equal(f.Unsupported, g.Unsupported) && len(f.Published) == len(g.Published)
		for k := 0; same && k < len(f.Published); k++ {
			p, q := f.Published[k], g.Published[k]
			same = p.Source == q.Source && p.Line == q.Line && slices.Equal(p.Expected.Sum, q.Expected.Sum) &&
				slices.Equal(p.Expected.Candidates, q.Expected.Candidates) && p.Signed == q.Signed
		}
		if !same {
			t.Errorf("%s: %+v, in turn %+v", a.Names[i], f, g)
		}
	}
	if len(a.Sources) != len(b.Sources) || len(a.Sums) != len(b.Sums) || fmt.Sprint(a.Problems) != fmt.Sprint(b.Problems) {
		t.Fatalf("%d sources, %d checksum files, problems %v; in turn %d, %d, %v",
			len(a.Sources), len(a.Sums), a.Problems, len(b.Sources), len(b.Sums), b.Problems)
	}
	for k, s := range a.Sources {
		o := b.Sources[k]
		if s.Path != o.Path || len(s.Orphans) != len(o.Orphans) {
			t.Errorf("source %s: %d orphans; in turn %s: %d", s.Path, len(s.Orphans), o.Path, len(o.Orphans))
			continue
		}
		for j := range s.Orphans {
			if s.Orphans[j].Name != o.Orphans[j].Name || s.Orphans[j].Path != o.Orphans[j].Path {
				t.Errorf("orphan %+v; in turn %+v", s.Orphans[j], o.Orphans[j])
			}
		}
	}
	for k, x := range a.Sums {
		if x.File().Path != b.Sums[k].File().Path || x.File().ProblemCount != b.Sums[k].File().ProblemCount {
			t.Errorf("checksum file %s; in turn %s", x.File().Path, b.Sums[k].File().Path)
		}
	}
}

// A walk's items are kept in chunks; they come back in the order added,
// across the chunks' edges, and all of them.
func TestItemListKeepsOrder(t *testing.T) {
	var l itemList
	n := 2*itemChunk + itemChunk/2
	for i := range n {
		l.add(item{path: fmt.Sprint(i), size: int64(i)})
	}
	k := 0
	for it := range l.all() {
		if it.path != fmt.Sprint(k) || it.size != int64(k) {
			t.Fatalf("item %d is %+v", k, it)
		}
		k++
	}
	if k != n || l.n != n || len(l.chunks) != 3 {
		t.Errorf("%d items of %d (n %d) in %d chunks", k, n, l.n, len(l.chunks))
	}
	for it := range l.all() {
		if it.path != "0" {
			t.Errorf("first item %+v", it)
		}
		break // all stops when told
	}
}
