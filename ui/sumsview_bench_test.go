package ui

import (
	"crypto/md5"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkChecksumViewCheck opens a checksum file of 100,000 MD5 lines
// through Open checksum file… (the given-file index, the question about
// files outside the folder, the check's plan and the check) and waits for
// the check to end. Every file it lists is missing: what is measured is the
// view's own work on the entries, not hashing.
func BenchmarkChecksumViewCheck(b *testing.B) {
	const n = 100_000
	dir := b.TempDir()
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "%x  f%07d.bin\n", md5.Sum(fmt.Appendf(nil, "%d", i)), i)
	}
	sums := filepath.Join(dir, "MD5SUMS")
	if err := os.WriteFile(sums, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	h := newHarness(b)
	b.ReportAllocs()
	for b.Loop() {
		old := h.w.sums
		h.w.takeSums(sums)
		h.waitFor("the check to finish", func() bool {
			v := h.w.sums
			return v != nil && v != old && v.sf != nil && !v.running() && v.checked == n
		})
		h.settle()
	}
	if got := h.w.sums.EntryStatus(n - 1); got != "MISSING" {
		b.Fatalf("last entry %q", got)
	}
}
