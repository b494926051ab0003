package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// hashed returns a harness with one file holding "abc", hashed.
func hashed(t *testing.T, name string) (*harness, *fileItem) {
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), name), "abc")})
	h.waitFor("hashed", h.allFinished)
	return h, h.item(name)
}

func TestPasteMatchingDigest(t *testing.T) {
	h, it := hashed(t, "ubuntu.iso")
	h.w.expected.SetText("  " + strings.ToUpper(sha256Hex("abc")) + "\n")
	h.settle()
	if got := h.w.expected.Understood(); got != "Understood: SHA-256, SHA3-256 or RIPEMD-256 · 64 hex digits" &&
		!strings.HasPrefix(got, "Understood: 64 hex digits") {
		t.Errorf("understood line %q", got)
	}
	b := h.w.banner
	if b.Outcome() != checksum.Match || b.Headline() != "Matches the published SHA-256" { // pasted: no signature says who published it
		t.Errorf("banner %v %q", b.Outcome(), b.Headline())
	}
	if it.marks[mustAlg("sha256")] != checksum.Match {
		t.Error("the SHA-256 row should carry a tick")
	}
	if !b.icon.Visible() || b.icon.Resource == nil || b.bg.FillColor != matchColour {
		t.Error("the banner needs an icon and its colour, not words alone")
	}
}

func TestPasteMismatchingDigest(t *testing.T) {
	h, it := hashed(t, "ubuntu.iso")
	h.w.expected.SetText("sha256:" + sha256Hex("abd"))
	h.settle()
	b := h.w.banner
	want := "Does NOT match the published SHA-256: this is not the file they released. Do not use it."
	if b.Outcome() != checksum.Mismatch || b.Headline() != want {
		t.Errorf("banner %v %q, want %q", b.Outcome(), b.Headline(), want)
	}
	if !strings.Contains(b.Detail(), "Download it again") {
		t.Errorf("detail %q should say what to do", b.Detail())
	}
	if b.bg.FillColor != mismatchColour {
		t.Error("a mismatch should be red")
	}
	if c := h.card(it); !c.verdictRow.Visible() || !strings.HasPrefix(c.verdictText.Text, "Does NOT match") {
		t.Errorf("card verdict line %q", c.verdictText.Text)
	}
}

func TestPasteMalformedDigest(t *testing.T) {
	h, _ := hashed(t, "ubuntu.iso")
	h.w.expected.SetText(sha256Hex("abc")[:63])
	h.settle()
	if got := h.w.expected.Understood(); !strings.HasPrefix(got, "Not understood: 63 hex digits") {
		t.Errorf("understood line %q", got)
	}
	if b := h.w.banner; b.Outcome() != checksum.Unknown || !strings.HasPrefix(b.Headline(), "Cannot compare") {
		t.Errorf("banner %v %q", b.Outcome(), b.Headline())
	}
	h.w.expected.SetText("")
	h.settle()
	if h.w.banner.Visible() {
		t.Error("an empty field should leave no banner")
	}
}

func TestPasteBeforeAndDuringHashing(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	h.w.expected.SetText(sha256Hex("abc"))
	if got := h.w.expected.Understood(); !strings.Contains(got, "now drop the file") {
		t.Errorf("before any file the line says %q", got)
	}
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "a.iso"), "abc")})
	h.waitFor("the job", func() bool { return len(h.core.jobs) == 1 })
	h.settle()
	if b := h.w.banner; b.Outcome() != checksum.Pending || !strings.HasPrefix(b.Headline(), "Checking…") {
		t.Errorf("while hashing the banner says %v %q", b.Outcome(), b.Headline())
	}
	h.core.release()
	h.waitFor("a match", func() bool { return h.w.banner.Outcome() == checksum.Match })
}

func TestPasteOtherAlgorithmHashesAgain(t *testing.T) {
	h, it := hashed(t, "a.iso")
	// SHA3-256 of "abc": not among the Common algorithms, so it is computed.
	h.w.expected.SetText("SHA3-256: 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
	h.waitFor("a match", func() bool { return h.w.banner.Outcome() == checksum.Match })
	if !strings.Contains(h.w.banner.Headline(), "SHA3-256") || it.rows[len(it.rows)-1].ID != "sha3-256" {
		t.Errorf("banner %q, rows %v", h.w.banner.Headline(), it.rows)
	}
	if h.w.files.custom[it.index] == 0 {
		t.Error("the card grew a row: the list must be told its new height")
	}
}

func TestSidecarVerifiesAutomatically(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "debian.iso"), "abc")
	writeFile(t, filepath.Join(dir, "debian.iso.sha256"), sha256Hex("abc")+"  debian.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("a sidecar match", func() bool { return h.w.banner.Outcome() == checksum.Match })
	if d := h.w.banner.Detail(); !strings.Contains(d, "debian.iso.sha256") {
		t.Errorf("detail %q should name the sidecar", d)
	}
	c := h.card(h.item("debian.iso"))
	if !strings.Contains(c.verdictText.Text, "(debian.iso.sha256)") {
		t.Errorf("card verdict %q", c.verdictText.Text)
	}

	// A wrong sidecar is just as loud.
	bad := writeFile(t, filepath.Join(dir, "other.iso"), "abd")
	writeFile(t, filepath.Join(dir, "other.iso.md5"), "900150983cd24fb0d6963f7d28e17f72\n")
	h.w.Add([]string{bad})
	h.waitFor("a sidecar mismatch", func() bool { return h.w.banner.Outcome() == checksum.Mismatch })
	if !strings.Contains(h.w.banner.Detail(), "other.iso does not match the digest in other.iso.md5") {
		t.Errorf("detail %q", h.w.banner.Detail())
	}
}

