package ui

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The checksum-file view keeps a few bytes an entry beyond the checksum
// file's text, whatever the entry: a 64 MiB SFV file took 2 GB when it kept
// every entry, its result and a row's worth of strings.
func TestChecksumViewMemoryPerEntry(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	const n = 50_000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "f%07d.bin %08x\n", i, i*2654435761&0xffffffff) // all missing: memory, not hashing
	}
	size := uint64(b.Len())
	sums := writeFile(t, filepath.Join(dir, "big.sfv"), b.String())
	b = strings.Builder{}
	// A small file first: what any check needs (fonts, glyphs) is then loaded.
	small := writeFile(t, filepath.Join(dir, "small.sfv"), "a.bin 352441c2\n")
	h.w.openSums(small)
	h.waitFor("the small check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 1 })
	h.settle()

	base := liveHeap()
	h.w.openSums(sums)
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == n })
	h.settle()
	if got := h.w.sums.EntryStatus(n - 1); got != "MISSING" {
		t.Fatalf("last entry %q", got)
	}
	grown := liveHeap() - min(base, liveHeap())
	perEntry := (float64(grown) - float64(size)) / n
	t.Logf("%d entries, %d bytes of text: %d bytes held, %.1f an entry beyond the text", n, size, grown, perEntry)
	if perEntry > 32 {
		t.Errorf("the view holds %.0f bytes an entry beyond the file's text; want at most 32", perEntry)
	}
	runtime.KeepAlive(h)
}
