package ui

import (
	"path/filepath"
	"testing"
)

// The row of a file a checksum file lists that is not here is a short
// card, not one as tall as a card of every algorithm with nothing in it.
func TestNotHereCardsAreShort(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "rel")
	writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n"+sha256Hex("x")+"  b.iso\n"+sha256Hex("y")+"  c.iso\n")
	h.w.Add([]string{dir})
	h.waitFor("checked", func() bool { return h.allFinished() && h.w.Idle() && len(h.w.files.items) == 3 })
	h.settle()
	for _, it := range h.w.files.items {
		if it.state != stateMissing {
			continue
		}
		want := h.card(it).MinSize().Height
		if got, ok := h.w.files.custom[it.index]; !ok || got != want {
			t.Errorf("%s, not here: the list gives it %.0f (set %v), its card needs %.0f", it.name, got, ok, want)
		}
	}
}
