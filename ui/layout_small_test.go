package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// The sizes a window has on small screens, in Fyne's units: the default
// 960 x 680, a 1024 x 600 screen less its title bar, and a 1366 x 768
// laptop at FYNE_SCALE=2 (683 x 360, its title bar at scale 1).
var smallWindows = map[string]fyne.Size{
	"960":      defaultSize,
	"1024x600": fyne.NewSize(1024, 600-48),
	"scale2":   fyne.NewSize(683, (768-48)/2),
}

// An ISO beside a SHA256SUMS that gives another digest: the red banner
// with the two digests compared draws every line, the carets too, inside
// its red band, at every small size, in English and Japanese, as the
// window paints it.
func TestMismatchBannerHoldsItsLines(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			useLanguage(t, lang)
			h := newHarness(t)
			dir := t.TempDir()
			iso := writeFile(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), "abc")
			writeFile(t, filepath.Join(dir, "SHA256SUMS"), strings.Repeat("0", 64)+" *ubuntu-24.04.1-desktop-amd64.iso\n")
			h.w.Add([]string{iso})
			h.waitFor("the red verdict", func() bool {
				return h.allFinished() && h.w.banner.Outcome() == checksum.Mismatch && h.w.banner.compare.Visible()
			})
			seen := map[fyne.CanvasObject]fyne.Size{}
			for name, size := range smallWindows {
				h.win.Resize(size)
				h.w.Tick()
				frame(h.win.Content(), seen)
				if out := bannerTextsOutside(t, h.w.banner); len(out) > 0 {
					t.Errorf("%s: drawn outside the banner's band (%v+%v): %+v", name, h.w.banner.bg.Position(), h.w.banner.bg.Size(), out)
				}
			}
		})
	}
}

// A flat release folder dropped, its SHA256SUMS listing 20 files of which
// 3 are damaged and 2 deleted: the banner's lines, its second too, lie
// inside its red band at every small size, in English and Japanese.
func TestReleaseFolderBannerHoldsItsLines(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			useLanguage(t, lang)
			h := newHarness(t)
			folder := filepath.Join(t.TempDir(), "release")
			var sums strings.Builder
			for i := range 20 {
				name := fmt.Sprintf("file-%04d.bin", i)
				fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
				switch {
				case i < 3:
					writeFile(t, filepath.Join(folder, name), name+" damaged")
				case i < 5: // deleted
				default:
					writeFile(t, filepath.Join(folder, name), name)
				}
			}
			writeFile(t, filepath.Join(folder, "SHA256SUMS"), sums.String())
			h.w.drop([]fyne.URI{storage.NewFileURI(folder)})
			h.waitFor("every file checked", func() bool {
				return h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch
			})
			h.settle()
			seen := map[fyne.CanvasObject]fyne.Size{}
			for _, name := range []string{"960", "1024x600", "scale2"} {
				h.win.Resize(smallWindows[name])
				h.w.Tick()
				frame(h.win.Content(), seen)
				h.w.Tick()
				frame(h.win.Content(), seen)
				if out := bannerTextsOutside(t, h.w.banner); len(out) > 0 {
					t.Errorf("%s: %q: drawn outside the banner's band (%v+%v): %+v", name, h.w.banner.Headline(),
						h.w.banner.bg.Position(), h.w.banner.bg.Size(), out)
				}
			}
		})
	}
}

// smallScreens are the screens of TestSmallScreens: the window fits each
// at its scale (Run's fitScreen) and opens at the default size where it
// can.
var smallScreens = []struct {
	name  string
	area  screenArea
	scale float32
}{
	{"960", fullHD, 1},
	{"1024x600", screenArea{work: fyne.NewSize(1024, 600), frame: windowFrame}, 1},
	{"scale2", screenArea{work: fyne.NewSize(1366, 768), frame: windowFrame}, 2},
}

// openOn is a window as Run opens it on the screen: the default size,
// then made to fit the screen at scale.
func openOn(t *testing.T, area screenArea, scale float32) *harness {
	h := newHarness(t)
	h.win.Resize(defaultSize)
	h.w.fitScreen(area, scale)
	h.w.Tick()
	return h
}

// rectOf is where o lies on the canvas.
func rectOf(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()
}

// findUnder lists the objects under o (o too) that match.
func findUnder(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) []fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	var out []fyne.CanvasObject
	if match(o) {
		out = append(out, o)
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, findUnder(c, match)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, findUnder(c, match)...)
		}
	}
	return out
}

