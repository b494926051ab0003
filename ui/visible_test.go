package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// A name with a zero-width or bidirectional character is shown with it
// escaped wherever the window names the file: its card, its compact row,
// the banner, and a checksum file's rows.
func TestNamesShowInvisibleCharacters(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	dir := t.TempDir()
	const zw, shown = "ubuntu\u200b.iso", `ubuntu\u200b.iso`
	iso := writeFile(t, filepath.Join(dir, zw), "abd")
	writeFile(t, filepath.Join(dir, zw+".sha256"), sha256Hex("abc")+"  "+zw+"\n")
	h.w.Add([]string{iso})
	h.waitFor("a sidecar mismatch", func() bool { return h.w.banner.Outcome() == checksum.Mismatch })
	it := h.item(shown)
	if c := h.card(it); c.name.Text != shown {
		t.Errorf("card title %q, want %q", c.name.Text, shown)
	}
	r := newCompactRow()
	r.set(it)
	if r.name.Text != shown {
		t.Errorf("compact row %q, want %q", r.name.Text, shown)
	}
	if b := h.w.banner.Headline() + " " + h.w.banner.Detail(); strings.Contains(b, "\u200b") || !strings.Contains(b, shown+" does not match the digest in "+shown+".sha256") {
		t.Errorf("banner %q", b)
	}

	const rlo, rloShown = "evil\u202eosi.exe", `evil\u202eosi.exe`
	writeFile(t, filepath.Join(dir, rlo), "abc")
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  "+rlo+"\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 1 })
	row := newEntryRow().(*fyne.Container)
	h.w.sums.bindRow(0, row)
	name := row.Objects[0].(*fyne.Container).Objects[0].(*widget.Label)
	if name.Text != rloShown {
		t.Errorf("checksum file row %q, want %q", name.Text, rloShown)
	}
}
