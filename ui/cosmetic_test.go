package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// lowContrast lists the labels under o drawn in the theme's faint grey.
func lowContrast(o fyne.CanvasObject) []string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			if x.Importance == widget.LowImportance && x.Text != "" {
				out = append(out, x.Text)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// Hints, live speeds, sizes and OK reasons are in the text colour, not the
// faint grey that is hard to read.
func TestHintsAreReadable(t *testing.T) {
	h := newHarness(t)
	if low := lowContrast(h.w.body); len(low) > 0 {
		t.Errorf("empty window: faint text %q", low)
	}
	h.core.hold = true
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc")})
	h.waitFor("listed", func() bool { return len(h.w.files.items) == 1 })
	h.core.job(0).setProgress(1, 3, 1e6)
	h.w.Tick()
	if low := append(lowContrast(h.w.body), lowContrast(h.card(h.w.files.items[0]))...); len(low) > 0 {
		t.Errorf("while hashing: faint text %q", low)
	}
	h.core.hold = false
	h.core.release()
	h.waitFor("hashed", h.allFinished)
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n")
	h.w.openSums(sums)
	h.waitFor("checked", func() bool { return h.w.sums.results != nil && h.w.sums.EntryStatus(0) != "" && !h.w.sums.running() })
	row := newEntryRow()
	h.w.sums.bindRow(0, row.(*fyne.Container))
	if low := append(lowContrast(h.w.body), lowContrast(row)...); len(low) > 0 {
		t.Errorf("checksum file view: faint text %q", low)
	}
	h.w.showBench()
	if low := lowContrast(h.w.body); len(low) > 0 {
		t.Errorf("benchmark: faint text %q", low)
	}
}

// With two algorithms the sentences say "both", not "all".
func TestTwoAlgorithmsBothDiffer(t *testing.T) {
	h, _ := hashed(t, "a.iso")
	h.w.expected.SetText(strings.Repeat("0", 40)) // SHA-1 or RIPEMD-160
	h.waitFor("a verdict", func() bool { return h.w.banner.Outcome() == checksum.Mismatch })
	if d := h.w.banner.Detail(); !strings.Contains(d, "SHA-1 and RIPEMD-160 both differ") {
		t.Errorf("detail %q", d)
	}
	r := &checksum.EntryResult{Status: checksum.StatusFailed, Entry: &checksum.Entry{Algorithms: []*hashing.Algorithm{mustAlg("sha1"), mustAlg("ripemd160")}}}
	if got := entryReason(r); !strings.Contains(got, "both differ") {
		t.Errorf("entry reason %q", got)
	}
}

// "Copied the digests of 2,000 files": grouped as elsewhere, and the note
// leaves the status line its room.
func TestCopyNoteAndStatusBothShow(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	var paths []string
	for i := range 2000 {
		paths = append(paths, writeFile(t, filepath.Join(dir, "f", strings.Repeat("x", 1+i/26)+string(rune('a'+i%26))), "z"))
	}
	h.w.Add([]string{filepath.Join(dir, "f")})
	h.waitFor("2,000 files hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 2000 })
	h.win.Resize(fyne.NewSize(960, 800)) // as Run opens it
	before := h.w.status.Size().Width
	test.Tap(h.w.copyAll)
	if got := h.w.note.Text; got != "Copied the digests of 2,000 files" {
		t.Errorf("note %q", got)
	}
	h.win.Resize(fyne.NewSize(961, 800)) // lays the window out again
	if got := h.w.status.Size().Width; got < before {
		t.Errorf("the note takes the status line's room: %v wide, was %v", got, before)
	}
}

// The green check is for a match alone: a file hashed with nothing to
// compare gets another icon.
func TestGreenCheckOnlyForAMatch(t *testing.T) {
	h, it := hashed(t, "a.iso")
	check := theme.NewSuccessThemedResource(theme.ConfirmIcon()).Name()
	if got := h.card(it).icon.Resource.Name(); got == check {
		t.Error("a file with nothing to compare shows the green check")
	}
	h.w.expected.SetText(sha256Hex("abc"))
	h.settle()
	if got := h.card(it).icon.Resource.Name(); got != check {
		t.Errorf("a matching file shows %q, not the green check", got)
	}
	h.w.expected.SetText(sha256Hex("abd"))
	h.settle()
	if got := h.card(it).icon.Resource.Name(); got == check {
		t.Error("a mismatching file shows the green check")
	}
}
