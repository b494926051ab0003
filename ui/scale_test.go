package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/hashing"
)

// The window stays linear: as a release folder grows from 1,000 files to
// 20,000, read at the same pace (100 files a tick of the window's clock),
// the work per file stays the same: how many times the verdict engine
// weighs each file, how many times the status line counts it, how many
// times its row is redrawn. (A pass over every file at every tick made
// 50,000 files take 48 s and 2.7 GB.)
func TestWindowWorkPerFileStaysConstant(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 files")
	}
	type work struct{ judged, counted, redrawn float64 }
	run := func(n int) work {
		h, clk := heldRelease(t, n)
		for next := 0; next < n; {
			for end := min(next+100, n); next < end; next++ {
				h.core.job(next).finish()
			}
			clk.advance(tickEvery)
			h.drain()
			h.w.Tick()
		}
		h.decided() // a long list's last verdict, decided aside: ticks 10 times a second, not while the test waits
		h.waitFor("every file checked", func() bool { return h.allFinished() && h.w.Idle() && len(h.queue) == 0 })
		h.w.Tick()
		if got, want := h.w.banner.Headline(), fmt.Sprintf("All %s files match the digests published for them", thousands(n)); !strings.HasPrefix(got, want) {
			t.Errorf("%d files: headline %q", n, got)
		}
		f := float64(n)
		return work{float64(h.w.judged) / f, float64(h.w.counted) / f, float64(h.w.files.redrawn) / f}
	}
	small, large := run(1_000), run(20_000)
	t.Logf("per file, 1,000 files: %+v; 20,000 files: %+v", small, large)
	for _, c := range []struct {
		what       string
		small, big float64
	}{{"judged", small.judged, large.judged}, {"counted", small.counted, large.counted}, {"redrawn", small.redrawn, large.redrawn}} {
		if c.big > 2*c.small+2 || c.big > 40 {
			t.Errorf("%s: %.1f times a file for 1,000 files, %.1f for 20,000: the window is not linear", c.what, c.small, c.big)
		}
	}
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	if n >= 1000 {
		s = s[:len(s)-3] + "," + s[len(s)-3:]
	}
	return s
}

// The verdict on a long list comes when the last reading it needs ends,
// not when the preset's other algorithms have been read too: 1,000 files
// whose SHA-256 is read, and whose second reading (the preset's others)
// is still waiting, already match, at the next tick, with the clock
// standing still.
func TestLongListVerdictWhenItsReadingsEnd(t *testing.T) {
	const n = 1000
	h := newHarness(t)
	clk := &testClock{now: time.Unix(2e9, 0)}
	h.w.now = clk.Now
	h.core.hold = true
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256"), mustAlg("md5")})
	root := filepath.Join(t.TempDir(), "release")
	var sums strings.Builder
	for i := range n {
		name := fmt.Sprintf("d%02d/f%05d.bin", i%10, i)
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), fmt.Sprint(i))
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(fmt.Sprint(i)), name)
	}
	writeFile(t, filepath.Join(root, "SHA256SUMS"), sums.String())
	h.w.Add([]string{root})
	h.waitFor("queued", func() bool { return h.core.queued() == n })
	h.drain()
	h.w.Tick() // the first verdict: pending
	for i := range n {
		h.core.job(i).finish() // SHA-256, for the verdict
	}
	h.drain()
	if got := h.core.queued(); got != 2*n {
		t.Fatalf("%d jobs queued, want the %d second readings too", got, n)
	}
	h.w.Tick()
	want := fmt.Sprintf("All %s files match the digests published for them", thousands(n))
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, want) {
		t.Errorf("with the second readings waiting: %q, want %q", got, want)
	}
	h.core.release()
}
