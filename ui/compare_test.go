package ui

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// dropped lists paths on the window and waits until every file is read.
func (h *harness) dropped(paths ...string) {
	h.t.Helper()
	var uris []fyne.URI
	for _, p := range paths {
		uris = append(uris, storage.NewFileURI(p))
	}
	h.w.drop(uris)
	h.waitFor("every file hashed", func() bool { return h.allFinished() && len(h.w.files.items) == len(paths) })
	h.settle()
}

// traced makes the window trace into a buffer.
func (h *harness) traced() *bytes.Buffer {
	var b bytes.Buffer
	h.w.trace = log.New(&b, "", 0)
	return &b
}

// An ISO and its copy, of one name in two folders: Compare says they are
// identical, naming the strongest algorithm computed, and the cards and
// the banner tell them apart by their folders.
func TestCompareIdentical(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "Downloads", "ubuntu.iso"), "the same bytes")
	cp := writeFile(t, filepath.Join(dir, "usb", "ubuntu.iso"), "the same bytes")
	h.dropped(iso, cp)
	trace := h.traced()
	if h.w.cmp.button.Hidden {
		t.Fatal("Compare is hidden with two files listed")
	}
	test.Tap(h.w.cmp.button)
	if got, want := h.w.banner.Headline(), "Identical: Downloads/ubuntu.iso and usb/ubuntu.iso are the same"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if h.w.banner.Outcome() != checksum.Match {
		t.Errorf("outcome %v, want match", h.w.banner.Outcome())
	}
	if d := h.w.banner.Detail(); !strings.Contains(d, "the same SHA-512, the strongest algorithm computed") {
		t.Errorf("detail %q, want SHA-512 named", d)
	}
	if !strings.Contains(trace.String(), "verdict match: Identical: Downloads/ubuntu.iso and usb/ubuntu.iso are the same") {
		t.Errorf("trace %q, want the verdict traced", trace.String())
	}
	for _, it := range h.w.files.items {
		if _, line := it.verdictLine(); line != "Identical to the other files" {
			t.Errorf("%s: card line %q", it.path, line)
		}
	}
}

// Files of one name in two folders show the folder that tells them apart;
// a name listed once is left alone.
func TestSameNamesShowTheirFolders(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "backup", "x", "ubuntu.iso"), "a")
	b := writeFile(t, filepath.Join(dir, "usb", "x", "ubuntu.iso"), "b")
	c := writeFile(t, filepath.Join(dir, "usb", "x", "debian.iso"), "c")
	h.dropped(a, b, c)
	for path, want := range map[string]string{a: filepath.FromSlash("backup/x/ubuntu.iso"), b: filepath.FromSlash("usb/x/ubuntu.iso"), c: "debian.iso"} {
		for _, it := range h.w.files.items {
			if it.path == path && !containsText(h.card(it), want) {
				t.Errorf("the card of %s does not show %q", path, want)
			}
		}
	}
	if got := h.w.placeName(h.item("debian.iso")); got != "debian.iso" {
		t.Errorf("a name listed once: %q", got)
	}
}

// Two files of one size and different bytes differ.
func TestCompareDiffer(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.dropped(writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "abd"))
	trace := h.traced()
	test.Tap(h.w.cmp.button)
	if got, want := h.w.banner.Headline(), "They differ: a.iso and b.iso are not the same"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if got, want := h.w.banner.Detail(), "Their SHA-512 differs, the strongest algorithm computed."; got != want {
		t.Errorf("detail %q, want %q", got, want)
	}
	if h.w.banner.Outcome() != checksum.Mismatch || !strings.Contains(trace.String(), "verdict mismatch: They differ") {
		t.Errorf("outcome %v, trace %q: want a mismatch, traced", h.w.banner.Outcome(), trace.String())
	}
}

// Three files in two groups: the banner and the cards say which are the
// same as which.
func TestCompareThreeFilesInTwoGroups(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.dropped(writeFile(t, filepath.Join(dir, "a.iso"), "one"), writeFile(t, filepath.Join(dir, "b.iso"), "two"),
		writeFile(t, filepath.Join(dir, "c.iso"), "one"))
	h.w.compareFiles() // the ☰ menu's item
	if got, want := h.w.banner.Headline(), "They differ: the 3 files fall in 2 groups"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if d := h.w.banner.Detail(); !strings.Contains(d, "The same as each other: group 1: a.iso and c.iso; group 2: b.iso.") {
		t.Errorf("detail %q, want the groups", d)
	}
	for name, want := range map[string]string{"a.iso": "Group 1: the same as c.iso", "b.iso": "Group 2: unlike any other file", "c.iso": "Group 1: the same as a.iso"} {
		if _, line := h.item(name).verdictLine(); line != want {
			t.Errorf("%s: card line %q, want %q", name, line, want)
		}
	}
}

