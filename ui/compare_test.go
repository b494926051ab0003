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
	"github.com/hashdrop/hashdrop/hashing"
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

// Use this file's digest: the others are compared with it, in the words of
// a comparison, never of a publisher.
func TestUseThisFilesDigest(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	orig := writeFile(t, filepath.Join(dir, "backup", "ubuntu.iso"), "the iso")
	cp := writeFile(t, filepath.Join(dir, "Downloads", "ubuntu.iso"), "the iso")
	bad := writeFile(t, filepath.Join(dir, "Downloads", "damaged.iso"), "the isx")
	h.dropped(orig, cp)
	src := h.w.files.items[0]
	card := h.card(src)
	if card.use.Hidden {
		t.Fatal("Use this file's digest is hidden on a file read, beside another")
	}
	test.Tap(card.use)
	if got := h.w.expected.Text(); !strings.HasPrefix(got, "sha512:") {
		t.Errorf("the field holds %q, want the file's SHA-512", got)
	}
	want := filepath.FromSlash("Downloads/ubuntu.iso") + " is the same as " + filepath.FromSlash("backup/ubuntu.iso")
	if got := h.w.banner.Headline(); got != want || h.w.banner.Outcome() != checksum.Match {
		t.Errorf("headline %q (%v), want %q", got, h.w.banner.Outcome(), want)
	}
	if u := h.w.expected.Understood(); !strings.Contains(u, "The SHA-512 of "+filepath.FromSlash("backup/ubuntu.iso")) {
		t.Errorf("under the field: %q", u)
	}
	if _, line := h.item("ubuntu.iso").verdictLine(); line == "" {
		t.Error("no card line")
	}
	for _, it := range h.w.files.items {
		_, line := it.verdictLine()
		for _, publisher := range []string{"published", "they released"} {
			if strings.Contains(line, publisher) {
				t.Errorf("%s: card line %q speaks of a publisher", it.path, line)
			}
		}
	}
	if strings.Contains(h.w.banner.Headline(), "published") || strings.Contains(h.w.banner.Detail(), "they released") {
		t.Errorf("banner %q / %q speaks of a publisher", h.w.banner.Headline(), h.w.banner.Detail())
	}

	// A third file, of the same size and other bytes: each other file is
	// compared, and the one that differs is named.
	h.dropped(orig, cp, bad)
	if got, want := h.w.banner.Headline(), "1 of the 2 files is NOT the same as "+filepath.FromSlash("backup/ubuntu.iso"); got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if _, line := h.item("damaged.iso").verdictLine(); line != "NOT the same as "+filepath.FromSlash("backup/ubuntu.iso") {
		t.Errorf("damaged.iso: %q", line)
	}
	if _, line := h.item("damaged.iso").verdictLine(); !strings.HasPrefix(line, "NOT") {
		t.Errorf("damaged.iso: %q", line)
	}
}

// A file dropped on the expected-digest field is listed, read, and its
// digest becomes the expected one for the others.
func TestFileDroppedOnTheExpectedField(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	download := writeFile(t, filepath.Join(dir, "download.iso"), "content")
	friend := writeFile(t, filepath.Join(dir, "from a friend.iso"), "content")
	h.dropped(download)
	field := h.w.expected.object()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(field).Add(fyne.NewPos(field.Size().Width/2, 5))
	h.w.dropAt(pos, []fyne.URI{storage.NewFileURI(friend)})
	h.waitFor("the file dropped on the field read and used", func() bool {
		return h.allFinished() && len(h.w.files.items) == 2 && h.w.fromFile()
	})
	h.settle()
	if got, want := h.w.banner.Headline(), "download.iso is the same as from a friend.iso"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if h.w.cmp.source != h.item("from a friend.iso") {
		t.Error("the file dropped on the field is not the one compared with")
	}
	// Dropped elsewhere, a file is only listed.
	other := writeFile(t, filepath.Join(dir, "other.iso"), "content")
	h.w.dropAt(fyne.NewPos(1, h.win.Canvas().Size().Height-2), []fyne.URI{storage.NewFileURI(other)})
	h.waitFor("the third file listed", func() bool { return h.allFinished() && len(h.w.files.items) == 3 })
	if h.w.cmp.source != h.item("from a friend.iso") {
		t.Error("a file dropped on the list replaced the digest expected")
	}
}

