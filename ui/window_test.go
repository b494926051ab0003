package ui

import (
	"encoding/hex"
	"image/color"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

func TestDropFilesAndFolder(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	abc := writeFile(t, filepath.Join(dir, "abc.txt"), "abc")
	folder := filepath.Join(dir, "folder")
	writeFile(t, filepath.Join(folder, "one.txt"), "1")
	writeFile(t, filepath.Join(folder, "sub", "two.txt"), "22")
	writeFile(t, filepath.Join(folder, "日本語のファイル.iso"), "iso")

	if !h.w.dropZone.Visible() {
		t.Error("an empty window should show the drop zone")
	}
	h.w.drop([]fyne.URI{storage.NewFileURI(abc), storage.NewFileURI(folder)})
	if s := h.w.status.Text; !strings.HasPrefix(s, "Looking for files…") {
		t.Errorf("while walking the status says %q, want a count of the files found", s)
	}
	h.waitFor("every file hashed", h.allFinished)

	var names []string
	for _, it := range h.w.files.items {
		names = append(names, it.name)
	}
	want0 := strings.Join([]string{"abc.txt", filepath.Join("folder", "one.txt"), filepath.Join("folder", "sub", "two.txt"),
		filepath.Join("folder", "日本語のファイル.iso")}, " ")
	if want := want0; strings.Join(names, " ") != want {
		t.Errorf("listed %q, want %q (the folder walked in name order)", names, want)
	}
	if h.w.dropZone.Visible() || !h.w.dropHint.Visible() {
		t.Error("with files listed, the drop zone should give way to the list and a hint")
	}
	if got, want := h.w.status.Text, "4 files hashed"; !strings.HasPrefix(got, want) {
		t.Errorf("status %q, want it to start with %q", got, want)
	}

	c := h.card(h.item("abc.txt"))
	if c.size.Text != "3 B" || c.state.Text != "done" {
		t.Errorf("card says size %q state %q", c.size.Text, c.state.Text)
	}
	want := map[string]string{
		"CRC32": "352441c2", "MD5": "900150983cd24fb0d6963f7d28e17f72",
		"SHA-1": "a9993e364706816aba3e25717850c26c9cd0d89d", "SHA-256": sha256Hex("abc"),
	}
	for _, r := range c.rows[:c.shown] {
		if w, ok := want[r.alg.Name]; ok && r.digest.Text != w {
			t.Errorf("%s row shows %q, want %q", r.alg.Name, r.digest.Text, w)
		}
		if !r.digest.TextStyle.Monospace || !r.copy.Visible() {
			t.Errorf("%s digest should be monospace and have a copy button", r.alg.Name)
		}
	}
	sha512 := c.rows[4]
	if sha512.alg.Name != "SHA-512" || sha512.box.lines != 2 {
		t.Errorf("SHA-512 should take two lines of 64 digits, row %s has %d", sha512.alg.Name, sha512.box.lines)
	}
	test.Tap(c.rows[3].copy)
	if got := h.app.Clipboard().Content(); got != sha256Hex("abc") {
		t.Errorf("copy button put %q on the clipboard", got)
	}
	if c := h.card(h.item(filepath.Join("folder", "日本語のファイル.iso"))); c.name.Text != filepath.Join("folder", "日本語のファイル.iso") {
		t.Errorf("card name %q", c.name.Text)
	}
}

func TestCommandLineFilesAndFailures(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	ok := writeFile(t, filepath.Join(dir, "ok.bin"), "abc")
	missing := filepath.Join(dir, "gone.iso")
	h.w.Add([]string{ok, missing})
	h.waitFor("both files finished", h.allFinished)
	c := h.card(h.item("gone.iso"))
	if c.state.Text != "failed" || !c.problem.Visible() || c.problem.Text != "Cannot read this file: no such file" {
		t.Errorf("a missing file's card says state %q problem %q (visible %v)", c.state.Text, c.problem.Text, c.problem.Visible())
	}
	if got := h.w.status.Text; !strings.Contains(got, "1 could not be read") {
		t.Errorf("status %q should count the failure", got)
	}
	if c := h.card(h.item("ok.bin")); c.rows[3].digest.Text != sha256Hex("abc") {
		t.Error("the other file's digests must survive a failure")
	}
}

func TestProgressAndCancel(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "big.iso"), strings.Repeat("x", 1000))
	b := writeFile(t, filepath.Join(dir, "other.iso"), "y")
	h.w.Add([]string{a, b})
	h.waitFor("two jobs", func() bool { return len(h.core.jobs) == 2 })
	h.core.job(0).setProgress(420, 1000, 1.21e9)
	h.w.Tick()
	it := h.item("big.iso")
	c := h.card(it)
	if got, want := c.barText.Text, "42% · 1.21 GB/s · less than a second left"; got != want {
		t.Errorf("progress line %q, want %q", got, want)
	}
	if c.bar.value != 0.42 || !c.cancel.Visible() {
		t.Errorf("bar %v, cancel visible %v", c.bar.value, c.cancel.Visible())
	}
	if got := c.rows[0].speed.Text; got != "1.21 GB/s" {
		t.Errorf("CRC32 row shows %q while hashing, want its speed", got)
	}

	test.Tap(c.cancel)
	h.waitFor("big.iso cancelled", func() bool { return it.state == stateCancelled })
	c = h.card(it)
	if c.state.Text != "cancelled" || !strings.Contains(c.problem.Text, "Cancelled") || c.cancel.Visible() {
		t.Errorf("cancelled card: state %q problem %q", c.state.Text, c.problem.Text)
	}
	if other := h.item("other.iso"); other.state == stateCancelled {
		t.Error("cancelling one file cancelled the other")
	}

	// Esc cancels everything.
	h.win.Canvas().(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	h.waitFor("all cancelled", h.allFinished)
	if h.item("other.iso").state != stateCancelled {
		t.Error("Esc did not cancel the other file")
	}
	if !strings.Contains(h.w.status.Text, "2 cancelled") {
		t.Errorf("status %q", h.w.status.Text)
	}
}

