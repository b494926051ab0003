//go:build smoke && linux && cgo

package smoke

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The real window, started on an ISO that matches the SHA512SUMS beside it
// and not the SHA256SUMS beside it, with each preset (SHA-512 alone, and
// the common five): its traced headlines are never green, from the first
// to the last, and the last is the red conflict naming both checksum files
// (smoke-disagree-sha512.png, smoke-disagree-common.png).
func TestDisagreeingChecksumFilesSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	for _, preset := range []struct{ name, algorithms string }{
		{"sha512", "sha512"},
		{"common", ""}, // the window's own default
	} {
		t.Run(preset.name, func(t *testing.T) {
			display := startXvfb(t)
			x := openX(t, display)
			dir := t.TempDir()
			home := filepath.Join(dir, "home")
			if preset.algorithms != "" {
				writePrefs(t, home, `{"algorithms":"`+preset.algorithms+`"}`)
			}
			iso := writeRandom(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), 96<<20)
			data, err := os.ReadFile(iso)
			if err != nil {
				t.Fatal(err)
			}
			s512 := sha512.Sum512(data)
			os.WriteFile(filepath.Join(dir, "SHA512SUMS"), []byte(hex.EncodeToString(s512[:])+" *"+filepath.Base(iso)+"\n"), 0o644)
			other := sha256.Sum256(append(data, 0))
			os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(hex.EncodeToString(other[:])+" *"+filepath.Base(iso)+"\n"), 0o644)

			w := start(t, bin, dir, out, "smoke-disagree-"+preset.name+".log", userEnv(display, home, english...), iso)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(180*time.Second, "verdict conflict: ")
			time.Sleep(time.Second) // a few more frames: the verdict must stay
			log := w.log.String()
			if strings.Contains(log, "verdict match: ") {
				t.Errorf("a green headline was shown while SHA256SUMS disagrees:\n%s", log)
			}
			last := log[strings.LastIndex(log, "verdict "):]
			if !strings.HasPrefix(last, "verdict conflict: ") {
				t.Errorf("the last headline is not the conflict: %q", strings.SplitN(last, "\n", 2)[0])
			}
			if !strings.Contains(log, "queued "+iso) || !strings.Contains(log, "SHA-256") {
				t.Errorf("SHA-256 was not computed for SHA256SUMS:\n%s", log)
			}
			screenshot(t, x, win, filepath.Join(out, "smoke-disagree-"+preset.name+".png"))
			w.alive()
		})
	}
}

// writePrefs writes the window's preferences under home.
func writePrefs(t *testing.T, home, json string) {
	t.Helper()
	prefs := filepath.Join(home, ".config", "fyne", appID, "preferences.json")
	os.MkdirAll(filepath.Dir(prefs), 0o700)
	if err := os.WriteFile(prefs, []byte(json), 0o600); err != nil {
		t.Fatal(err)
	}
}

// The published SHA-256 typed into the field, then the damaged ISO dragged
// over the field itself as a file manager does: the band over the field
// really shows (its pixels differ from the field's without a drag:
// smoke-drop-field-cue.png), and dropped there the ISO is listed and
// compared with the typed digest, which stays in the field: red, never the
// file's own digest as the expected one (smoke-drop-field-verdict.png).
func TestDropOnTheFieldSmoke(t *testing.T) {
	d := startTyped(t, "smoke-drop-field.log", strings.Repeat("5a", 32))
	out, display, x, w, win, iso, scale := d.out, d.display, d.x, d.w, d.win, d.iso, d.scale
	field := d.parts["field"]
	fx, fy := field.centre(d.wx, d.wy, scale)
	time.Sleep(500 * time.Millisecond)
	before := filepath.Join(out, "smoke-drop-field-before.png")
	screenshot(t, x, win, before)

	xdotool(t, display, "mousemove", "1275", "895")
	xdotool(t, display, "mousedown", "1")
	defer xdotool(t, display, "mouseup", "1")
	xdotool(t, display, "mousemove", strconv.Itoa(fx), strconv.Itoa(fy))
	drag, err := x.Drag(win, fx, fy, []string{iso})
	if err != nil {
		t.Fatal(err)
	}
	w.logged(10*time.Second, "drop cue shown")
	time.Sleep(700 * time.Millisecond)
	cue := filepath.Join(out, "smoke-drop-field-cue.png")
	screenshot(t, x, win, cue)
	// The band is seen, not only traced: most of the field's pixels changed.
	in := image.Rect(int(field.x*scale)+4, int(field.y*scale)+4, int((field.x+field.w)*scale)-4, int((field.y+field.h)*scale)-4)
	if changed := changedShare(t, before, cue, in); changed < 0.5 {
		t.Errorf("over the field, only %.0f%% of its pixels changed: the band does not show", changed*100)
	}
	if err := drag.Drop(30 * time.Second); err != nil {
		t.Fatalf("drop on the field: %v", err)
	}
	xdotool(t, display, "mousemove", "1275", "895")
	w.logged(30*time.Second, "listed and compared with it", "queued "+iso)
	w.logged(120*time.Second, "verdict mismatch: ")
	time.Sleep(1500 * time.Millisecond)
	log := w.log.String()
	if strings.Contains(log, "is the expected one for the others") {
		t.Errorf("the ISO dropped on the field holding a digest was made the expected one:\n%s", log)
	}
	if i := strings.LastIndex(log, "verdict "); !strings.HasPrefix(log[i:], "verdict mismatch: ") {
		t.Errorf("the red verdict was replaced: %q", strings.SplitN(log[i:], "\n", 2)[0])
	}
	screenshot(t, x, win, filepath.Join(out, "smoke-drop-field-verdict.png"))
	w.alive()
}

// changedShare is the share of the pixels of r that differ between two
// screenshots.
func changedShare(t *testing.T, a, b string, r image.Rectangle) float64 {
	t.Helper()
	load := func(path string) image.Image {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	ia, ib := load(a), load(b)
	r = r.Intersect(ia.Bounds()).Intersect(ib.Bounds())
	if r.Empty() {
		t.Fatalf("the field %v is not in the screenshots", r)
	}
	changed, all := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			all++
			if ia.At(x, y) != ib.At(x, y) {
				changed++
			}
		}
	}
	return float64(changed) / float64(all)
}

// appID is the window's Fyne app id: its preferences are under it.
const appID = "io.github.hashdrop.hashdrop"
