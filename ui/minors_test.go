package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// Half of a SHA-256 typed by hand is an MD5's length: understood as such,
// but never ticked while no file could be compared with it, and the card
// says Enter computes what it waits for, not "Computing…".
func TestHalfATypedDigestIsNotTicked(t *testing.T) {
	h := newHarness(t)
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256")})
	clk := &testClock{now: time.Unix(2e9, 0)}
	h.w.now = clk.Now
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "f.iso"), "abc")})
	h.waitFor("hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	f := h.w.expected
	test.Type(f.entry, sha256Hex("abc")[:32])
	clk.advance(typingPause)
	h.settle()
	if got := f.Understood(); !strings.HasPrefix(got, "Understood: ") || !strings.Contains(got, "Enter computes") {
		t.Errorf("the line under the field says %q", got)
	}
	if strings.Contains(f.icon.Resource.Name(), "success") {
		t.Errorf("a tick (%s) beside half a digest nothing was compared with", f.icon.Resource.Name())
	}
	if _, line := h.item("f.iso").verdictLine(); !strings.HasPrefix(line, "Press Enter to compute") {
		t.Errorf("the card says %q while nothing is computed", line)
	}
}

// A pasted digest one digit off is still red, and said to be most likely
// a slip in copying, not "not the file they released".
func TestAOneDigitSlipIsRedAndSaidSo(t *testing.T) {
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "f.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	d := []byte(sha256Hex("abc"))
	d[10] ^= 1
	h.w.expected.SetText(string(d))
	h.waitFor("the verdict", func() bool { return h.w.banner.Outcome() == checksum.Mismatch })
	if got := h.w.banner.Headline(); !strings.Contains(got, "most likely a slip in copying") || strings.Contains(got, "not the file they released") {
		t.Errorf("headline %q", got)
	}
}

// Files cancelled are said to be cancelled, not unreadable, and their
// size is not counted as hashed.
func TestCancelledFilesAreCancelledNotUnreadable(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n"+sha256Hex("x")+"  b.iso\n")
	b := writeFile(t, filepath.Join(dir, "b.iso"), "x")
	h.w.Add([]string{a, b})
	h.waitFor("queued", func() bool { return h.core.queued() == 2 })
	h.w.CancelAll()
	h.waitFor("cancelled", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.w.banner.Headline(); got != "Not every file was checked: 2 files were cancelled" {
		t.Errorf("headline %q", got)
	}
	if got := h.w.status.Text; strings.Contains(got, "B)") {
		t.Errorf("the status counts the cancelled files' size as hashed: %q", got)
	}
}

// Compare the files is offered for two files here, not for one file and
// the rows of files a checksum file lists that are not here.
func TestCompareNeedsTwoFilesHere(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "rel")
	writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n"+sha256Hex("x")+"  b.iso\n")
	h.w.Add([]string{dir})
	h.waitFor("checked", func() bool { return h.allFinished() && h.w.Idle() && len(h.w.files.items) == 2 })
	h.settle()
	if h.w.cmp.button.Visible() || !h.w.compareItem().Disabled {
		t.Error("Compare is offered with one file here and one row of a file not here")
	}
}

// None of the files one checksum file lists is here: the headline names
// that checksum file, never "the checksum files" of one.
func TestNoneHereNamesTheOneChecksumFile(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "rel")
	writeFile(t, filepath.Join(dir, "notes.txt"), "n")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n"+sha256Hex("x")+"  b.iso\n")
	h.w.Add([]string{dir})
	h.waitFor("checked", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.w.banner.Headline(); got != "None of the 2 files SHA256SUMS lists is here" {
		t.Errorf("headline %q", got)
	}
}

// Two copies of one name, one bad: the banner says which folder's.
func TestTheBadOfTwoSameNamedCopiesIsNamedByItsFolder(t *testing.T) {
	h := newHarness(t)
	root := t.TempDir()
	good := writeFile(t, filepath.Join(root, "mirror1", "a.iso"), "abc")
	writeFile(t, filepath.Join(root, "mirror1", "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n")
	bad := writeFile(t, filepath.Join(root, "mirror2", "a.iso"), "abd")
	writeFile(t, filepath.Join(root, "mirror2", "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n")
	h.w.Add([]string{good, bad})
	h.waitFor("checked", func() bool { return h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch })
	if d := h.w.banner.Detail(); !strings.Contains(d, filepath.Join("mirror2", "a.iso")) {
		t.Errorf("the banner does not say which copy is bad: %q", d)
	}
}

// Esc (Cancel all) during a folder's walk stops it: nothing of the folder
// is listed or read, and the window says so.
func TestEscStopsAFolderWalk(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := filepath.Join(t.TempDir(), "big")
	for i := range 2000 {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("d%d", i%20), fmt.Sprintf("f%04d", i)), "x")
	}
	h.w.Add([]string{dir})
	h.w.escape() // at once: the walk has begun, in the background
	h.waitFor("the walk to end", func() bool { return h.w.walking == 0 && h.w.Idle() })
	h.settle()
	if n := len(h.w.files.items); n != 0 || h.core.queued() != 0 {
		t.Errorf("%d files listed and %d read after Esc", n, h.core.queued())
	}
	if got := h.w.note.Text; !strings.HasPrefix(got, "Cancelled") {
		t.Errorf("the window says %q", got)
	}
}