func TestClear(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText(sha256Hex("abc"))
	if h.w.banner.Outcome() != checksum.Match {
		t.Fatal("no match before clearing")
	}
	test.Tap(h.w.clear)
	h.settle()
	if len(h.w.files.items) != 0 || h.w.banner.Visible() || !h.w.dropZone.Visible() {
		t.Errorf("after Clear: %d files, banner %q", len(h.w.files.items), h.w.banner.Headline())
	}
}

func TestOpenFilesShortcutAndSave(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.dialogs.open = []string{writeFile(t, filepath.Join(dir, "x.iso"), "abc")}
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktopShortcutO)
	h.waitFor("x.iso hashed", h.allFinished)

	// Copy all: one BSD line per algorithm.
	test.Tap(h.w.copyAll)
	clip := h.app.Clipboard().Content()
	if !strings.Contains(clip, "SHA256 (x.iso) = "+sha256Hex("abc")) || strings.Count(clip, "\n") != 5 {
		t.Errorf("Copy all put:\n%s", clip)
	}

}

func TestManyFilesStayVirtual(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	for i := range 2000 {
		writeFile(t, filepath.Join(dir, "f", string(rune('a'+i%26)), strings.Repeat("x", 1+i/26)), "z")
	}
	h.w.Add([]string{filepath.Join(dir, "f")})
	h.waitFor("2000 files hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 2000 })
	if n := len(h.w.files.cards); n > 60 {
		t.Errorf("the list made %d cards for 2000 files; it should only make the visible ones", n)
	}
	if n := len(h.w.files.custom); n != 0 {
		t.Errorf("%d files got a height of their own; cards of one shape should share the template's", n)
	}
	if got := h.w.status.Text; !strings.HasPrefix(got, "2,000 files hashed") {
		t.Errorf("status %q", got)
	}
}

func mustAlg(id string) *hashing.Algorithm {
	a, ok := hashing.Lookup(id)
	if !ok {
		panic(id)
	}
	return a
}

func TestCancelAllThenAddAgain(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "f", "a"), "abc")})
	h.w.CancelAll() // while the folder is being walked
	h.settle()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "b"), "abc")})
	h.waitFor("b hashed", func() bool {
		for _, it := range h.w.files.items {
			if it.name == "b" && it.state == stateDone {
				return true
			}
		}
		return false
	})
	if h.w.walking != 0 || h.w.walkCancel != nil {
		t.Errorf("walks left: %d", h.w.walking)
	}
}

