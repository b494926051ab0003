package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// A pasted digest is compared with the files it was pasted for, says
// which, and is gone after Clear: a file handed over later is not judged
// by it, and one that disagrees with a file's own SHA256SUMS is a conflict.
func TestPastedDigestAppliesToItsFiles(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a", "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "a", "SHA256SUMS"), sha256Hex("abc")+"  a.iso\n")
	h.w.Add([]string{a})
	h.waitFor("a hashed", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	h.w.expected.SetText(sha256Hex("something else"))
	h.settle()
	if got := h.w.expected.Understood(); !strings.Contains(got, "compared with a.iso") {
		t.Errorf("the line under the field says %q, not which file", got)
	}
	// The pasted digest and a.iso's SHA256SUMS disagree: one verdict, a
	// conflict naming both, on the banner and the card.
	if h.w.banner.Outcome() != checksum.Conflict {
		t.Errorf("banner %q", h.w.banner.Headline())
	}
	if _, line := h.item("a.iso").verdictLine(); !strings.Contains(line, "disagree") || !strings.Contains(line, "SHA256SUMS") {
		t.Errorf("a.iso's card says %q: it should say the pasted digest and its SHA256SUMS disagree", line)
	}

	b := writeFile(t, filepath.Join(dir, "b.iso"), "xyz")
	h.w.HandOver([]string{b})
	h.waitFor("b hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 2 })
	h.settle()
	if it := h.item("b.iso"); it.pasted != nil {
		t.Errorf("b.iso, handed over after the paste, was judged by the pasted digest: %v", it.pasted.Outcome)
	}
	if strings.Contains(h.w.banner.Headline(), "2 files") {
		t.Errorf("banner %q counts a file the digest was not pasted for", h.w.banner.Headline())
	}

	h.w.Clear()
	h.settle()
	if h.w.expected.Text() != "" || h.w.banner.Visible() {
		t.Errorf("after Clear the field holds %q, the banner says %q", h.w.expected.Text(), h.w.banner.Headline())
	}
	h.w.Add([]string{b})
	h.waitFor("b hashed again", func() bool { return h.allFinished() && len(h.w.files.items) == 1 })
	h.settle()
	if it := h.item("b.iso"); it.pasted != nil {
		t.Error("a digest pasted before Clear judged a file added after it")
	}
}

// Cancelling the re-read a pasted digest started sticks, and Cancel all is
// offered while it runs.
func TestCancelledRereadStaysCancelled(t *testing.T) {
	h, it := hashed(t, "a.iso")
	h.core.hold = true
	before := len(h.core.jobs)
	h.w.expected.SetText(sha256Hex("not this file")) // 64 digits: SHA3-256 and RIPEMD-256 are read again
	h.waitFor("the re-read", func() bool { return len(h.core.jobs) == before+1 })
	if h.w.cancelAll.Disabled() {
		t.Error("Cancel all is disabled during the re-read")
	}
	h.win.Canvas().Focus(h.w.files.list)
	typeKey(h, "Escape")
	h.settle()
	h.w.Tick()
	h.settle()
	if n := len(h.core.jobs); n != before+1 || !it.finished() {
		t.Errorf("%d jobs after Esc (want %d), file finished %v: the re-read was queued again", n, before+1, it.finished())
	}
	if got := h.w.banner.Headline(); !strings.Contains(got, "cancelled") {
		t.Errorf("banner %q should say the comparison was cancelled", got)
	}
}

// No piling up: a file dropped again is not listed twice (a cancelled one
// is read again), a cancelled card can be retried, and rows added to try a
// pasted digest go when the digest does.
func TestNoDuplicateCardsAndRetry(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	h.w.Add([]string{a})
	h.waitFor("listed", func() bool { return len(h.w.files.items) == 1 })
	h.w.CancelAll()
	h.waitFor("cancelled", h.allFinished)
	it := h.item("a.iso")
	c := h.card(it)
	if !c.retry.Visible() {
		t.Fatal("a cancelled card offers no retry")
	}
	h.core.hold = false
	test.Tap(c.retry)
	h.waitFor("read again", func() bool { return h.allFinished() && it.state == stateDone })
	h.w.Add([]string{a})
	h.settle()
	if n := len(h.w.files.items); n != 1 {
		t.Errorf("dropping a.iso again lists it %d times", n)
	}
	rows := len(it.shown())
	h.w.expected.SetText(strings.Repeat("ab", 20)) // 40 digits: RIPEMD-160 is read too
	h.waitFor("compared", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Mismatch })
	h.w.expected.SetText("")
	h.settle()
	if n := len(it.shown()); n != rows+1 {
		t.Errorf("%d rows after trying a 40-digit digest, want %d (the RIPEMD-160 computed stays)", n, rows+1)
	}
}

// "Hashed in … · speed" counts the bytes and the reading time of the same
// passes: a re-read's wait in the queue is not reading.
func TestHashedInCountsReadingTimeOfThePasses(t *testing.T) {
	h := newHarness(t)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h.w.now = func() time.Time { return clock }
	h.core.hold = true
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), strings.Repeat("z", 1000))})
	h.waitFor("queued", func() bool { return len(h.core.jobs) == 1 })
	clock = clock.Add(10 * time.Second) // waiting in the queue
	h.core.job(0).setProgress(500, 1000, 500)
	h.w.Tick()
	clock = clock.Add(2 * time.Second)
	h.core.job(0).finish()
	h.waitFor("hashed", h.allFinished)
	it := h.item("a.iso")
	if got := it.doneText(); got != "Hashed in 2 s · 500 B/s" {
		t.Errorf("after one pass: %q", got)
	}
	h.w.expected.SetText(strings.Repeat("ab", 32)) // 64 digits: SHA3-256 and RIPEMD-256 are read again
	h.waitFor("the re-read", func() bool { return len(h.core.jobs) == 2 })
	clock = clock.Add(10 * time.Second)
	h.core.job(1).setProgress(500, 1000, 500)
	h.w.Tick()
	clock = clock.Add(2 * time.Second)
	h.core.job(1).finish()
	h.waitFor("read again", h.allFinished)
	if got := it.doneText(); got != "Hashed in 4 s · 500 B/s" {
		t.Errorf("after a re-read: %q, want the two passes' 2,000 bytes in their 4 s of reading", got)
	}
}

// A file read between two looks of the ticker, or in less than 0.05 s,
// says "less than 0.1 s", never "0.0 s".
func TestHashedInUnderATenthOfASecond(t *testing.T) {
	it := newFileItem("a.iso", 3, nil)
	for _, d := range []time.Duration{0, time.Millisecond, 49 * time.Millisecond} {
		it.elapsed = d
		if got := it.doneText(); got != "Hashed in less than 0.1 s" {
			t.Errorf("read in %v: %q", d, got)
		}
	}
	it.elapsed = 50 * time.Millisecond
	if got := it.doneText(); got != "Hashed in 0.1 s" {
		t.Errorf("read in 50ms: %q", got)
	}
}
