package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// A folder is a release (issue 37): a SHA256SUMS whose entries are in
// sub-folders checks them when the folder is dropped whole; it is not
// hashed as a file; the files it lists that are gone are rows that say so;
// the banner names the files that fail and the Failed filter finds them.
func TestReleaseFolderDroppedWhole(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	root := filepath.Join(t.TempDir(), "release")
	var sums strings.Builder
	for i := range 24 {
		name := fmt.Sprintf("%c/file-%04d.bin", 'a'+i%4, i)
		data := fmt.Sprint("file ", i)
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), data)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(data), name)
	}
	writeFile(t, filepath.Join(root, "SHA256SUMS"), sums.String())
	for _, name := range []string{"b/file-0001.bin", "c/file-0002.bin", "d/file-0003.bin"} {
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), "damaged")
	}
	for _, name := range []string{"a/file-0004.bin", "a/file-0008.bin"} {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	h.w.Add([]string{root})
	h.waitFor("read and judged", func() bool {
		return len(h.w.files.items) == 24 && h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch
	})
	h.settle()
	for _, it := range h.w.files.items {
		if filepath.Base(it.path) == "SHA256SUMS" {
			t.Errorf("the release's SHA256SUMS is listed as a file to hash")
		}
	}
	if got, want := h.w.banner.Headline(), "3 files do NOT match the digests published for them: do not use them"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	for _, name := range []string{"file-0001.bin", "file-0002.bin", "file-0003.bin"} {
		if !strings.Contains(h.w.banner.Detail(), name) {
			t.Errorf("the banner does not name %s: %q", name, h.w.banner.Detail())
		}
	}
	if !strings.Contains(h.w.status.Text, "2 listed files are not here") {
		t.Errorf("status %q does not count the 2 files gone", h.w.status.Text)
	}
	v := h.w.files.compact
	if v == nil {
		t.Fatal("24 files: not the compact list")
	}
	for _, c := range []struct {
		choice string
		want   []string
	}{
		{"Failed", []string{"file-0001.bin", "file-0002.bin", "file-0003.bin"}},
		{"Missing", []string{"file-0004.bin", "file-0008.bin"}},
	} {
		v.status.SetSelected(c.choice)
		h.settle()
		var got []string
		for _, it := range v.items() {
			got = append(got, filepath.Base(it.path))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.choice, got, c.want)
		}
	}
}

// The menu's items that act on the list are disabled while there is
// nothing for them to act on (issue 37), and enabled once there is.
func TestMenuItemsOnAnEmptyList(t *testing.T) {
	h := newHarness(t)
	for _, label := range []string{"Copy all digests", "Save checksums…", "Clear the list", "Cancel all (Esc)", "Compare the files with each other"} {
		if item := findItem(h.w.menu(), tr(label)); item == nil || !item.Disabled {
			t.Errorf("%q is enabled on an empty list", label)
		}
	}
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "abd")})
	h.waitFor("hashed", func() bool { return len(h.w.files.items) == 2 && h.allFinished() && h.w.Idle() })
	for _, label := range []string{"Copy all digests", "Save checksums…", "Clear the list", "Compare the files with each other"} {
		if item := findItem(h.w.menu(), tr(label)); item == nil || item.Disabled {
			t.Errorf("%q is disabled with two files hashed", label)
		}
	}
}

// A download the browser renamed ("ubuntu (1).iso") beside the SHA256SUMS
// that lists it as ubuntu.iso is found there by its digest (issue 37).
func TestRenamedDownloadFoundByDigest(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu (1).iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+" *ubuntu.iso\n"+sha256Hex("server")+" *ubuntu-server.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("judged", func() bool { return h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Match })
	if got, want := h.w.banner.Headline(), "Matches the published SHA-256"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if d := h.w.banner.Detail(); !strings.Contains(d, "It is listed there as ubuntu.iso") {
		t.Errorf("detail %q does not say under which name", d)
	}
}