// A release name carrying its CRC32: Hashdrop compares it, and words a
// match as evidence against accidental damage only.
func TestCRC32InName(t *testing.T) {
	content := "an episode"
	crc := fmt.Sprintf("%08X", crc32.ChecksumIEEE([]byte(content)))
	for _, tc := range []struct {
		name, headline string
		outcome        checksum.Outcome
	}{
		{"[Group] Title - 01 [" + crc + "].mkv", "[Group] Title - 01 [" + crc + "].mkv matches the CRC32 in its name", checksum.Match},
		{"title_(DEADBEEF).mkv", "title_(DEADBEEF).mkv does NOT match the CRC32 in its name", checksum.Mismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.dropped(writeFile(t, filepath.Join(t.TempDir(), tc.name), content))
			if got := h.w.banner.Headline(); got != tc.headline || h.w.banner.Outcome() != tc.outcome {
				t.Errorf("headline %q (%v), want %q", got, h.w.banner.Outcome(), tc.headline)
			}
			d := h.w.banner.Detail()
			if tc.outcome == checksum.Match && !strings.Contains(d, "only catches accidental damage") {
				t.Errorf("detail %q, want the match worded as weak evidence", d)
			}
			if tc.outcome == checksum.Mismatch && !strings.Contains(d, "DEADBEEF") {
				t.Errorf("detail %q, want the CRC32 of the name", d)
			}
			if _, line := h.w.files.items[0].verdictLine(); !strings.Contains(line, "CRC32 in its name") {
				t.Errorf("card line %q", line)
			}
		})
	}
}

// Without CRC32 among the algorithms chosen, a name carrying one has it
// computed after the others.
func TestCRC32InNameComputedWhenNotChosen(t *testing.T) {
	h := newHarness(t)
	sha256, _ := hashing.Lookup("sha256")
	h.w.picker.set([]*hashing.Algorithm{sha256})
	content := "an episode"
	name := fmt.Sprintf("Title [%08x].mkv", crc32.ChecksumIEEE([]byte(content)))
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(t.TempDir(), name), content))})
	h.waitFor("the CRC32 verdict", func() bool { return h.w.banner.Outcome() == checksum.Match })
	crc, _ := hashing.Lookup("crc32")
	if h.w.files.items[0].digests[crc] == nil {
		t.Error("no CRC32 computed")
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

// A file dropped on the field that cannot be read says so, and gives no
// digest.
func TestUnreadableFileDroppedOnTheField(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.dropped(writeFile(t, filepath.Join(dir, "a.iso"), "x"))
	field := h.w.expected.object()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(field).Add(fyne.NewPos(field.Size().Width/2, 5))
	h.w.dropAt(pos, []fyne.URI{storage.NewFileURI(filepath.Join(dir, "gone.iso"))})
	h.waitFor("the missing file listed and failed", func() bool { return len(h.w.files.items) == 2 && h.allFinished() })
	h.settle()
	if h.w.fromFile() || h.w.cmp.awaiting != "" || h.w.expected.Text() != "" {
		t.Errorf("a file that could not be read gave a digest (field %q)", h.w.expected.Text())
	}
	if got := h.w.note.Text; !strings.Contains(got, "gone.iso could not be read") {
		t.Errorf("note %q, want the file named", got)
	}
}

// A file checked against a published digest does not offer its own.
func TestUseThisFilesDigestNotOfferedBesideAPublishedOne(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  ubuntu.iso\n")
	other := writeFile(t, filepath.Join(dir, "other", "notes.txt"), "text")
	h.dropped(iso, other)
	if !h.card(h.item("ubuntu.iso")).use.Hidden {
		t.Error("offered on a file the SHA256SUMS beside it decides")
	}
	if h.card(h.item("notes.txt")).use.Hidden {
		t.Error("not offered on a file with nothing published")
	}
	h.w.expected.SetText(sha256Hex("text"))
	if !h.card(h.item("notes.txt")).use.Hidden {
		t.Error("offered on a file a pasted digest decides")
	}
}
