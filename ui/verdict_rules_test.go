package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// Every file of a big drop is compared with the SHA256SUMS beside it, not
// the first few dozen, and the headline's numbers add up with the list's.
func TestEveryFileOfABigFolderIsCompared(t *testing.T) {
	h := newHarness(t)
	folder := filepath.Join(t.TempDir(), "release")
	const n = 200
	var sums strings.Builder
	for i := range n {
		name := fmt.Sprintf("part%03d.bin", i)
		writeFile(t, filepath.Join(folder, name), name)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
	}
	writeFile(t, filepath.Join(folder, "SHA256SUMS"), sums.String())
	writeFile(t, filepath.Join(folder, "notes.txt"), "not listed")

	h.w.drop([]fyne.URI{storage.NewFileURI(folder)})
	h.waitFor("every file hashed", h.allFinished)
	h.settle()
	compared := 0
	for _, it := range h.w.files.items {
		if it.sidecar != nil && len(it.sidecar.By) > 0 {
			compared++
		}
	}
	if compared != n {
		t.Errorf("%d files compared with SHA256SUMS, want all %d", compared, n)
	}
	listed := len(h.w.files.items)
	if got, want := h.w.banner.Headline(), fmt.Sprintf("%d files match the digests published for them", n); got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if got, want := h.w.banner.Detail(), fmt.Sprintf("%d other files have no published digest to compare with.", listed-n); !strings.HasPrefix(got, want) {
		t.Errorf("detail %q, want it to begin %q (%d files listed)", got, want, listed)
	}
}