func TestCompareWithClipboard(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	h.app.Clipboard().SetContent("not a digest at all")
	h.w.expected.checkClipboard()
	if h.w.expected.compare.Visible() {
		t.Error("offered to compare with text that is no digest")
	}
	h.app.Clipboard().SetContent(sha256Hex("abc"))
	h.w.expected.checkClipboard() // the window gained focus
	if !h.w.expected.compare.Visible() {
		t.Fatal("a digest on the clipboard should be offered")
	}
	test.Tap(h.w.expected.compare)
	h.settle()
	if h.w.expected.Text() != sha256Hex("abc") || h.w.banner.Outcome() != checksum.Match || h.w.expected.compare.Visible() {
		t.Errorf("after Compare with clipboard: field %q, banner %q", h.w.expected.Text(), h.w.banner.Headline())
	}
	h.w.expected.checkClipboard()
	if h.w.expected.compare.Visible() {
		t.Error("the same clipboard was offered twice")
	}
}

func TestCtrlVPastesIntoExpectedField(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	h.app.Clipboard().SetContent(sha256Hex("abd"))
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
	h.settle()
	if h.w.expected.Text() != sha256Hex("abd") || h.w.banner.Outcome() != checksum.Mismatch {
		t.Errorf("Ctrl+V: field %q, banner %q", h.w.expected.Text(), h.w.banner.Headline())
	}
}

func TestSeveralFilesOneDigest(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "xyz")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(sha256Hex("xyz"))
	h.settle()
	if b := h.w.banner; b.Outcome() != checksum.Match || !strings.Contains(b.Detail(), "The matching file is b.iso") {
		t.Errorf("banner %q / %q", b.Headline(), b.Detail())
	}
	h.w.expected.SetText(sha256Hex("nope"))
	h.settle()
	if got := h.w.banner.Headline(); got != "Does NOT match any of the 2 files: do not use them" {
		t.Errorf("banner %q", got)
	}
	// A whole checksum line names its file: only that one is compared.
	h.w.expected.SetText(sha256Hex("abc") + "  a.iso")
	h.settle()
	if h.w.banner.Outcome() != checksum.Match || h.item("b.iso").pasted != nil {
		t.Errorf("a line naming a.iso: banner %q", h.w.banner.Headline())
	}
}

// On a mismatch the banner shows the published digest above the file's,
// with a caret under each digit that differs.
func TestMismatchShowsExpectedAboveActual(t *testing.T) {
	h, _ := hashed(t, "ubuntu.iso")
	got := sha256Hex("abc")
	want := []byte(got)
	want[3] ^= 1 // one digit off, as a copying mistake would be
	want[60] = 'f'
	if got[60] == 'f' {
		want[60] = 'e'
	}
	h.w.expected.SetText(string(want))
	h.settle()
	b := h.w.banner
	if b.Outcome() != checksum.Mismatch || !b.compare.Visible() {
		t.Fatalf("banner %v, comparison shown %v", b.Outcome(), b.compare.Visible())
	}
	var lines []string
	for _, s := range b.compare.Segments {
		lines = append(lines, s.(*widget.TextSegment).Text)
	}
	marks := strings.Repeat(" ", 3) + "^" + strings.Repeat(" ", 56) + "^"
	if len(lines) != 4 || lines[1] != string(want) || lines[2] != got || lines[3] != marks {
		t.Fatalf("comparison %q, want a label, the published digest, the file's and carets %q", lines, marks)
	}
	for _, s := range b.compare.Segments[1:] {
		if ts := s.(*widget.TextSegment); ts.Style.Inline || !ts.Style.TextStyle.Monospace {
			t.Errorf("%q: not a monospace line of its own", ts.Text)
		}
	}
	h.w.expected.SetText(got)
	h.settle()
	if b.compare.Visible() {
		t.Error("the comparison stays after a match")
	}
}

// A digest pasted for one file, which it matches, does not turn the banner
// green while another file listed fails the SHA256SUMS beside it: that
// file's mismatch is the banner, and each card keeps its own verdict.
func TestPublishedMismatchOutranksAPastedMatch(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "Downloads", "a.iso"), "aaa")
	writeFile(t, filepath.Join(dir, "Downloads", "SHA256SUMS"), sha256Hex("aab")+"  a.iso\n")
	b := writeFile(t, filepath.Join(dir, "other", "b.iso"), "bbb")
	h.dropped(a, b)
	h.w.expected.SetText(sha256Hex("bbb"))
	h.settle()
	if o, hl := h.w.banner.Outcome(), h.w.banner.Headline(); o != checksum.Mismatch || !strings.Contains(hl, "NOT match") {
		t.Errorf("banner %v %q, want a.iso's mismatch with SHA256SUMS", o, hl)
	}
	for name, want := range map[string]string{"a.iso": "Does NOT match", "b.iso": "Matches the published SHA-256"} {
		if _, line := h.item(name).verdictLine(); !strings.HasPrefix(line, want) {
			t.Errorf("%s's card says %q, want %q…", name, line, want)
		}
	}
	// The pasted digest that condemns a file still decides: both red.
	h.w.expected.SetText(sha256Hex("bbc"))
	h.settle()
	if o, d := h.w.banner.Outcome(), h.w.banner.Detail(); o != checksum.Mismatch || strings.Contains(d, "SHA256SUMS") {
		t.Errorf("banner %v, detail %q: want the pasted digest's mismatch", o, d)
	}
}
