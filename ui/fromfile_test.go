package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

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
