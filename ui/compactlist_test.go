package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// compactNames are the names of the files the compact list shows, in order.
func compactNames(v *compactView) []string {
	var names []string
	for i := range v.list.Length() {
		names = append(names, v.items()[i].name)
	}
	return names
}

// Choosing a row of the compact list shows the file's card readably: in a
// split under the list, at a good share of the window, with its digests;
// Close details gives the list the whole split again.
func TestCompactDetailsAreASplitWithTheCard(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	h.win.Resize(fyne.NewSize(1000, 700))
	dir := t.TempDir()
	var paths []string
	for i := range compactAbove + 2 {
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("f%02d.iso", i)), fmt.Sprintf("abc%d", i)))
	}
	h.w.Add(paths)
	h.waitFor("all hashed", func() bool { return h.allFinished() && len(h.w.files.items) == compactAbove+2 })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("above a handful the list stays cards")
	}
	h.settle()
	it := h.item("f03.iso")
	v.list.Select(it.index)
	h.settle()
	if !v.detail.Visible() || v.split.Trailing != v.detail || v.card.item != it || v.card.name.Text != "f03.iso" {
		t.Fatalf("choosing f03.iso: details shown %v, in the split %v, card of %q", v.detail.Visible(), v.split.Trailing == v.detail, v.card.name.Text)
	}
	var digests []string
	for _, r := range v.card.rows[:v.card.shown] {
		if r.digest.Visible() {
			digests = append(digests, r.name.Text+" "+r.digest.Text)
		}
	}
	if want := "SHA-256 " + sha256Hex("abc3"); !slices.Contains(digests, want) {
		t.Errorf("the card shows %q, want %q among them", digests, want)
	}
	if got := v.detail.Size().Height; got < 200 {
		t.Errorf("the card has %v px of a 700 px window (split %v, offset %v); want 200 or more", got, v.split.Size(), v.split.Offset)
	}
	if got := v.list.Size().Height; got < 100 {
		t.Errorf("the list keeps %v px beside the card", got)
	}
	test.Tap(firstButton(t, v.detail, "Close details"))
	h.settle()
	if v.detail.Visible() || v.chosen != nil {
		t.Error("Close details leaves the card shown")
	}
	if got, want := v.list.Size().Height, v.split.Size().Height; got != want {
		t.Errorf("after Close details the list has %v px of the split's %v", got, want)
	}
}

// firstButton is the button labelled text under o.
func firstButton(t *testing.T, o fyne.CanvasObject, text string) *button {
	t.Helper()
	var found *button
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *button:
			if o.Text == text && found == nil {
				found = o
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	return found
}

// The filter field narrows the compact list to the names holding its text,
// whatever their case, and emptying it shows every file again; the status
// line still counts them all.
func TestCompactFilterNarrowsByName(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	dir := t.TempDir()
	var paths []string
	for _, n := range []string{"ubuntu.iso", "Debian.iso", "debian.sig", "fedora.iso", "arch.iso", "mint.iso", "notes.txt"} {
		paths = append(paths, writeFile(t, filepath.Join(dir, n), n))
	}
	h.w.Add(paths)
	h.waitFor("all hashed", func() bool { return h.allFinished() && len(h.w.files.items) == len(paths) })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("above a handful the list stays cards")
	}
	h.settle()
	status := h.w.status.Text
	if v.filter.PlaceHolder != "Filter by name" {
		t.Errorf("the filter's placeholder is %q", v.filter.PlaceHolder)
	}
	test.Type(v.filter, "DEBIAN")
	h.settle()
	if got := compactNames(v); !slices.Equal(got, []string{"Debian.iso", "debian.sig"}) {
		t.Errorf("filtered by DEBIAN the list shows %q", got)
	}
	v.list.Select(1)
	h.settle()
	if v.card.name.Text != "debian.sig" {
		t.Errorf("choosing the second filtered row shows the card of %q, want debian.sig", v.card.name.Text)
	}
	test.Type(v.filter, ".iso")
	h.settle()
	if got := compactNames(v); !slices.Equal(got, []string{"Debian.iso"}) {
		t.Errorf("filtered by DEBIAN.iso the list shows %q", got)
	}
	v.filter.SetText("")
	h.settle()
	if got := compactNames(v); len(got) != len(paths) {
		t.Errorf("with the filter emptied the list shows %q, want all %d files", got, len(paths))
	}
	if h.w.status.Text != status {
		t.Errorf("filtering changed the status line from %q to %q", status, h.w.status.Text)
	}
}

// The status filter keeps the files of the verdict engine's status only:
// Failed the file that does not match its SHA256SUMS, Unreadable those
// gone or not files, OK the one that matches; worst first orders them.
func TestCompactFilterByStatus(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	dir := t.TempDir()
	h.core.hold = true
	var paths []string
	for i := range compactAbove + 2 {
		paths = append(paths, writeFile(t, filepath.Join(dir, fmt.Sprintf("f%02d.iso", i)), "abc"))
	}
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  f00.iso\n"+sha256Hex("xyz")+"  f01.iso\n")
	h.w.Add(paths)
	h.waitFor("listed", func() bool { return len(h.w.files.items) == len(paths) })
	v := h.w.files.compact
	if v == nil {
		t.Fatal("above a handful the list stays cards")
	}
	if err := os.Remove(paths[5]); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(paths[6]); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(paths[6], 0o755); err != nil {
		t.Fatal(err)
	}
	h.core.hold = false
	h.core.release()
	h.waitFor("all finished", h.allFinished)
	h.settle()
	if got := v.status.Options; !slices.Equal(got, []string{"All", "All, worst first", "Failed", "Missing", "Unreadable", "OK", "Not compared"}) {
		t.Errorf("the status filter offers %q", got)
	}
	for _, c := range []struct {
		choice string
		want   []string
	}{
		{"Failed", []string{"f01.iso"}}, // FAILED its SHA256SUMS (issue 37: this one was empty)
		{"Unreadable", []string{"f05.iso", "f06.iso"}},
		{"Missing", nil},
		{"OK", []string{"f00.iso"}},
		{"Not compared", []string{"f02.iso", "f03.iso", "f04.iso"}},
		{"All, worst first", []string{"f01.iso", "f05.iso", "f06.iso", "f00.iso", "f02.iso", "f03.iso", "f04.iso"}},
		{"All", []string{"f00.iso", "f01.iso", "f02.iso", "f03.iso", "f04.iso", "f05.iso", "f06.iso"}},
	} {
		v.status.SetSelected(c.choice)
		h.settle()
		if got := compactNames(v); !slices.Equal(got, c.want) {
			t.Errorf("%s: the list shows %q, want %q", c.choice, got, c.want)
		}
	}
	v.status.SetSelected("Failed")
	test.Type(v.filter, "F01")
	h.settle()
	if got := compactNames(v); !slices.Equal(got, []string{"f01.iso"}) {
		t.Errorf("Failed and F01: the list shows %q", got)
	}
}
