package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The layout of a finished card, as Fyne's test renderer draws it (testdata/*.xml; a failing run writes the new markup
// to testdata/failed/ for review).
func TestCardLayout(t *testing.T) {
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "ubuntu-24.04-desktop-amd64.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(sha256Hex("abc"))
	h.settle()

	it := h.item("ubuntu-24.04-desktop-amd64.iso")
	it.elapsed = 1500e6 // a fixed time for the golden file
	it.hashed = 3
	c := h.card(it)
	c.Resize(fyne.NewSize(900, c.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "filecard_match.xml", c)

}