// Files of different sizes are known to differ before they are read.
func TestCompareDifferentSizesAtOnce(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, "big.iso"), "longer content")),
		storage.NewFileURI(writeFile(t, filepath.Join(dir, "small.iso"), "short"))})
	h.waitFor("both files queued", func() bool { return h.core.queued() >= 2 && len(h.w.files.items) == 2 })
	test.Tap(h.w.cmp.button)
	if h.w.files.allFinished() {
		t.Fatal("the files were read before the verdict: the test proves nothing")
	}
	if got, want := h.w.banner.Headline(), "They differ: big.iso and small.iso are not the same"; got != want {
		t.Errorf("before reading: headline %q, want %q", got, want)
	}
	if got, want := h.w.banner.Detail(), "Their sizes differ, so they differ whatever is in them."; got != want {
		t.Errorf("before reading: detail %q, want %q", got, want)
	}
	h.waitFor("every file hashed", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.w.banner.Headline(); got != "They differ: big.iso and small.iso are not the same" {
		t.Errorf("once read: headline %q", got)
	}
}

// Compare with files still being read, of one size, waits for them; a
// digest pasted after Compare ends the comparison.
func TestComparePendingThenPasted(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, "a.iso"), "same")),
		storage.NewFileURI(writeFile(t, filepath.Join(dir, "b.iso"), "same"))})
	h.waitFor("both files queued", func() bool { return h.core.queued() >= 2 && len(h.w.files.items) == 2 })
	test.Tap(h.w.cmp.button)
	if got := h.w.banner.Headline(); got != "Comparing the 2 files…" || h.w.banner.Outcome() != checksum.Pending {
		t.Errorf("headline %q (%v), want pending", got, h.w.banner.Outcome())
	}
	h.waitFor("every file hashed", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, "Identical") {
		t.Errorf("once read: %q", got)
	}
	h.w.expected.SetText(sha256Hex("same"))
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, "Matches the published SHA-256") {
		t.Errorf("a digest pasted after Compare: %q, want its verdict", got)
	}
}

// Compare, a file's digest and the CRC32 in a name, in Japanese.
func TestCompareInJapanese(t *testing.T) {
	useLanguage(t, "ja")
	h := newHarness(t)
	dir := t.TempDir()
	crc := fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte("one")))
	h.dropped(writeFile(t, filepath.Join(dir, "Downloads", "ubuntu.iso"), "one"), writeFile(t, filepath.Join(dir, "usb", "ubuntu.iso"), "two"),
		writeFile(t, filepath.Join(dir, "backup", "ubuntu.iso"), "one"), writeFile(t, filepath.Join(dir, "title ["+crc+"].iso"), "one"))
	test.Tap(h.w.cmp.button)
	if got, want := h.w.banner.Headline(), "違います: 4 個のファイルは 2 つのグループに分かれます"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	checkJapanese(t, "compared", h.win.Content())
	for _, it := range h.w.files.items {
		checkJapanese(t, "card of "+it.name, h.card(it))
	}
	test.Tap(h.card(h.item("ubuntu.iso")).use)
	checkJapanese(t, "a file's digest", h.win.Content())
	for _, it := range h.w.files.items {
		checkJapanese(t, "card of "+it.name, h.card(it))
	}
	h.w.expected.SetText("")
	h.settle()
	if got, want := h.w.banner.Headline(), "title ["+crc+"].iso は名前にある CRC32 と一致します"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	checkJapanese(t, "the CRC32 in a name", h.win.Content())
}