// On small screens, in English and Japanese, nothing is cut or drawn over
// something else:
//   - empty, the drop zone's lines (the keys under the buttons too) lie
//     above the Algorithms bar, not over it;
//   - with an ISO whose SHA256SUMS says another digest, the Algorithms bar
//     lies whole in the window, the red banner whole in the page above it
//     and over nothing, the buttons under it (Copy all, Clear) in view
//     where the screen has room for the top, and the line under the field
//     says all it says;
//   - Choose… open, its checkboxes end above Done (they scroll between the
//     title and Done when the window is short).
func TestSmallScreens(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		for _, s := range smallScreens {
			t.Run(lang+"/"+s.name, func(t *testing.T) {
				useLanguage(t, lang)
				h := openOn(t, s.area, s.scale)
				canvas := h.win.Canvas().Size()
				barAt, barSize := rectOf(h.w.picker.object())
				if barAt.Y < 0 || barAt.Y+barSize.Height > canvas.Height+0.5 {
					t.Errorf("empty: the Algorithms bar lies at %v+%v, outside the window %v", barAt, barSize, canvas)
				}
				sum := h.w.picker.summary
				var said string
				for _, x := range textsIn(sum, fyne.CurrentApp().Driver().AbsolutePositionForObject(sum).Subtract(sum.Position())) {
					said += x.text
				}
				if said != sum.Text || strings.Contains(said, "…") || !strings.HasPrefix(said, "CRC32") {
					t.Errorf("the Algorithms bar says %q of %q: a name cut", said, sum.Text)
				}
				for _, x := range textsIn(h.w.dropZone, fyne.CurrentApp().Driver().AbsolutePositionForObject(h.w.dropZone).Subtract(h.w.dropZone.Position())) {
					if x.pos.Y+x.size.Height > barAt.Y+0.5 {
						t.Errorf("empty: %q lies at %v+%v, over the Algorithms bar at %v", x.text, x.pos, x.size, barAt.Y)
					}
				}

				dir := t.TempDir()
				iso := writeFile(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), "abc")
				writeFile(t, filepath.Join(dir, "SHA256SUMS"), strings.Repeat("0", 64)+" *ubuntu-24.04.1-desktop-amd64.iso\n")
				h.w.Add([]string{iso})
				h.waitFor("the red verdict", func() bool {
					return h.allFinished() && h.w.banner.Outcome() == checksum.Mismatch && h.w.banner.compare.Visible()
				})
				seen := map[fyne.CanvasObject]fyne.Size{}
				for range 2 {
					h.w.Tick()
					frame(h.win.Content(), seen)
				}
				barAt, barSize = rectOf(h.w.picker.object())
				if barAt.Y < 0 || barAt.Y+barSize.Height > canvas.Height+0.5 {
					t.Errorf("a file listed: the Algorithms bar lies at %v+%v, outside the window %v", barAt, barSize, canvas)
				}
				// What a scroll around it shows of it without scrolling.
				shownTo := func(o fyne.CanvasObject) float32 {
					at, size := rectOf(o)
					end := at.Y + size.Height
					for _, sc := range findUnder(h.w.mainView, func(x fyne.CanvasObject) bool { _, ok := x.(*container.Scroll); return ok }) {
						if len(findUnder(sc, func(x fyne.CanvasObject) bool { return x == o })) > 0 {
							sat, ssize := rectOf(sc)
							end = min(end, sat.Y+ssize.Height)
						}
					}
					return end
				}
				bAt, bSize := rectOf(h.w.banner)
				if bSize.Height < h.w.banner.MinSize().Height {
					t.Errorf("the banner is %v high, needing %v: clipped", bSize, h.w.banner.MinSize())
				}
				if out := bannerTextsOutside(t, h.w.banner); len(out) > 0 {
					t.Errorf("drawn outside the banner's band: %+v", out)
				}
				sAt, sSize := rectOf(h.w.status)
				if sAt.Y < bAt.Y+bSize.Height-0.5 {
					t.Errorf("the status line at %v lies under the banner (%v+%v)", sAt, bAt, bSize)
				}
				topFits := h.w.layout.top.MinSize().Height+barSize.Height+h.w.dropHint.MinSize().Height+4*padding() <= canvas.Height
				if end := shownTo(h.w.status); topFits && end < sAt.Y+sSize.Height-0.5 {
					t.Errorf("the buttons under the banner lie at %v+%v, shown down to %v only: hidden until one scrolls", sAt, sSize, end)
				}
				for _, b := range []*button{h.w.copyAll, h.w.clear} {
					at, size := rectOf(b)
					if b.Visible() && (at.Y < bAt.Y+bSize.Height-0.5 || at.X+size.Width > canvas.Width+0.5) {
						t.Errorf("%q lies at %v+%v: under the banner or past the window's edge", b.Text, at, size)
					}
				}
				if s.name == "960" {
					u := h.w.expected.understood
					h.w.expected.SetText(strings.Repeat("0", 64))
					h.settle()
					frame(h.win.Content(), seen)
					var shown string
					for _, x := range textsIn(u, fyne.CurrentApp().Driver().AbsolutePositionForObject(u).Subtract(u.Position())) {
						shown += x.text
					}
					if strip(shown) != strip(u.Text) {
						t.Errorf("the line under the field says %q of %q", shown, u.Text)
					}
				}

				h.w.picker.showChooser()
				h.w.Tick()
				frame(h.win.Content(), seen)
				top := h.win.Canvas().Overlays().Top()
				done := findUnder(top, func(o fyne.CanvasObject) bool {
					b, ok := o.(*button)
					return ok && b.Text == tr("Done")
				})
				if len(done) != 1 {
					t.Fatalf("%d Done buttons", len(done))
				}
				doneAt, _ := rectOf(done[0])
				scrolls := findUnder(top, func(o fyne.CanvasObject) bool { _, ok := o.(*container.Scroll); return ok })
				for id, c := range h.w.picker.checks {
					at, size := rectOf(c)
					end := at.Y + size.Height
					for _, sc := range scrolls {
						if len(findUnder(sc, func(o fyne.CanvasObject) bool { return o == c })) > 0 {
							sat, ssize := rectOf(sc)
							end = min(end, sat.Y+ssize.Height) // shown up to the scroll's edge
						}
					}
					if end > doneAt.Y+0.5 {
						t.Errorf("Choose…: %s's checkbox lies at %v+%v, under Done at %v", id, at, size, doneAt)
					}
				}
			})
		}
	}
}

