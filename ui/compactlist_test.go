package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Above a handful of files the list is compact: one row a file with its
// name, size, status and verdict; choosing a row shows the file's card.
func TestCompactListAboveAHandful(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	var paths []string
	for i := range compactAbove {
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("f%02d.iso", i)), "abc"))
	}
	h.w.Add(paths)
	h.waitFor("a handful hashed", h.allFinished)
	if h.w.files.compact != nil {
		t.Fatalf("%d files are shown compact; a handful should be cards", compactAbove)
	}
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  f07.iso\n")
	more := []string{writeFile(t, filepath.Join(dir, "f06.iso"), "abc"), writeFile(t, filepath.Join(dir, "f07.iso"), "abc")}
	h.w.Add(more)
	h.waitFor("all hashed", func() bool { return h.allFinished() && len(h.w.files.items) == compactAbove+2 })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("above a handful the list stays cards")
	}
	h.win.Resize(fyne.NewSize(1000, 760))
	h.settle()
	r := newCompactRow()
	it := h.item("f07.iso")
	r.set(it)
	if r.name.Text != "f07.iso" || r.size.Text != "3 B" || r.status.Text != "done" || !strings.HasPrefix(r.verdict.Text, "Matches") {
		t.Errorf("row: %q %q %q %q", r.name.Text, r.size.Text, r.status.Text, r.verdict.Text)
	}
	if h := r.obj.MinSize().Height; h > 48 {
		t.Errorf("a row is %v high: more than one line", h)
	}
	v.list.Select(it.index)
	if !v.detail.Visible() || v.card.item != it || v.card.name.Text != "f07.iso" {
		t.Errorf("choosing f07.iso shows the card of %v (shown %v)", v.card.item, v.detail.Visible())
	}
	h.w.Clear()
	if h.w.files.compact != nil {
		t.Error("after Clear the list stays compact")
	}
}

// 10,000 files: the compact list makes rows for the visible ones only.
func TestTenThousandFilesStayCompactAndVirtual(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 files")
	}
	h := newHarness(t)
	dir := t.TempDir()
	for i := range 10000 {
		writeFile(t, filepath.Join(dir, "f", fmt.Sprintf("%02d", i%100), fmt.Sprintf("%05d", i)), "z")
	}
	h.w.Add([]string{filepath.Join(dir, "f")})
	h.waitFor("10,000 files hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 10000 })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("10,000 files shown as cards")
	}
	if n := len(v.rows); n > 80 {
		t.Errorf("the compact list made %d rows for 10,000 files; it should make the visible ones", n)
	}
	if got := h.w.status.Text; !strings.HasPrefix(got, "10,000 files hashed") {
		t.Errorf("status %q", got)
	}
}

// "Compute new algorithms" for many files queues them a batch at a time on
// the Fyne goroutine, so the window answers in between, and Cancel all
// stops it.
func TestComputeNewAlgorithmsIsBatchedAndCancellable(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.picker.set(common()[3:4]) // SHA-256
	for i := range 1000 {
		writeFile(t, filepath.Join(dir, "f", fmt.Sprintf("%04d", i)), "z")
	}
	h.w.Add([]string{filepath.Join(dir, "f")})
	h.waitFor("1,000 files hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 1000 })
	h.core.hold = true
	h.w.picker.set(common()[1:4]) // MD5, SHA-1, SHA-256
	test.Tap(h.w.computeMore)
	if n := len(h.core.jobs) - 1000; n != computeBatch {
		t.Fatalf("the tap queued %d files at once, want a batch of %d", n, computeBatch)
	}
	if h.w.cancelAll.Disabled() {
		t.Error("Cancel all is disabled while the files are queued")
	}
	h.w.CancelAll()
	h.settle()
	if n := len(h.core.jobs) - 1000; n != computeBatch {
		t.Errorf("after Cancel all %d files were queued, want only the first batch (%d)", n, computeBatch)
	}
}

// Esc cancels wherever Tab has moved the focus in the compact list's
// details: on Close details, as on the card's own buttons.
func TestEscCancelsFromTheCompactDetails(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	h.core.hold = true
	dir := t.TempDir()
	var paths []string
	for i := range compactAbove + 2 {
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("f%02d.iso", i)), "abc"))
	}
	h.w.Add(paths)
	h.waitFor("listed", func() bool { return len(h.w.files.items) == compactAbove+2 })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("above a handful the list stays cards")
	}
	v.list.Select(0)
	if !v.detail.Visible() {
		t.Fatal("choosing a row shows no details")
	}
	cancels := traceCancels(h)
	focusNext(h, "Close details", labelled("Close details"))
	typeKey(h, fyne.KeyEscape)
	if cancels.count() == 0 {
		t.Fatal("Esc on Close details cancelled nothing")
	}
	h.waitFor("cancelled", h.allFinished)
	for _, it := range h.w.files.items {
		if it.state != stateCancelled {
			t.Errorf("Esc on Close details: %s is %v, not cancelled", it.name, it.state)
		}
	}
}