func TestComputeNewAlgorithms(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.picker.set([]*hashing.Algorithm{mustAlg("sha256")})
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "a.iso"), "abc"), writeFile(t, filepath.Join(dir, "b.iso"), "xyz")})
	h.waitFor("both hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 2 })
	if h.w.computeMore.Visible() {
		t.Fatal("Compute new algorithms offered before the choice changed")
	}

	h.w.picker.set([]*hashing.Algorithm{mustAlg("md5"), mustAlg("sha256"), mustAlg("sha3-256")})
	if !h.w.computeMore.Visible() {
		t.Fatal("after adding MD5 and SHA3-256 the window does not offer to compute them")
	}
	test.Tap(h.w.computeMore)
	h.waitFor("the new digests", func() bool {
		for _, it := range h.w.files.items {
			if it.digests[mustAlg("md5")] == nil || it.digests[mustAlg("sha3-256")] == nil {
				return false
			}
		}
		return h.allFinished()
	})
	it := h.item("a.iso")
	if got := hex.EncodeToString(it.digests[mustAlg("md5")]); got != "900150983cd24fb0d6963f7d28e17f72" {
		t.Errorf("MD5 of a.iso = %s", got)
	}
	if got := hex.EncodeToString(it.digests[mustAlg("sha256")]); got != sha256Hex("abc") {
		t.Errorf("the first SHA-256 was lost: %s", got)
	}
	if !containsAlg(it.rows, mustAlg("sha3-256")) {
		t.Error("no SHA3-256 row on the card")
	}
	if h.w.computeMore.Visible() {
		t.Error("the offer stays after every file has every algorithm")
	}
	// Only the new algorithms were read: two jobs per file in all.
	if n := len(h.core.jobs); n != 4 {
		t.Errorf("%d jobs, want 4 (one first pass and one for the new algorithms per file)", n)
	}
	if last := h.core.jobs[len(h.core.jobs)-1]; len(last.algs) != 2 {
		t.Errorf("the second pass computed %d algorithms, want only the 2 new ones", len(last.algs))
	}
}

// refreshProbe counts the refreshes it is given.
type refreshProbe struct {
	widget.BaseWidget
	refreshes int
}

func newRefreshProbe() *refreshProbe {
	p := &refreshProbe{}
	p.ExtendBaseWidget(p)
	return p
}

func (p *refreshProbe) Refresh() { p.refreshes++ }

func (p *refreshProbe) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// A banner shown, grown or hidden moves the list under it (the page is
// laid out again at its new height), and nothing on the page is refreshed
// for it: a refresh of the page had every text and image on it drawn
// again into new textures, 20-30 ms of the window's goroutine while the
// ISO beside the SHA256SUMS began to be read (the probe was refreshed 5
// times when the window refreshed the page).
func TestBannerLaysThePageOutWithoutRefreshingIt(t *testing.T) {
	h := newHarness(t)
	top := h.w.layout.top.(*fyne.Container)
	probe := newRefreshProbe()
	top.Add(probe)
	h.w.Tick()
	page := h.w.mainView.(*fyne.Container).Objects[0].(*container.Scroll).Content.(*fyne.Container)
	list := page.Objects[1]
	b := h.w.banner
	prev := list.Position().Y
	for i, v := range []struct {
		headline, detail string
		shown            bool
	}{
		{"Checking ubuntu.iso against the digest published next to it…", "", true},
		{"Does NOT match the published SHA-256", "ubuntu.iso does not match the digest in SHA256SUMS, next to it. Do not use it, whatever it says.", true},
		{"Matches the published SHA-256", "", true},
		{"", "", false},
	} {
		if v.shown {
			b.set(checksum.Mismatch, v.headline, v.detail)
		} else {
			b.Hide()
		}
		h.w.Tick()
		at := list.Position().Y
		if want := top.MinSize().Height + padding(); at != want {
			t.Errorf("change %d: the list lies at y=%.1f, want %.1f (under the top as it now is)", i, at, want)
		}
		if at == prev {
			t.Errorf("change %d: the list stayed at y=%.1f", i, at)
		}
		prev = at
	}
	if probe.refreshes != 0 {
		t.Errorf("what lies on the page was refreshed %d times for the banner's changes, want 0", probe.refreshes)
	}
}

