package ui

import (
	"fmt"
	"log"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// sumsFolder makes a download folder whose SHA256SUMS lists one good file,
// one damaged, one missing, one outside the folder and one BLAKE2s entry (an algorithm Hashdrop lacks).
func sumsFolder(t *testing.T) (dir, sums string) {
	root := t.TempDir()
	dir = filepath.Join(root, "dl")
	writeFile(t, filepath.Join(dir, "good.iso"), "abc")
	writeFile(t, filepath.Join(dir, "bad.iso"), "abX")
	writeFile(t, filepath.Join(root, "secret.txt"), "abc")
	sums = writeFile(t, filepath.Join(dir, "SHA256SUMS"), strings.Join([]string{
		sha256Hex("abc") + "  good.iso",
		sha256Hex("abc") + "  bad.iso",
		sha256Hex("abc") + "  missing.iso",
		sha256Hex("abc") + "  ../secret.txt",
		"BLAKE2s (x.iso) = " + strings.Repeat("ab", 32),
		"",
	}, "\n"))
	return dir, sums
}

func TestChecksumFileView(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	_, sums := sumsFolder(t)
	h.dialogs.confirm = false // do not read outside the folder
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 5 })
	v := h.w.sums
	if len(h.dialogs.asked) != 1 || !strings.Contains(h.dialogs.asked[0], "../secret.txt") {
		t.Errorf("should have asked about the entry outside the folder, asked %q", h.dialogs.asked)
	}
	want := []string{"OK", "FAILED", "MISSING", "REFUSED", "SKIPPED"}
	for i, w := range want {
		if got := v.EntryStatus(i); got != w {
			t.Errorf("entry %d (%s): %s, want %s", i, v.sf.EntryAt(i).Name, got, w)
		}
	}
	if got, want := v.progress.Text, "1 OK, 1 FAILED, 1 missing, 1 refused, 1 skipped"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if v.banner.Outcome() != checksum.Mismatch || v.banner.Headline() != "1 file does NOT match SHA256SUMS: do not use it" {
		t.Errorf("banner %v %q", v.banner.Outcome(), v.banner.Headline())
	}
	if v.bar.value != 1 {
		t.Errorf("overall progress %v at the end", v.bar.value)
	}

	// The rows show the word and an icon for each status.
	row := newEntryRow().(*fyne.Container)
	v.bindRow(1, row)
	left := row.Objects[1].(*fyne.Container)
	icon := left.Objects[0].(*fyne.Container).Objects[0].(*widget.Icon)
	word := left.Objects[1].(*fyne.Container).Objects[0].(*widget.Label)
	if icon.Resource == nil || word.Text != "FAILED" {
		t.Errorf("FAILED row: icon %v, word %q", icon.Resource, word.Text)
	}
}

func TestChecksumFileAllowOutsideAndAllOK(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a.iso"), "abc")
	writeFile(t, filepath.Join(root, "sub", "b.iso"), "abc")
	sums := writeFile(t, filepath.Join(root, "sub", "SHA256SUMS"), sha256Hex("abc")+"  ../a.iso\n"+sha256Hex("abc")+"  b.iso\n")
	h.dialogs.confirm = true
	h.dialogs.sums = sums
	h.w.openChecksumFile()
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 2 })
	v := h.w.sums
	if v.EntryStatus(0) != "OK" || v.EntryStatus(1) != "OK" {
		t.Errorf("statuses %s %s", v.EntryStatus(0), v.EntryStatus(1))
	}
	if v.banner.Outcome() != checksum.Match || v.banner.Headline() != "All 2 files match SHA256SUMS" {
		t.Errorf("banner %q", v.banner.Headline())
	}
}

func TestChecksumFileUnusable(t *testing.T) {
	h := newHarness(t)
	sums := writeFile(t, filepath.Join(t.TempDir(), "SHA256SUMS"), "this is not a checksum file\n")
	h.w.Add([]string{sums})
	h.waitFor("the view to say so", func() bool { return h.w.sums != nil && h.w.sums.banner.Visible() })
	if got := h.w.sums.banner.Headline(); !strings.Contains(got, "no file Hashdrop can check") && !strings.HasPrefix(got, "Cannot use") {
		t.Errorf("banner %q", got)
	}
}

func TestCancelChecksumFile(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	h.core.hold = true
	_, sums := sumsFolder(t)
	h.w.Add([]string{sums})
	h.waitFor("a file being checked", func() bool { return h.w.sums != nil && h.w.sums.job != nil })
	h.w.CancelAll()
	h.waitFor("the check to stop", func() bool { return h.w.sums.sf != nil && !h.w.sums.running() })
	if got := h.w.sums.banner.Headline(); !strings.HasPrefix(got, "Cancelled") {
		t.Errorf("banner %q", got)
	}
}

