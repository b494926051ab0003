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

// A checksum file whose name says nothing of the algorithm (goreleaser's
// checksums.txt) lists 64 digits: SHA-256 is read first and alone, and a
// match decides at once; the other candidates (SHA3-256, RIPEMD-256,
// BLAKE2b-256, BLAKE3) are computed only if the preset has them, after
// the verdict, or not at all.
func TestVerdictFirstAmbiguousLengthMatch(t *testing.T) {
	for _, tt := range []struct {
		name   string
		preset []*hashing.Algorithm
		after  string // the second pass
	}{
		{"Common", common(), "crc32,md5,sha1,sha512"},
		{"All", hashing.All(), algIDs(slices.DeleteFunc(hashing.All(), func(a *hashing.Algorithm) bool { return a.ID == "sha256" }))},
		{"none of them", []*hashing.Algorithm{mustAlg("crc32")}, "crc32"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			h.w.picker.set(tt.preset)
			h.core.hold = true
			dir := t.TempDir()
			file := writeFile(t, filepath.Join(dir, "tool.tar.gz"), "abc")
			writeFile(t, filepath.Join(dir, "checksums.txt"), sha256Hex("abc")+"  tool.tar.gz\n")
			h.w.Add([]string{file})
			h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
			if got := algIDs(h.core.job(0).algs); got != "sha256" {
				t.Fatalf("the first pass reads %s, want sha256 alone", got)
			}
			h.core.job(0).finish()
			h.waitFor("the verdict", func() bool { return h.w.banner.Outcome() == checksum.Match })
			h.core.release()
			h.waitFor("every digest", h.allFinished)
			if got := algIDs(h.core.job(1).algs); got != tt.after || len(h.core.jobs) != 2 {
				t.Errorf("after the match: %d jobs, the second reads %s, want the preset's others alone (%s)", len(h.core.jobs), got, tt.after)
			}
		})
	}
}

// The same when SHA-256 does not match: the other candidates are read with
// the preset's other algorithms, in one more reading, and the one that
// matches (BLAKE3) is named; one that matches none is a mismatch only
// once every candidate was computed.
func TestVerdictFirstAmbiguousLengthMismatch(t *testing.T) {
	for _, tt := range []struct {
		name, digest string
		outcome      checksum.Outcome
	}{
		{"BLAKE3", hexOf("blake3", "abc"), checksum.Match},
		{"none", hexOf("blake3", "abd"), checksum.Mismatch},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			h.core.hold = true
			dir := t.TempDir()
			file := writeFile(t, filepath.Join(dir, "tool.tar.gz"), "abc")
			writeFile(t, filepath.Join(dir, "checksums.txt"), tt.digest+"  tool.tar.gz\n")
			h.w.Add([]string{file})
			h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
			if got := algIDs(h.core.job(0).algs); got != "sha256" {
				t.Fatalf("the first pass reads %s, want sha256 alone", got)
			}
			h.core.job(0).finish()
			h.waitFor("the second pass", func() bool { return len(h.core.jobs) == 2 })
			if got, want := algIDs(h.core.job(1).algs), "crc32,md5,sha1,sha512,sha3-256,ripemd256,blake2b-256,blake3"; got != want {
				t.Errorf("the second pass reads %s, want %s", got, want)
			}
			if o := h.w.banner.Outcome(); o != checksum.Pending {
				t.Errorf("after SHA-256 differs the banner says %v (%q), want pending", o, h.w.banner.Headline())
			}
			h.core.release()
			h.waitFor("the verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == tt.outcome })
			if len(h.core.jobs) != 2 {
				t.Errorf("%d readings, want 2", len(h.core.jobs))
			}
			if tt.outcome == checksum.Match && !strings.Contains(h.w.banner.Headline()+h.w.banner.Detail(), "BLAKE3") {
				t.Errorf("the verdict does not name BLAKE3: %q %q", h.w.banner.Headline(), h.w.banner.Detail())
			}
		})
	}
}

// A digest of 64 digits pasted before the file is dropped: SHA-256 first
// and alone; when it differs, the other candidates come with the preset's
// others in one more reading.
func TestPastedAmbiguousDigestReadsTheLikeliestFirst(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	h.w.expected.SetText(hexOf("sha3-256", "abc"))
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "a.iso"), "abc")})
	h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
	if got := algIDs(h.core.job(0).algs); got != "sha256" {
		t.Fatalf("the first pass reads %s, want sha256 alone", got)
	}
	h.core.job(0).finish()
	h.waitFor("the second pass", func() bool { return len(h.core.jobs) == 2 })
	if got, want := algIDs(h.core.job(1).algs), "crc32,md5,sha1,sha512,sha3-256,ripemd256,blake2b-256,blake3"; got != want {
		t.Errorf("the second pass reads %s, want %s", got, want)
	}
	h.core.release()
	h.waitFor("the verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if len(h.core.jobs) != 2 || !strings.Contains(h.w.banner.Headline(), "SHA3-256") {
		t.Errorf("%d readings, banner %q", len(h.core.jobs), h.w.banner.Headline())
	}
}
