package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// An ISO that matches the SHA512SUMS beside it and not the SHA256SUMS
// beside it is never green, from the first frame to the last, whatever the
// preset: SHA-512 is read first and said to match while SHA256SUMS is
// still being checked, SHA-256 is computed even when the preset lacks it,
// and the end is one conflict, red, naming both checksum files (the
// design's rules 6 and 7).
func TestDisagreeingChecksumFilesAreNeverGreen(t *testing.T) {
	for _, preset := range []struct {
		name string
		algs []*hashing.Algorithm
	}{
		{"SHA-512 only", []*hashing.Algorithm{mustAlg("sha512")}},
		{"SHA-256 only", []*hashing.Algorithm{mustAlg("sha256")}},
		{"common", common()},
		{"all", hashing.All()},
	} {
		t.Run(preset.name, func(t *testing.T) {
			h := newHarness(t)
			h.core.hold = true
			h.w.picker.set(preset.algs)
			dir := t.TempDir()
			iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
			writeFile(t, filepath.Join(dir, "SHA512SUMS"), fmt.Sprintf("%x  ubuntu.iso\n", hashOf(mustAlg("sha512"), "abc")))
			writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abd")+"  ubuntu.iso\n")
			h.w.Add([]string{iso})
			frames, sawChecking := 0, false
			look := func() {
				frames++
				if h.w.banner.Outcome() == checksum.Match || h.w.report.Headline.Green() {
					t.Fatalf("frame %d: green %q while SHA256SUMS disagrees (jobs %d)", frames, h.w.banner.Headline(), len(h.core.jobs))
				}
				if strings.Contains(h.w.banner.Headline(), "SHA-512 matches SHA512SUMS; checking SHA256SUMS") {
					sawChecking = true
				}
			}
			for done := 0; ; done++ {
				h.waitFor("a job", func() bool { look(); return h.core.queued() > done || h.allFinished() && h.w.Idle() })
				if h.core.queued() <= done {
					break
				}
				if done == 0 {
					if got := algNames(h.core.job(0).algs); got != "[SHA-512]" {
						t.Errorf("read first: %s, want the strongest, SHA-512, alone", got)
					}
				}
				h.core.job(done).finish()
				for range 3 {
					h.drain()
					h.w.Tick()
					look()
				}
			}
			h.settle()
			look()
			it := h.item("ubuntu.iso")
			if it.digests[mustAlg("sha256")] == nil {
				t.Fatal("SHA-256, published in SHA256SUMS, was never computed")
			}
			if !sawChecking {
				t.Error(`the banner never said "SHA-512 matches SHA512SUMS; checking SHA256SUMS" between the two passes`)
			}
			rep := h.w.report
			if rep.Headline.Reason != verdict.PublishedConflict || rep.Headline.Colour() != verdict.Red || rep.Headline.Exit() != 1 {
				t.Errorf("the end: %s, %s, exit %d; want a published conflict, red, exit 1", rep.Headline.Reason, rep.Headline.Colour(), rep.Headline.Exit())
			}
			if h.w.banner.Outcome() != checksum.Conflict || verdict.OutcomeColour(h.w.banner.Outcome()) != verdict.Red {
				t.Errorf("the banner shows %s: %q", h.w.banner.Outcome(), h.w.banner.Headline())
			}
			if d := h.w.banner.Detail(); !strings.Contains(d, "SHA512SUMS") || !strings.Contains(d, "SHA256SUMS") {
				t.Errorf("the conflict does not name both checksum files: %q", d)
			}
		})
	}
}

// The second pass cancelled, SHA256SUMS is never compared: the banner
// says so, and is not green (nor "checking…", since nothing is read).
func TestACancelledSecondPassLeavesNoGreen(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha512")})
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA512SUMS"), fmt.Sprintf("%x  ubuntu.iso\n", hashOf(mustAlg("sha512"), "abc")))
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  ubuntu.iso\n")
	h.w.Add([]string{iso})
	h.waitFor("the first pass", func() bool { return h.core.queued() == 1 })
	h.core.job(0).finish()
	h.waitFor("the second pass", func() bool { return h.core.queued() == 2 })
	h.w.cancelItem(h.item("ubuntu.iso"))
	h.waitFor("the cancel", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	if got := h.w.banner.Headline(); h.w.report.Headline.Green() || !strings.Contains(got, "was not compared: computing it was cancelled") {
		t.Errorf("banner %v %q", h.w.banner.Outcome(), got)
	}
}
