package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// twoFolders makes ~/Downloads/debian.iso ("abc") and ~/Desktop/SHA256SUMS
// holding sums (home is the test's).
func twoFolders(t *testing.T, sums string) (iso, sumsFile string) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	iso = writeFile(t, filepath.Join(home, "Downloads", "debian.iso"), "abc")
	sumsFile = writeFile(t, filepath.Join(home, "Desktop", "SHA256SUMS"), sums)
	return iso, sumsFile
}

// judgedBy waits for the file's verdict against published digests.
func judgedBy(h *harness, name string, o checksum.Outcome) *fileItem {
	h.t.Helper()
	h.waitFor(name+" judged "+o.String(), func() bool {
		for _, it := range h.w.files.items {
			if it.name == name && it.finished() && it.sidecar != nil && it.sidecar.Outcome == o && h.w.banner.Outcome() == o {
				return true
			}
		}
		return false
	})
	return h.item(name)
}

// The verdict on a file checked against a SHA256SUMS beside it, for
// comparing with one kept elsewhere.
func besideVerdict(t *testing.T) (headline string) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "debian.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  debian.iso\n")
	h.w.Add([]string{iso})
	judgedBy(h, "debian.iso", checksum.Match)
	return h.w.banner.Headline()
}

// A SHA256SUMS from another folder, dropped with the ISO or before or after
// it, or opened, checks it by its base name, with the verdict it gives
// beside it, and the window says which checksum file decided.
func TestChecksumFileFromAnotherFolder(t *testing.T) {
	want := besideVerdict(t)
	for _, how := range []string{"one drop", "ISO then SHA256SUMS", "SHA256SUMS then ISO", "ISO then Open checksum file"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t)
			iso, sums := twoFolders(t, sha256Hex("abc")+"  debian.iso\n"+sha256Hex("x")+"  other.iso\n")
			switch how {
			case "one drop":
				h.w.Add([]string{iso, sums})
			case "ISO then SHA256SUMS":
				h.w.Add([]string{iso})
				h.waitFor("hashed", h.allFinished)
				h.w.Add([]string{sums})
			case "SHA256SUMS then ISO":
				// Nothing listed yet: the files it lists are rows that say
				// they are not beside it; the ISO dropped from elsewhere
				// takes its row (issue 37).
				h.w.Add([]string{sums})
				h.waitFor("its rows", func() bool { return len(h.w.files.items) == 2 && h.w.Idle() && h.w.walking == 0 })
				if len(h.w.given) != 1 || h.w.sums != nil {
					t.Fatalf("%d checksum files remembered; the checksum-file view: %v", len(h.w.given), h.w.sums != nil)
				}
				if it := h.item(filepath.Join("Desktop", "debian.iso")); it.state != stateMissing {
					t.Fatalf("debian.iso, not beside SHA256SUMS: %v", it.state)
				}
				h.w.Add([]string{iso})
			case "ISO then Open checksum file":
				h.w.Add([]string{iso})
				h.waitFor("hashed", h.allFinished)
				h.dialogs.sums = sums
				h.w.openChecksumFile()
			}
			it := judgedBy(h, "debian.iso", checksum.Match)
			rows := 1
			if how == "SHA256SUMS then ISO" || how == "one drop" {
				rows = 2 // other.iso, not here: as hashdrop verify lists it
			}
			if len(h.w.files.items) != rows || it.path != iso {
				t.Errorf("%d files listed, want %d; debian.iso is %s", len(h.w.files.items), rows, it.path)
			}
			if got := h.w.banner.Headline(); got != want {
				t.Errorf("banner %q, want %q as beside the file", got, want)
			}
			where := filepath.Join("~", "Desktop")
			if d := h.w.banner.Detail(); !strings.Contains(d, "Compared with SHA256SUMS in "+where+".") {
				t.Errorf("the banner does not say which checksum file decided: %q", d)
			}
			if _, line := it.verdictLine(); !strings.Contains(line, "(SHA256SUMS in "+where+")") {
				t.Errorf("card: %q", line)
			}
			if it.marks[mustAlg("sha256")] != checksum.Match {
				t.Error("no tick beside SHA-256")
			}
			if h.w.body.Objects[0] != h.w.mainView {
				t.Error("the list is not in view")
			}
			if !h.w.indexed(nil) {
				t.Error("a checksum file a file was looked up in is not indexed")
			}
		})
	}
}

// A digest that differs is a mismatch, worded with the checksum file.
func TestChecksumFileFromAnotherFolderMismatch(t *testing.T) {
	h := newHarness(t)
	iso, sums := twoFolders(t, sha256Hex("abd")+"  debian.iso\n")
	h.w.Add([]string{iso, sums})
	judgedBy(h, "debian.iso", checksum.Mismatch)
	if d := h.w.banner.Detail(); !strings.Contains(d, "debian.iso does not match the digest in SHA256SUMS in "+filepath.Join("~", "Desktop")+".") {
		t.Errorf("detail %q", d)
	}
}

