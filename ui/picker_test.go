package ui

import (
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/hashing"
)

func TestAlgorithmChoicePersists(t *testing.T) {
	h := newHarness(t)
	if got := h.w.picker.preset.Selected; got != presetNames()[presetCommon] {
		t.Errorf("first run preset %q, want Common", got)
	}
	if !slices.Equal(h.w.picker.selected(), common()) {
		t.Errorf("first run algorithms %v", h.w.picker.selected())
	}
	h.w.picker.preset.SetSelected(presetNames()[presetAll])
	if got := h.app.Preferences().String(prefAlgorithms); got != "crc32,md5,sha1,sha224,sha256,sha384,sha512,sha3-224,sha3-256,sha3-384,sha3-512,ripemd128,ripemd160,ripemd256,ripemd320,whirlpool,blake2b,blake2b-256,blake3,xxh32,xxh64,xxh3,xxh128" {
		t.Errorf("stored %q", got)
	}

	// The checkboxes: a custom choice is kept too.
	h.w.picker.showChooser()
	test.Tap(h.w.picker.checks["crc32"])
	if !h.w.picker.checks["sha256"].Checked || h.w.picker.checks["crc32"].Checked {
		t.Error("checkboxes do not show the choice")
	}
	if h.w.picker.preset.Selected != presetNames()[presetCustom] {
		t.Errorf("preset %q after unticking CRC32", h.w.picker.preset.Selected)
	}

	// A new window of the same app starts with it.
	again := newHarnessWithApp(t, h.app)
	got := again.w.picker.selected()
	chosen := len(hashing.All()) - 1 // all but CRC32
	if len(got) != chosen || slices.Contains(got, mustAlg("crc32")) {
		t.Errorf("restored %v", got)
	}
	again.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "f"), "x")})
	again.waitFor("hashed", again.allFinished)
	if n := len(again.item("f").digests); n != chosen {
		t.Errorf("a new file got %d digests, want the %d chosen", n, chosen)
	}
}

func TestBenchmarkAndAbout(t *testing.T) {
	h := newHarness(t)
	h.w.showBench()
	h.waitFor("every algorithm measured", func() bool { return h.w.bench.run.Disabled() == false && h.core.bench == len(hashing.All()) })
	for _, b := range h.w.bench.bars {
		if b.value == 0 || b.text.Text == "" {
			t.Errorf("%s: no figure", b.alg.Name)
		}
	}
	top := h.w.bench.bars[slices.IndexFunc(h.w.bench.bars, func(b *benchBar) bool { return b.alg.ID == "whirlpool" })]
	if top.frac != 1 { // Whirlpool: 64 bytes, the fake's fastest
		t.Errorf("the fastest bar should be full, is %v", top.frac)
	}
	// Every bar can be read: the slowest (CRC32, 16 times slower in the
	// fake) takes a fifth of the row, not a sixteenth, and each figure is
	// drawn on its bar.
	h.win.Resize(fyne.NewSize(1000, 700))
	for _, b := range h.w.bench.bars {
		if b.frac < minBarShare {
			t.Errorf("%s: its bar takes %.2f of the row, too little to read", b.alg.Name, b.frac)
		}
		bar, figure := b.obj.Objects[0], b.obj.Objects[1]
		if bar.Size().Width < figure.MinSize().Width || figure.Position().X+figure.MinSize().Width > bar.Position().X+bar.Size().Width {
			t.Errorf("%s: the figure %q is not on its bar (bar %v wide)", b.alg.Name, b.text.Text, bar.Size().Width)
		}
	}
	crc, sha1, sha256 := h.w.bench.bars[0].frac, h.w.bench.bars[2].frac, h.w.bench.bars[4].frac
	if !(crc < sha1 && sha1 < sha256) {
		t.Errorf("the bars are not in the order of the figures: %v %v %v", crc, sha1, sha256)
	}
	h.w.showAbout()
	if !containsText(h.w.body, cpuSummary()) {
		t.Error("About should name the CPU")
	}
}

// About lists as used exactly the features the cores in use need, and
// cpuFeatures names every feature they need.
func TestAboutFeaturesAreThoseInUse(t *testing.T) {
	need := map[string]bool{}
	for _, a := range hashing.All() {
		for _, f := range a.CoreNeeds() {
			need[f.String()] = true
			if !slices.Contains(cpuFeatures, f) {
				t.Errorf("%s: core %s needs %s, which About does not list", a.ID, a.Core(), f)
			}
		}
	}
	used, _ := hashingFeatures()
	for _, f := range used {
		if !need[f] {
			t.Errorf("About lists %s among the features used, but no core in use needs it", f)
		}
		delete(need, f)
	}
	for f := range need {
		t.Errorf("a core in use needs %s, but About does not list it among the features used", f)
	}
}

// About gives the version FyneApp.toml says, not Fyne's default 0.0.1.
func TestAboutVersionIsFyneApps(t *testing.T) {
	m := fyneAppMetadata(t)
	if m.Version == "" || m.Version == "0.0.1" {
		t.Fatalf("FyneApp.toml's version read as %q", m.Version)
	}
	isolateHome(t)
	h := newHarnessWithApp(t, test.NewTempApp(t), Config{Version: m.Version})
	h.w.showAbout()
	if !containsText(h.w.body, "Hashdrop "+m.Version) {
		t.Errorf("About does not say Hashdrop %s", m.Version)
	}
}
