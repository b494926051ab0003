//go:build smoke && linux && cgo

package smoke

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCompareSmoke opens an ISO in the real window and drops its copy, of
// the same name on a USB stick, on the expected-digest field through the X
// drag-and-drop protocol: the copy is listed, read, and its digest becomes
// the one the ISO is compared with. The headline is followed in the trace,
// in English and Japanese, and saved as smoke-compare(-ja).png.
func TestCompareSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)
	for _, run := range []struct {
		name string
		lang []string
		want string
	}{
		{"compare", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="},
			"verdict match: " + filepath.FromSlash("Downloads/ubuntu-24.04-desktop-amd64.iso") + " is the same as " + filepath.FromSlash("usb/ubuntu-24.04-desktop-amd64.iso")},
		{"compare-ja", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="},
			"verdict match: " + filepath.FromSlash("Downloads/ubuntu-24.04-desktop-amd64.iso") + " は " + filepath.FromSlash("usb/ubuntu-24.04-desktop-amd64.iso") + " と同一です"},
	} {
		t.Run(run.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			iso := filepath.Join(home, "Downloads", "ubuntu-24.04-desktop-amd64.iso")
			cp := filepath.Join(home, "media", "usb", "ubuntu-24.04-desktop-amd64.iso")
			for _, d := range []string{filepath.Dir(iso), filepath.Dir(cp)} {
				os.MkdirAll(d, 0o755)
			}
			writeRandom(t, iso, 16<<20)
			data, err := os.ReadFile(iso)
			if err != nil || os.WriteFile(cp, data, 0o644) != nil {
				t.Fatal("cannot copy the ISO")
			}
			w := start(t, bin, home, out, "smoke-"+run.name+".log", userEnv(display, home, run.lang...), iso)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.waitFor("the ISO's digests", 120*time.Second, func() bool { return hasDigest(w.log.String(), iso) })
			wx, wy, ww, _, err := x.Geometry(win)
			if err != nil {
				t.Fatal(err)
			}
			// The expected-digest field is the second line of the window, under
			// its title: some 60 pixels from the top, whatever the width.
			if err := x.Drop(win, wx+ww/2, wy+62, []string{cp}, 30*time.Second); err != nil {
				t.Fatalf("drop: %v", err)
			}
			w.logged(30*time.Second, "on the expected digest")
			w.logged(180*time.Second, run.want)
			if strings.Contains(w.log.String(), "verdict mismatch") {
				t.Errorf("a red headline was shown on the way:\n%s", w.log.String())
			}
			time.Sleep(1500 * time.Millisecond) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-"+run.name+".png"))
			w.alive()
			w.stop()
		})
	}
}