// Clear ends a comparison: two files listed afterwards are not compared
// until Compare is chosen again.
func TestClearEndsCompare(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a, b := writeFile(t, filepath.Join(dir, "a.iso"), "x"), writeFile(t, filepath.Join(dir, "b.iso"), "x")
	h.dropped(a, b)
	test.Tap(h.w.cmp.button)
	if !strings.HasPrefix(h.w.banner.Headline(), "Identical") {
		t.Fatalf("headline %q", h.w.banner.Headline())
	}
	test.Tap(h.w.clear)
	if !h.w.cmp.button.Hidden {
		t.Error("Compare shown on an empty list")
	}
	h.dropped(a, b)
	if got := h.w.banner.Headline(); got != "" {
		t.Errorf("after Clear: headline %q, want none", got)
	}
}

// Above a handful of files, the compact list's rows tell files of one name
// apart too.
func TestSameNamesInTheCompactList(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	var paths []string
	for i := range compactAbove + 1 {
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("copy%d", i), "ubuntu.iso"), "x"))
	}
	h.dropped(paths...)
	if h.w.files.compact == nil {
		t.Fatal("no compact list")
	}
	h.w.files.compact.list.Refresh()
	h.settle()
	if want := filepath.FromSlash("copy2/ubuntu.iso"); !containsText(h.win.Content(), want) {
		t.Errorf("no row shows %q", want)
	}
}

// What was published for a file outranks comparing it: an ISO that does
// not match the SHA256SUMS beside it, and its copy, are identical, but the
// banner stays red and its card keeps its mismatch, whether Compare, its
// copy's digest in the field or a digest pasted before Compare judged them.
// Where the SHA256SUMS matches, Compare decides the banner as before.
func TestPublishedMismatchOutranksComparing(t *testing.T) {
	setup := func(t *testing.T, published string) (*harness, *fileItem, *fileItem) {
		h := newHarness(t)
		dir := t.TempDir()
		iso := writeFile(t, filepath.Join(dir, "Downloads", "ubuntu.iso"), "the iso")
		writeFile(t, filepath.Join(dir, "Downloads", "SHA256SUMS"), sha256Hex(published)+"  ubuntu.iso\n")
		cp := writeFile(t, filepath.Join(dir, "usb", "ubuntu.iso"), "the iso")
		h.dropped(iso, cp)
		return h, h.w.files.items[0], h.w.files.items[1]
	}
	red := func(t *testing.T, h *harness, iso, cp *fileItem, wantCopy string) {
		t.Helper()
		if o, hl := h.w.banner.Outcome(), h.w.banner.Headline(); o != checksum.Mismatch || !strings.Contains(hl, "NOT match") {
			t.Errorf("banner %v %q, want the mismatch with SHA256SUMS", o, hl)
		}
		if _, line := iso.verdictLine(); !strings.Contains(line, "NOT match") {
			t.Errorf("the ISO's card says %q, want its mismatch", line)
		}
		if _, line := cp.verdictLine(); line != wantCopy {
			t.Errorf("the copy's card says %q, want %q", line, wantCopy)
		}
	}
	t.Run("Compare", func(t *testing.T) {
		h, iso, cp := setup(t, "the real iso")
		test.Tap(h.w.cmp.button)
		red(t, h, iso, cp, "Identical to the other files")
	})
	t.Run("its copy's digest", func(t *testing.T) {
		h, iso, cp := setup(t, "the real iso")
		test.Tap(h.card(cp).use)
		if !h.w.fromFile() {
			t.Fatal("the copy's digest is not the expected one")
		}
		red(t, h, iso, cp, "Its digest is the one the other files are compared with")
	})
	t.Run("pasted, then Compare", func(t *testing.T) {
		h, _, cp := setup(t, "the iso")
		h.w.expected.SetText(sha256Hex("another iso"))
		h.settle()
		test.Tap(h.w.cmp.button)
		if o := h.w.banner.Outcome(); o != checksum.Mismatch && o != checksum.Conflict {
			t.Errorf("banner %v %q, want the pasted digest's verdict", o, h.w.banner.Headline())
		}
		if _, line := cp.verdictLine(); strings.Contains(line, "Identical") {
			t.Errorf("the copy's card says %q, under a pasted digest it does not match", line)
		}
	})
	t.Run("matching", func(t *testing.T) {
		h, _, _ := setup(t, "the iso")
		test.Tap(h.w.cmp.button)
		if got, want := h.w.banner.Headline(), "Identical: Downloads/ubuntu.iso and usb/ubuntu.iso are the same"; got != filepath.FromSlash(want) && got != want {
			t.Errorf("headline %q, want %q", got, want)
		}
	})
}