// A reason too long for its row can be read in full: choosing the row
// writes it out, wrapped, above the list.
func TestChecksumFileLongReasonReadable(t *testing.T) {
	h := newHarness(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a.iso"), "abc")
	sums := writeFile(t, filepath.Join(root, "sub", "SHA256SUMS"), sha256Hex("abc")+"  ../a.iso\n")
	h.dialogs.confirm = false // only the folder: the entry is refused, with a long reason
	h.w.openSums(sums)
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 1 })
	v := h.w.sums
	e := v.sf.EntryAt(0)
	r, _ := v.results.result(0, &e)
	reason := entryReason(&r)
	if len(reason) < 40 {
		t.Fatalf("reason %q is not a long one", reason)
	}
	v.list.Select(0)
	if !v.detail.Visible() || !strings.Contains(v.detail.Text, reason) || !strings.Contains(v.detail.Text, "../a.iso") {
		t.Errorf("after choosing the row: %q (shown %v), want the whole reason %q", v.detail.Text, v.detail.Visible(), reason)
	}
	if v.detail.Wrapping != fyne.TextWrapWord || v.detail.Truncation != fyne.TextTruncateOff {
		t.Error("the detail line is cut instead of wrapped")
	}
}

// missingSums writes a SHA256SUMS of n entries whose files are all
// missing: a check of it is the view's own work, not hashing.
func missingSums(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s  f%05d.iso\n", sha256Hex("abc"), i)
	}
	return writeFile(t, filepath.Join(t.TempDir(), "SHA256SUMS"), b.String())
}

// A check far ahead of the window (10,000 missing files) leaves at most one
// update waiting for the Fyne goroutine, not one per entry, so that the
// view keeps up and Cancel is seen at once.
func TestChecksumViewBatchesItsUpdates(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	const n = 10_000
	sums := missingSums(t, n)
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check to start", func() bool { v := h.w.sums; return v != nil && v.sf != nil && v.running() })
	// The Fyne goroutine now looks away while the check runs to its end.
	deadline := time.Now().Add(time.Minute) // a hang detector, no speed bound
	for !h.w.Idle() {
		if time.Now().After(deadline) {
			t.Fatal("the check did not end")
		}
		runtime.Gosched()
	}
	if q := len(h.queue); q > 3 {
		t.Errorf("%d updates wait for the Fyne goroutine after a check of %d entries; want one, and the end", q, n)
	}
	h.waitFor("the view to show the end", func() bool { return !h.w.sums.running() })
	v := h.w.sums
	if missing, _ := v.results.count(checksum.StatusMissing); v.checked != n || missing != n || v.EntryStatus(n-1) != "MISSING" {
		t.Errorf("after the check: %d checked, %d missing, last %s", v.checked, missing, v.EntryStatus(n-1))
	}

	// Cancel ends a check of many entries (it ends at all: a hang detector).
	h.w.openSums(sums)
	h.waitFor("the second check to start", func() bool { v := h.w.sums; return v != nil && v.sf != nil && v.running() })
	h.w.sums.cancel()
	h.waitFor("the cancelled check to end", func() bool { return !h.w.sums.running() && h.w.Idle() })
}

// A batch of a check's results binds again the rows shown of the entries
// it holds, and no other: Fyne's Refresh and RefreshItem bind every row
// shown at each call, which the view did at every batch of a check of
// millions, mostly of entries out of view, making gigabytes of garbage.
func TestChecksumViewBindsOnlyTheRowsAResultChanges(t *testing.T) {
	h := newHarness(t)
	const n = 2_000
	h.w.openSums(missingSums(t, n))
	h.waitFor("the check to end", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == n })
	h.settle()
	v := h.w.sums
	bound := map[int]int{}
	inner := v.list.update
	v.list.update = func(id widget.ListItemID, o fyne.CanvasObject) {
		bound[id]++
		inner(id, o)
	}
	v.apply(checkBatch{first: n - 500, last: n - 1, done: n}) // out of view
	if len(bound) != 0 {
		t.Errorf("results for entries out of view bound %d rows", len(bound))
	}
	v.apply(checkBatch{first: 1, last: 1, done: n})
	if len(bound) != 1 || bound[1] != 1 {
		t.Errorf("a result for entry 1 bound %v (row: times), want 1: 1", bound)
	}
	clear(bound)
	v.list.Refresh() // all the rows shown, from the top
	if len(bound) < 5 || bound[0] != 1 {
		t.Errorf("a refresh bound %v", bound)
	}
}