// A card bound to its file again (the list binds the card it shows when
// the file's height changes, as a verdict line appears) lays out again
// what it shows and hides, and refreshes nothing else on it: a refresh of
// the whole card had every text and icon on it drawn again into new
// textures at the next frame (the probe was refreshed once a bind).
func TestCardBoundAgainLaysOutWithoutRefreshingIt(t *testing.T) {
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "ubuntu.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	it := h.item("ubuntu.iso")
	c := h.card(it)
	c.Resize(fyne.NewSize(900, c.MinSize().Height))
	if c.verdictRow.Visible() {
		t.Fatal("a verdict line before a digest was given")
	}
	content := c.content.(*fyne.Container)
	probe := newRefreshProbe()
	content.Add(probe)
	h.w.expected.SetText(sha256Hex("abc"))
	h.settle()
	c.bind(it)
	if !c.verdictRow.Visible() {
		t.Fatal("no verdict line once the digest was given")
	}
	end := float32(0)
	for i, o := range content.Objects {
		if !o.Visible() {
			continue
		}
		if o.Position().Y < end-0.5 {
			t.Errorf("part %d of the card lies at y=%.1f, over the part above it, which ends at %.1f", i, o.Position().Y, end)
		}
		end = o.Position().Y + o.Size().Height
	}
	if probe.refreshes != 0 {
		t.Errorf("what lies on the card was refreshed %d times for a bind, want 0", probe.refreshes)
	}
}

// The pointer over a card does not light up the list's row around it (a
// translucent rectangle the card's size, drawn in every frame, offering a
// choice a click does not make), and leaves the card's textures alone; the
// row still shows the keyboard's focus, and a button on the card still
// lights up under the pointer.
func TestCardUnderThePointerIsNotHighlighted(t *testing.T) {
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "ubuntu.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.Tick()
	d := fyne.CurrentApp().Driver()
	var card *fileCard
	for _, c := range h.w.files.cards {
		if c.item != nil && c.Visible() {
			card = c
		}
	}
	if card == nil {
		t.Fatal("no card shows the file")
	}
	at := d.AbsolutePositionForObject(card)
	hover := theme.Color(theme.ColorNameHover)
	lit := func() []fyne.CanvasObject {
		var found []fyne.CanvasObject
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			if o == nil || !o.Visible() {
				return
			}
			switch x := o.(type) {
			case *canvas.Rectangle:
				if x.FillColor == hover && x.Size().Height >= card.Size().Height {
					found = append(found, x)
				}
			case fyne.Widget:
				for _, c := range test.WidgetRenderer(x).Objects() {
					walk(c)
				}
			case *fyne.Container:
				for _, c := range x.Objects {
					walk(c)
				}
			}
		}
		walk(h.w.files.list)
		return found
	}
	test.MoveMouse(h.win.Canvas(), at.Add(fyne.NewPos(card.Size().Width/2, card.Size().Height-4)))
	if n := len(lit()); n != 0 {
		t.Errorf("the pointer over the card lit up %d rectangles its size", n)
	}
	h.win.Canvas().Focus(h.w.files.list) // Tab to the list: its row shows the focus
	if n := len(lit()); n != 1 {
		t.Errorf("the list focused: %d rectangles the card's size lit, want the row's", n)
	}
	h.win.Canvas().Unfocus()
	b := card.rows[0].copy
	colours := func() (cs []color.Color) {
		for _, o := range test.WidgetRenderer(b).Objects() {
			if r, ok := o.(*canvas.Rectangle); ok && r.Visible() {
				cs = append(cs, r.FillColor)
			}
		}
		return cs
	}
	before := colours()
	test.MoveMouse(h.win.Canvas(), d.AbsolutePositionForObject(b).Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2)))
	if after := colours(); slices.Equal(before, after) {
		t.Errorf("the pointer over the card's copy button left it as it was (%v)", after)
	}
}