// An entry with a folder that is not the file's is not guessed to be
// about it: the file gets no verdict, and a SHA256SUMS dropped on its own
// that lists none of the files is checked in its own view.
func TestChecksumFileEntryWithAnotherPathIsNotGuessed(t *testing.T) {
	h := newHarness(t)
	iso, sums := twoFolders(t, sha256Hex("abc")+"  amd64/debian.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("hashed", h.allFinished)
	h.w.Add([]string{sums})
	h.waitFor("its row", func() bool { return len(h.w.files.items) == 2 && h.w.Idle() && h.w.walking == 0 })
	h.settle()
	if it := h.item(filepath.Join("Desktop", "amd64", "debian.iso")); it.state != stateMissing {
		t.Errorf("amd64/debian.iso, not beside SHA256SUMS: %v", it.state)
	}
	if it := h.item("debian.iso"); it.sidecar != nil || len(it.published) != 0 {
		t.Errorf("debian.iso judged by amd64/debian.iso: %+v", it.sidecar)
	}
	h.w.Add([]string{iso}) // listed already: nothing changes
	h.settle()
	if h.w.banner.Outcome() != checksum.Unknown {
		t.Errorf("banner %v %q", h.w.banner.Outcome(), h.w.banner.Headline())
	}
}

// Two checksum files that disagree about the file are a conflict the
// banner and the card show, whichever the file matches.
func TestChecksumFilesThatDisagree(t *testing.T) {
	h := newHarness(t)
	iso, sums := twoFolders(t, sha256Hex("abc")+"  debian.iso\n")
	writeFile(t, filepath.Join(filepath.Dir(iso), "SHA256SUMS"), sha256Hex("abd")+"  debian.iso\n") // beside it, and wrong
	h.w.Add([]string{iso, sums})
	it := judgedBy(h, "debian.iso", checksum.Conflict)
	if got := h.w.banner.Headline(); got != "The checksum files disagree about debian.iso: do not rely on it" {
		t.Errorf("banner %q", got)
	}
	desktop, downloads := "SHA256SUMS in "+filepath.Join("~", "Desktop"), "SHA256SUMS in "+filepath.Join("~", "Downloads")
	if got := h.w.banner.Detail(); !strings.HasPrefix(got, "It matches "+desktop+", not "+downloads+": ") {
		t.Errorf("detail %q", got)
	}
	if _, line := it.verdictLine(); line != "The checksum files disagree: "+desktop+" and "+downloads {
		t.Errorf("card %q", line)
	}
	if len(it.marks) != 0 {
		t.Errorf("a conflict marks rows: %v", it.marks)
	}

	// Clear forgets the checksum file given.
	h.w.Clear()
	h.w.Add([]string{iso})
	judgedBy(h, "debian.iso", checksum.Mismatch)
}

// A SHA256SUMS given while the ISO is read with every algorithm of the
// preset gives SHA-256 the priority, as a digest pasted then would.
func TestChecksumFileGivenDuringHashingGoesFirst(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	iso, sums := twoFolders(t, sha256Hex("abc")+"  debian.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("listed", func() bool { return len(h.w.files.items) == 1 })
	if n := len(h.core.job(0).algs); n < 2 {
		t.Fatalf("read with %d algorithms", n)
	}
	h.w.Add([]string{sums})
	h.waitFor("read again with SHA-256 first", func() bool { return len(h.core.jobs) == 2 })
	if got := h.core.job(1).algs; len(got) != 1 || got[0] != mustAlg("sha256") {
		t.Errorf("read again with %v", algNames(got))
	}
	h.core.hold = false
	h.core.release()
	it := judgedBy(h, "debian.iso", checksum.Match)
	h.waitFor("the other algorithms", h.allFinished)
	if len(it.digests) != len(h.core.job(0).algs) {
		t.Errorf("%d digests after the verdict, want the preset's %d", len(it.digests), len(h.core.job(0).algs))
	}
}

// Checksum files dropped together on their own (a download folder's
// SHA256SUMS and SHA512SUMS, each with its signature) are checked one after
// the other, not hashed as files; a signature dropped with the file it
// signs is read as its signature.
func TestChecksumFilesDroppedTogether(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "debian.iso"), "abc")
	sha256 := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  debian.iso\n")
	md5 := writeFile(t, filepath.Join(dir, "MD5SUMS"), "900150983cd24fb0d6963f7d28e17f72  debian.iso\n")
	sig := writeFile(t, sha256+".sign", "not a real signature")

	// Given alone, both check the file they list, in one list (issue 37);
	// the signature is read as SHA256SUMS's, not hashed.
	h.w.Add([]string{sha256, sig, md5})
	it := judgedBy(h, filepath.Join(filepath.Base(dir), "debian.iso"), checksum.Match) // named from above its folder
	if len(h.w.files.items) != 1 || h.w.sums != nil {
		t.Fatalf("%d rows, want debian.iso's alone; the checksum-file view: %v", len(h.w.files.items), h.w.sums != nil)
	}
	bySig := false
	sources := make(map[string]bool)
	for _, p := range it.published {
		sources[filepath.Base(p.Source)] = true
		bySig = bySig || p.Source == sha256 && p.Authenticity != nil
	}
	if !sources["SHA256SUMS"] || !sources["MD5SUMS"] || !bySig {
		t.Errorf("debian.iso published by %v, SHA256SUMS's signature read: %v", sources, bySig)
	}

	// Longer than the list takes, they are checked in the checksum-file
	// view, one after the other.
	longChecksumFiles(t)
	h.w.Clear()
	h.w.Add([]string{sha256, sig, md5})
	checked := func(path string) func() bool {
		return func() bool {
			v := h.w.sums
			return v != nil && v.path == path && v.sf != nil && !v.running() && v.checked == 1
		}
	}
	h.waitFor("SHA256SUMS checked", checked(sha256))
	if len(h.w.files.items) != 0 {
		t.Fatalf("%d files hashed as files", len(h.w.files.items))
	}
	v := h.w.sums
	if v.EntryStatus(0) != "OK" || !v.authRow.Visible() {
		t.Errorf("SHA256SUMS: %s, its signature shown: %v", v.EntryStatus(0), v.authRow.Visible())
	}
	if !v.nextBtn.Visible() || v.nextBtn.Text != "Next: MD5SUMS" {
		t.Fatalf("next button %v %q", v.nextBtn.Visible(), v.nextBtn.Text)
	}
	test.Tap(v.nextBtn)
	h.waitFor("MD5SUMS checked", checked(md5))
	if v := h.w.sums; v.EntryStatus(0) != "OK" || v.nextBtn.Visible() {
		t.Errorf("MD5SUMS: %s, a next button: %v", v.EntryStatus(0), v.nextBtn.Visible())
	}

	// Dropped with the ISO they list, they are used for it, as ever.
	h.w.Clear()
	iso := filepath.Join(dir, "debian.iso")
	h.w.Add([]string{iso, sha256, md5})
	judgedBy(h, "debian.iso", checksum.Match)
	if len(h.w.files.items) != 1 {
		t.Errorf("%d cards, want the ISO's alone", len(h.w.files.items))
	}

	// An ISO dropped with its own signature: one card, the signature read.
	h.w.Clear()
	isoSig := writeFile(t, iso+".sig", "not a real signature")
	h.w.Add([]string{isoSig, iso})
	h.waitFor("the ISO hashed", func() bool { return h.allFinished() && len(h.w.files.items) > 0 })
	if len(h.w.files.items) != 1 || h.w.files.items[0].name != "debian.iso" {
		t.Errorf("cards %d, first %q: want debian.iso alone", len(h.w.files.items), h.w.files.items[0].name)
	}
}