// labelled accepts the button with that text, whether it passes Esc on or
// is Fyne's own (so that a test of Esc fails on what Esc does).
func labelled(text string) func(fyne.Focusable) bool {
	return func(f fyne.Focusable) bool {
		switch b := f.(type) {
		case *button:
			return b.Text == text
		case *widget.Button:
			return b.Text == text
		}
		return false
	}
}

// cancelsTraced counts the window's Cancel alls, from its trace: a test of
// Esc can tell at once whether the key reached the window, instead of
// waiting for a check that would never stop.
type cancelsTraced struct {
	mu sync.Mutex
	n  int
}

func traceCancels(h *harness) *cancelsTraced {
	c := &cancelsTraced{}
	h.w.trace = log.New(c, "", 0)
	return c
}

func (c *cancelsTraced) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n += strings.Count(string(p), "cancel all")
	return len(p), nil
}

func (c *cancelsTraced) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Esc cancels the check wherever Tab has moved the focus in the checksum
// file's view: on Back to files, Cancel or Open another…; Fyne's own
// buttons would keep Esc to themselves.
func TestEscCancelsTheCheckWhereverTabMovesTheFocus(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	h.core.hold = true
	_, sums := sumsFolder(t)
	cancels := traceCancels(h)
	for _, label := range []string{"Back to files", "Cancel", "Open another…"} {
		h.w.openSums(sums)
		h.waitFor("a file being checked", func() bool { return h.w.sums != nil && h.w.sums.job != nil })
		v := h.w.sums
		focusNext(h, label, labelled(label))
		before := cancels.count()
		typeKey(h, fyne.KeyEscape)
		if cancels.count() == before {
			t.Fatalf("Esc on %s cancelled nothing", label)
		}
		h.waitFor("the check to stop", func() bool { return v.sf != nil && !v.running() })
		if got := v.banner.Headline(); !strings.HasPrefix(got, "Cancelled") {
			t.Errorf("Esc on %s: banner %q", label, got)
		}
		if h.w.sums != v || h.w.body.Objects[0] != v.obj {
			t.Errorf("Esc on %s did more than cancel: the view is gone", label)
		}
	}
}

// Once the check is over, Check again can take the focus; Esc there is
// still the window's Esc (it cancels a file being hashed), not a new check.
func TestEscOnCheckAgainIsTheWindows(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	_, sums := sumsFolder(t)
	h.dialogs.confirm = false
	h.w.openSums(sums)
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 5 })
	v := h.w.sums
	h.core.hold = true
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "held.iso"), "abc")})
	h.waitFor("listed", func() bool { return len(h.w.files.items) == 1 })
	it := h.item("held.iso")
	h.w.show(v.obj) // back to the checksum file's view
	cancels := traceCancels(h)
	focusNext(h, "Check again", labelled("Check again"))
	typeKey(h, fyne.KeyEscape)
	if cancels.count() == 0 {
		t.Fatal("Esc on Check again cancelled nothing")
	}
	h.waitFor("cancelled", func() bool { return it.finished() })
	if it.state != stateCancelled {
		t.Errorf("Esc on Check again: the file is %v, not cancelled", it.state)
	}
	if h.w.sums != v {
		t.Error("Esc on Check again checked again")
	}
}

// A checksum file too large to keep (over a megabyte) is read again from
// the disk while it is checked; changed meanwhile, the view says so and
// believes none of the new text.
func TestChecksumFileChangedWhileChecked(t *testing.T) {
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	h.core.hold = true
	dir := t.TempDir()
	const n = 16_000 // 72 bytes a line: over a megabyte
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s  f%05d\n", sha256Hex("abc"), i)
	}
	writeFile(t, filepath.Join(dir, "f00000"), "abc")
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), b.String())
	h.w.Add([]string{sums})
	h.waitFor("the first file being checked", func() bool { return h.w.sums != nil && h.w.sums.job != nil })
	changed := []byte(b.String())
	copy(changed[n/2*72:], sha256Hex("abd")) // a new digest halfway down
	writeFile(t, sums, string(changed))
	h.core.openGate()
	h.waitFor("the check to stop", func() bool { return h.w.sums.sf != nil && !h.w.sums.running() })
	v := h.w.sums
	if got, want := v.banner.Headline(), "Cannot use SHA256SUMS: changed while it was being read"; got != want {
		t.Errorf("banner %q, want %q", got, want)
	}
	if got := v.results.counts[checksum.StatusFailed]; got != 0 {
		t.Errorf("%d FAILED: the new text was read", got)
	}
	if v.checked >= n {
		t.Errorf("%d of %d entries checked: the changed half too", v.checked, n)
	}
	if got := v.sf.EntryAt(0).Name; got != "f00000" {
		t.Errorf("the first row names %q, want f00000 as it was read: its block did not change", got)
	}
}