func strip(s string) string { return strings.Join(strings.Fields(s), "") }

// The banner told one verdict after another, as a release folder's files
// are checked (a long headline alone, then a short one with a detail, then
// a digest comparison and back): each time its lines lie inside its band,
// at every small size, with no pass of the driver's in between but the
// window's tick.
func TestBannerHoldsItsLinesFromOneVerdictToTheNext(t *testing.T) {
	long := "Does NOT match the published SHA-256: this is not the file they released. Do not use it, whatever it says."
	for name, size := range smallWindows {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.win.Resize(size)
			b := h.w.banner
			for i, v := range []struct{ headline, detail string }{
				{"Checking release/file-0000.bin against the digest published next to it…", "Reading."},
				{long, ""},
				{"2 files do NOT match", "release/file-0000.bin does not match the digest in SHA256SUMS, next to it."},
				{long, ""},
				{"3 files do NOT match", "release/file-0000.bin does not match the digest in SHA256SUMS, next to it. " + long},
				{"3 files do NOT match", "short"},
			} {
				b.set(checksum.Mismatch, v.headline, v.detail)
				h.w.Tick()
				if out := bannerTextsOutside(t, b); len(out) > 0 {
					t.Errorf("verdict %d: drawn outside the banner's band (%v+%v): %+v", i, b.bg.Position(), b.bg.Size(), out)
				}
			}
		})
	}
}

// On a small screen at twice the scale (1366 x 768), a release of many
// files under a red banner keeps room for several rows of its list (the
// page scrolls to it), and a row's name keeps room beside its columns:
// not one row tall, not "s6bad…".
func TestTheListKeepsRoomOnASmallScreen(t *testing.T) {
	h := openOn(t, screenArea{work: fyne.NewSize(1366, 768), frame: windowFrame}, 2)
	dir := filepath.Join(t.TempDir(), "release")
	var sums strings.Builder
	for i := range 48 {
		name := fmt.Sprintf("s%dbad-long-file-name-%02d.bin", i, i)
		writeFile(t, filepath.Join(dir, name), name)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex("x"), name) // all damaged: a red banner
	}
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sums.String())
	h.w.Add([]string{dir})
	h.waitFor("the red verdict", func() bool { return h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch })
	h.w.Tick()
	if got := h.w.files.holder.Size().Height; got < pageListRoom-1 {
		t.Errorf("the list is %.0f high under the banner, want at least %d", got, pageListRoom)
	}
	v := h.w.files.compact
	if v == nil || len(v.bound) == 0 {
		t.Fatal("no compact rows drawn")
	}
	for r := range v.bound {
		if w, row := r.name.Size().Width, r.obj.Size().Width; w < 0.35*row {
			t.Errorf("a row's name is %.0f wide of %.0f: cut short", w, row)
		}
		break
	}
}