// A large checksum file remembered for later files (read again from the
// disk, not kept) that is replaced by a new one (a newer SHA256SUMS
// downloaded over it) is read again when files are dropped: the new one
// decides, not nothing and not the old one.
func TestChecksumFileChangedSinceGivenIsReadAgain(t *testing.T) {
	var filler strings.Builder
	for i := range 16_000 { // 72 bytes a line: over a megabyte
		fmt.Fprintf(&filler, "%s  f%05d\n", sha256Hex("x"), i)
	}
	h := newHarness(t)
	longChecksumFiles(t) // checked in its view, and remembered
	iso, sums := twoFolders(t, filler.String()+sha256Hex("abX")+"  debian.iso\n")
	h.w.Add([]string{sums})
	h.waitFor("the check to end", func() bool { return h.w.sums != nil && h.w.sums.sf != nil && !h.w.sums.running() })
	writeFile(t, sums, filler.String()+sha256Hex("abc")+"  debian.iso\n")
	later := time.Now().Add(time.Minute) // a change the size alone would not show
	if err := os.Chtimes(sums, later, later); err != nil {
		t.Fatal(err)
	}
	h.w.Add([]string{iso})
	judgedBy(h, "debian.iso", checksum.Match)
	if len(h.w.given) != 1 {
		t.Errorf("%d checksum files remembered, want the new one only", len(h.w.given))
	}
}

// A SHA256SUMS given on the command line has the ISO it lists judged
// before the window's first frame, while it is read: the banner says it
// is being checked and the card shows the line it is checked by, with no
// tick in between (they came a tick later, a frame each).
func TestFilesGivenAreJudgedBeforeTheFirstFrame(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true // read, not finished
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "debian.iso"), "abc")
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  debian.iso\n")
	h.w.early.start()
	h.w.Add([]string{sums})
	h.w.filesGiven(time.Minute)
	if len(h.w.files.items) != 1 || h.w.files.items[0].finished() {
		t.Fatalf("%d files listed, want the ISO, being read", len(h.w.files.items))
	}
	it := h.w.files.items[0]
	if got, want := h.w.banner.Headline(), "Checking "+h.w.placeName(it)+" against the digest published next to it…"; !h.w.banner.Visible() || got != want {
		t.Errorf("the banner says %q (shown: %v), want %q", got, h.w.banner.Visible(), want)
	}
	if _, line := it.verdictLine(); line == "" {
		t.Error("the card has no verdict line")
	}
}
