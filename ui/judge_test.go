package ui

import (
	"crypto/md5"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// releaseWindow is a window that has read a release folder of n small
// files, each matching the SHA-256 its SHA256SUMS lists, and judged them:
// "All n files match".
func releaseWindow(tb testing.TB, n int) *harness {
	tb.Helper()
	h, _ := heldRelease(tb, n)
	for i := range n {
		h.core.job(i).finish()
		if i%1000 == 999 {
			h.drain()
		}
	}
	h.waitFor("every file checked", func() bool { return h.allFinished() && h.w.Idle() && len(h.queue) == 0 })
	h.w.Tick()
	if got, want := h.w.banner.Headline(), fmt.Sprintf("All %s files match the digests published for them", thousands(n)); !strings.HasPrefix(got, want) {
		tb.Fatalf("%d files: headline %q", n, got)
	}
	return h
}

// finishAllButLast lets the first n-1 held jobs finish, and runs what they
// give the window.
func (h *harness) finishAllButLast(n int) {
	for i := range n - 1 {
		h.core.job(i).finish()
		if i%1000 == 999 {
			h.drain()
		}
	}
	h.drain()
}

// heldRelease is a window given a release folder of n small files, each
// listed with its SHA-256 in the folder's SHA256SUMS, whose n jobs are
// queued and held; its clock stands still until the test moves it.
func heldRelease(tb testing.TB, n int) (*harness, *testClock) {
	tb.Helper()
	h := newHarness(tb)
	clk := &testClock{now: time.Unix(2e9, 0)}
	h.w.now = clk.Now
	h.core.hold = true
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256")}) // one pass a file
	root := filepath.Join(tb.TempDir(), "release")
	var sums strings.Builder
	for i := range 50 {
		if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("d%02d", i)), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range n {
		name := fmt.Sprintf("d%02d/f%05d.bin", i%50, i)
		data := fmt.Sprint(i)
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(data), name)
	}
	if err := os.WriteFile(filepath.Join(root, "SHA256SUMS"), []byte(sums.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	h.w.Add([]string{root})
	h.waitFor("queued", func() bool { return h.core.queued() == n })
	return h, clk
}

// decided waits for the verdict being decided aside (a long list's) to be
// shown, running what the background gives the window and not ticking:
// the window's clock stands still, and no tick counts the list meanwhile.
func (h *harness) decided() {
	h.t.Helper()
	h.wait("the verdict decided aside", false, func() bool { return h.w.aside == nil && h.w.Idle() && len(h.queue) == 0 })
}

// BenchmarkJudge is one judge of a release whose files are all read and
// judged already, as the window gives it while a long list is read (every
// judgeEvery) or at its end, until its verdict is shown; fyne-ns/op is the
// part of it that the Fyne goroutine runs (the rest, Decide of a long
// list, runs aside).
//
//	go test -run '^$' -bench Judge -benchtime 20x ./ui/
func BenchmarkJudge(b *testing.B) {
	for _, n := range []int{1_000, 50_000} {
		b.Run(fmt.Sprintf("%dfiles", n), func(b *testing.B) {
			h := releaseWindow(b, n)
			var onFyne time.Duration
			b.ReportAllocs()
			for b.Loop() {
				start := time.Now()
				h.w.judgeSoon()
				onFyne += time.Since(start)
				for h.w.aside != nil {
					f := <-h.queue
					start := time.Now()
					f()
					onFyne += time.Since(start)
				}
			}
			b.ReportMetric(float64(onFyne.Nanoseconds())/float64(b.N), "fyne-ns/op")
		})
	}
}

// A judge of a long list renders the files whose verdict changed, not
// the list: when the last of 20,000 files is read, and does not match, the
// judge that follows gathers its evidence alone, and marks, fits and
// redraws its row alone, the 19,999 others' verdicts standing as they
// were.
func TestJudgeRendersOnlyTheFilesThatChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 files")
	}
	const n = 20_000
	h, clk := heldRelease(t, n)
	h.finishAllButLast(n)
	clk.advance(judgeEvery(n))
	h.w.Tick() // judged while the last is read
	h.decided()
	if got := h.w.report.Count[verdict.OK]; got != n-1 {
		t.Fatalf("%d files OK before the last is read, want %d", got, n-1)
	}
	last := h.core.job(n - 1)
	if err := os.WriteFile(last.path, []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	gathered, marked, redrawn, judged := h.w.gathered, h.w.marked, h.w.files.redrawn, h.w.judged
	last.finish()
	h.drain()
	h.w.Tick() // judged at once: every file is read
	h.decided()
	if h.w.judged != judged+n {
		t.Fatalf("the engine weighed %d files, want one judge of %d", h.w.judged-judged, n)
	}
	if got := h.w.gathered - gathered; got != 1 {
		t.Errorf("evidence gathered again for %d files, want 1: the file read", got)
	}
	if got := h.w.marked - marked; got != 1 {
		t.Errorf("%d files' rows marked again, want 1: the file that does not match", got)
	}
	if got := h.w.files.redrawn - redrawn; got > 2 {
		t.Errorf("%d rows redrawn, want the file read (its state, then its verdict)", got)
	}
	var it *fileItem
	for _, x := range h.w.files.items {
		if x.path == last.path {
			it = x
		}
	}
	if it.verdict.Status != verdict.Failed || it.marks[mustAlg("sha256")] != checksum.Mismatch {
		t.Errorf("the damaged file: %v, marks %v", it.verdict.Status, it.marks)
	}
	if got := h.w.report.Count[verdict.OK]; got != n-1 {
		t.Errorf("%d files OK, want %d", got, n-1)
	}
	if got := h.w.banner.Outcome(); got != checksum.Mismatch {
		t.Errorf("banner %v %q, want a mismatch", got, h.w.banner.Headline())
	}
}

// A verdict decided aside, while a long list is read, is older than one
// the user asks for meanwhile (a digest pasted, judged at once): when it
// lands it is not shown over it.
func TestJudgeAsideGivesWayToALaterJudge(t *testing.T) {
	const n = decideAsideFrom
	h, clk := heldRelease(t, n)
	h.finishAllButLast(n)
	clk.advance(judgeEvery(n))
	h.w.Tick()
	if h.w.aside == nil {
		t.Fatalf("a list of %d files, read, is not judged aside", n)
	}
	h.w.expected.SetText(sha256Hex("0")) // the digest of one of the files
	var first *fileItem
	for _, it := range h.w.files.items {
		if filepath.Base(it.path) == "f00000.bin" {
			first = it
		}
	}
	if first.pasted == nil || first.pasted.Outcome != checksum.Match {
		t.Fatalf("a digest pasted: the file it is the digest of: %+v, want a match at once", first.pasted)
	}
	banner := h.w.banner.Headline()
	h.decided()
	if first.pasted == nil || first.pasted.Outcome != checksum.Match {
		t.Errorf("once the verdict decided before the paste landed: %+v, want the match", first.pasted)
	}
	if got := h.w.banner.Headline(); got != banner {
		t.Errorf("once the verdict decided before the paste landed: %q, want %q", got, banner)
	}
}

// A verdict decided aside may land on a list that grew meanwhile (a
// folder still walked): the files it weighed get their verdicts, the file
// listed since waits for the next judge, which comes at the next tick.
func TestJudgeAsideLandsOnALongerList(t *testing.T) {
	const n = decideAsideFrom
	h, clk := heldRelease(t, n)
	h.finishAllButLast(n)
	extra := writeFile(t, filepath.Join(t.TempDir(), "extra.bin"), "extra")
	h.w.Add([]string{extra}) // listed by the walk when the queue is run
	for !h.w.Idle() {
		runtime.Gosched()
	}
	clk.advance(judgeEvery(n))
	h.w.Tick()
	if h.w.aside == nil {
		t.Fatalf("a list of %d files, read, is not judged aside", n)
	}
	h.decided()
	if got := len(h.w.files.items); got != n+1 {
		t.Fatalf("%d files listed, want %d", got, n+1)
	}
	last := h.w.files.items[n]
	if last.path != extra || last.verdict != &noVerdict || len(h.w.report.Files) != n {
		t.Fatalf("the file listed while the verdict was decided: %s, %+v; the report weighs %d files", last.path, last.verdict, len(h.w.report.Files))
	}
	if got := h.w.report.Count[verdict.OK]; got != n-1 {
		t.Errorf("%d files OK, want the %d read", got, n-1)
	}
	if !h.w.stale {
		t.Errorf("the file listed since is not to be judged")
	}
	h.core.release()
	h.waitFor("every file read", func() bool { return h.allFinished() })
	clk.advance(judgeEvery(n + 1))
	h.w.Tick()
	h.decided()
	if got := len(h.w.report.Files); got != n+1 || last.verdict != &h.w.report.Files[n] {
		t.Fatalf("the next judge weighs %d files; the last's verdict %p, want %p", got, last.verdict, &h.w.report.Files[n])
	}
	if got := h.w.report.Count[verdict.OK]; got != n {
		t.Errorf("%d files OK, want %d", got, n)
	}
	if got := last.verdict.Status; got != verdict.NotCompared {
		t.Errorf("the file nothing was published for: %v", got)
	}
}

// The banner of a list that all matches says a weak algorithm's caveat
// when any file was decided by one, after files a strong one decided.
func TestAllMatchSaysAWeakAlgorithmsCaveat(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "release")
	var sha, md strings.Builder
	for i, name := range []string{"a.bin", "b.bin", "c.bin"} {
		writeFile(t, filepath.Join(dir, name), name)
		if i < 2 {
			fmt.Fprintf(&sha, "%s  %s\n", sha256Hex(name), name)
		} else {
			fmt.Fprintf(&md, "%x  %s\n", md5.Sum([]byte(name)), name)
		}
	}
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha.String())
	writeFile(t, filepath.Join(dir, "MD5SUMS"), md.String())
	h.w.Add([]string{dir})
	h.waitFor("the verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	h.settle()
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, "All 3 files match") {
		t.Errorf("headline %q", got)
	}
	if got := h.w.banner.Detail(); !strings.Contains(got, "MD5 can be forged") {
		t.Errorf("detail %q, want MD5's caveat", got)
	}
}
