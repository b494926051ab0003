package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

func algIDs(algs []*hashing.Algorithm) string {
	var ids []string
	for _, a := range algs {
		ids = append(ids, a.ID)
	}
	return strings.Join(ids, ",")
}

// With a SHA256SUMS next to the file, SHA-256 is read first and alone; the
// verdict comes when it is done, and the preset's other algorithms after
// it, marked as not needed for the verdict.
func TestVerdictFirstWithSidecar(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+" *ubuntu.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
	if got := algIDs(h.core.job(0).algs); got != "sha256" {
		t.Fatalf("the first pass reads %s, want sha256 alone", got)
	}
	it := h.item("ubuntu.iso")
	if s := it.rowState(mustAlg("md5")); !strings.Contains(s, "not needed") {
		t.Errorf("the MD5 row says %q while SHA-256 goes first", s)
	}
	h.core.job(0).finish()
	h.waitFor("the verdict", func() bool { return h.w.banner.Outcome() == checksum.Match })
	if it.finished() || len(h.core.jobs) != 2 {
		t.Fatalf("the other algorithms are not being read after the verdict (%d jobs)", len(h.core.jobs))
	}
	if got := algIDs(h.core.job(1).algs); got != "crc32,md5,sha1,sha512" {
		t.Errorf("the second pass reads %s", got)
	}
	h.core.job(1).setProgress(1, 3, 1e6)
	h.w.Tick()
	if s := it.rowState(mustAlg("sha512")); !strings.Contains(s, "not needed for the verdict") {
		t.Errorf("the SHA-512 row says %q while it is read after the verdict", s)
	}
	h.core.release()
	h.waitFor("every digest", h.allFinished)
	for _, a := range common() {
		if it.digests[a] == nil {
			t.Errorf("no %s digest", a.Name)
		}
	}
	if h.w.banner.Outcome() != checksum.Match {
		t.Errorf("the verdict changed: %q", h.w.banner.Headline())
	}
}

// A digest pasted while the file is read with the preset's algorithms gives
// the one it needs the same priority: the file is read again with it first.
func TestPastedDigestDuringHashingGoesFirst(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc")})
	h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
	if got := algIDs(h.core.job(0).algs); got != algIDs(common()) {
		t.Fatalf("with nothing to compare the file is read with %s, want the preset", got)
	}
	h.core.job(0).setProgress(1, 10, 1e6)
	h.w.Tick()
	h.w.expected.SetText("sha256:" + sha256Hex("abc"))
	h.waitFor("the re-read", func() bool { return len(h.core.jobs) == 2 })
	if got := algIDs(h.core.job(1).algs); got != "sha256" {
		t.Fatalf("after the paste the file is read with %s, want sha256 first", got)
	}
	h.core.job(1).finish()
	h.waitFor("the verdict", func() bool { return h.w.banner.Outcome() == checksum.Match })
	h.core.release()
	h.waitFor("the rest", h.allFinished)
	it := h.item("a.iso")
	if it.state != stateDone || slices.ContainsFunc(common(), func(a *hashing.Algorithm) bool { return it.digests[a] == nil }) {
		t.Errorf("state %v, digests %d: the preset's digests should follow", it.state, len(it.digests))
	}
}

// An ISO dropped together with its SHA256SUMS: the SHA256SUMS is the ISO's
// checksum file, not a second file to hash.
func TestISODroppedWithItsSHA256SUMS(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+" *ubuntu.iso\n")
	h.w.Add([]string{iso, sums})
	h.waitFor("the verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if n := len(h.w.files.items); n != 1 || h.w.files.items[0].name != "ubuntu.iso" {
		t.Errorf("%d files listed (%s first): the SHA256SUMS was hashed as a file", n, h.w.files.items[0].name)
	}
	if !strings.Contains(h.w.banner.Detail(), "SHA256SUMS") {
		t.Errorf("detail %q should name the SHA256SUMS", h.w.banner.Detail())
	}
}

// Clear hides the verdict, and the banner then reports none: a file
// dropped again is judged anew, not taken for matched by the last verdict.
func TestClearForgetsTheVerdict(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n")
	h.w.Add([]string{a})
	h.waitFor("a matched", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	h.w.Clear()
	h.settle()
	if o := h.w.banner.Outcome(); o != checksum.Unknown || h.w.banner.Headline() != "" {
		t.Fatalf("after Clear the banner reports %v %q", o, h.w.banner.Headline())
	}
	h.w.Add([]string{a})
	h.waitFor("a matched again", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
}

// The pass read for the verdict shows it when it ends, not at the next
// tick: no Tick between the job's end and the banner.
func TestVerdictShownWhenItsPassEnds(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+" *ubuntu.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
	h.w.Tick()
	if o := h.w.banner.Outcome(); o == checksum.Match {
		t.Fatalf("a verdict before SHA-256 was read")
	}
	h.core.job(0).finish()
	for h.w.banner.Outcome() != checksum.Match {
		select {
		case f := <-h.queue:
			f()
		case <-time.After(10 * time.Second):
			t.Fatalf("no verdict without a tick after the SHA-256 pass ended: %v %q", h.w.banner.Outcome(), h.w.banner.Headline())
		}
	}
	if len(h.core.jobs) != 2 {
		t.Errorf("the other algorithms are not being read after the verdict (%d jobs)", len(h.core.jobs))
	}
}