// The checksum file's view (issue 37): the banner names the files that
// fail, the status filter finds them among the others, the worst first
// puts them on top, and Back to files keeps the check one menu item away.
func TestChecksumFileViewFindsTheFailedOnes(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	var sums strings.Builder
	for i := range 40 {
		name := fmt.Sprintf("f%02d.bin", i)
		writeFile(t, filepath.Join(dir, name), name)
		if i == 7 || i == 31 {
			writeFile(t, filepath.Join(dir, name), "damaged")
		}
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
	}
	fmt.Fprintf(&sums, "%s  %s\n", sha256Hex("gone"), "gone.bin")
	path := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sums.String())
	h.w.openSums(path)
	h.waitFor("checked", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 41 })
	h.settle()
	v := h.w.sums
	if d := v.banner.Detail(); !strings.Contains(d, "NOT matching: f07.bin and f31.bin.") {
		t.Errorf("banner detail %q does not name the two", d)
	}
	names := func() []string {
		var out []string
		for id := range v.list.Length() {
			if i := v.entryAt(id); i >= 0 {
				out = append(out, v.sf.EntryAt(i).Name)
			}
		}
		return out
	}
	for _, c := range []struct {
		choice string
		want   []string
	}{
		{"Failed", []string{"f07.bin", "f31.bin"}},
		{"Missing", []string{"gone.bin"}},
	} {
		v.filter.SetSelected(c.choice)
		if got := names(); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.choice, got, c.want)
		}
	}
	v.filter.SetSelected("All, worst first")
	if got := names(); len(got) != 41 || !slices.Equal(got[:3], []string{"f07.bin", "f31.bin", "gone.bin"}) {
		t.Errorf("worst first begins %q", got[:min(3, len(got))])
	}
	h.w.show(nil) // Back to files
	item := findItem(h.w.menu(), tr("Back to the check of {{.Name}}", "Name", "SHA256SUMS"))
	if item == nil {
		t.Fatal("no way back to the check")
	}
	item.Action()
	if h.w.body.Objects[0] != v.obj {
		t.Error("the menu item does not show the check again")
	}
}

// A whole SHA256SUMS pasted (issue 37) is taken as a checksum file for
// the files listed, not refused as a digest.
func TestPastedChecksumLines(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	h.w.Add([]string{iso})
	h.waitFor("hashed", func() bool { return len(h.w.files.items) == 1 && h.allFinished() && h.w.Idle() })
	h.app.Clipboard().SetContent(sha256Hex("abc") + " *ubuntu.iso\n" + sha256Hex("server") + " *ubuntu-server.iso\n")
	h.w.expected.pasteClipboard()
	h.waitFor("judged", func() bool { return h.w.Idle() && h.w.banner.Outcome() == checksum.Match })
	if got := h.w.expected.Text(); got != "" {
		t.Errorf("the field holds %q: the lines were taken as a digest", got)
	}
	if d := h.w.banner.Detail(); !strings.Contains(d, "the checksum lines you pasted") {
		t.Errorf("detail %q", d)
	}
}

// An all-good checksum file of XXH64 digests says what a match by XXH64
// is worth, as one of CRC32 does (issue 37).
func TestChecksumFileOfXXH64SaysAccidentsOnly(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a, _ := hashing.Lookup("xxh64")
	var sums strings.Builder
	for _, name := range []string{"a.bin", "b.bin"} {
		writeFile(t, filepath.Join(dir, name), name)
		d := a.New()
		d.Write([]byte(name))
		fmt.Fprintf(&sums, "XXH64 (%s) = %x\n", name, d.Sum(nil))
	}
	h.w.openSums(writeFile(t, filepath.Join(dir, "CHECKSUMS"), sums.String()))
	h.waitFor("checked", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 2 })
	v := h.w.sums
	if v.banner.Outcome() != checksum.Match || !strings.Contains(v.banner.Detail(), "XXH64 only catches accidental damage") {
		t.Errorf("banner %v %q / %q", v.banner.Outcome(), v.banner.Headline(), v.banner.Detail())
	}
}

// One wrong digit in a pasted digest is worded as the slip it most likely
// is, and the digest shown under it is the file's SHA-256, the likeliest
// of the 64-digit candidates, not whichever came closest (issue 37).
func TestPastedDigestOneDigitOff(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")})
	h.waitFor("hashed", func() bool { return len(h.w.files.items) == 1 && h.allFinished() && h.w.Idle() })
	good := sha256Hex("abc")
	typo := good[:10] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", good[10])+1)%16]) + good[11:]
	h.app.Clipboard().SetContent(typo)
	h.w.expected.pasteClipboard()
	h.waitFor("judged", func() bool { return h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch })
	if d := h.w.banner.Detail(); !strings.Contains(d, "a slip in copying the digest is likelier than a damaged file") {
		t.Errorf("detail %q", d)
	}
	var shown string
	for _, seg := range h.w.banner.compare.Segments {
		if ts, ok := seg.(*widget.TextSegment); ok {
			shown += ts.Text + "\n"
		}
	}
	if !strings.Contains(shown, "this file's SHA-256 (below)") || !strings.Contains(shown, good[:64]) {
		t.Errorf("the digests shown:\n%s", shown)
	}
}
