package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/hashdrop/hashdrop/hashing"
)

// hashOf is the digest of s by a.
func hashOf(a *hashing.Algorithm, s string) []byte {
	hh := a.New()
	hh.Write([]byte(s))
	return hh.Sum(nil)
}

// queued counts the jobs the core was given.
func (c *fakeCore) queued() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.jobs)
}

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

// A file listed with CRC32, MD5, SHA-1, SHA-256 and SHA-512 in one
// CHECKSUMS: SHA-512 is read first and decides, the weaker ones are said
// to agree, and the one checksum file is not counted as five.
func TestStrongestDigestDecides(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
	var sums strings.Builder
	for _, id := range []string{"crc32", "md5", "sha1", "sha256", "sha512"} {
		a, _ := hashing.Lookup(id)
		fmt.Fprintf(&sums, "%s (f.iso) = %x\n", a.Tag, hashOf(a, "abc"))
	}
	writeFile(t, filepath.Join(dir, "CHECKSUMS"), sums.String())

	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("the file queued", func() bool { return h.core.queued() > 0 })
	if got := algNames(h.core.job(0).algs); got != "[SHA-512]" {
		t.Errorf("read first for the verdict: %s, want SHA-512 alone", got)
	}
	h.waitFor("every file hashed", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, "Matches the published SHA-512") {
		t.Errorf("headline %q, want the SHA-512 to decide", got)
	}
	d := h.w.banner.Detail()
	if !strings.Contains(d, "The published SHA-256, SHA-1, MD5 and CRC32 agree too.") || strings.Contains(d, "more checksum file") {
		t.Errorf("detail %q, want the four weaker digests to agree, and no other checksum file counted", d)
	}
	if _, line := h.item("f.iso").verdictLine(); !strings.Contains(line, "SHA-512") {
		t.Errorf("card says %q, want the SHA-512 verdict", line)
	}
}
