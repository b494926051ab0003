//go:build smoke && linux && cgo

package smoke

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestChecksumFileElsewhereSmoke starts Hashdrop on ~/Downloads/debian.iso
// and drops ~/Desktop/SHA256SUMS on the window afterwards, as a person
// would: the ISO is checked against it by its base name and the window
// says which checksum file decided (smoke-elsewhere.png). Then, with a
// SHA256SUMS beside the ISO that gives another digest, the window shows
// the conflict (smoke-conflict.png).
func TestChecksumFileElsewhereSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)

	for _, run := range []struct {
		name, beside string
		want         string // in the log once the verdict is given
	}{
		{"elsewhere", "", "verdict match"},
		{"conflict", strings.Repeat("0", 64) + "  debian.iso\n", "verdict conflict"},
	} {
		t.Run(run.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			os.MkdirAll(filepath.Join(home, "Downloads"), 0o755)
			iso := writeRandom(t, filepath.Join(home, "Downloads", "debian.iso"), 4<<20)
			sums := filepath.Join(home, "Desktop", "SHA256SUMS")
			os.MkdirAll(filepath.Dir(sums), 0o755)
			os.WriteFile(sums, []byte(sha256File(t, iso)+"  debian.iso\n"+strings.Repeat("1", 64)+"  amd64/debian.iso\n"), 0o644)
			if run.beside != "" {
				os.WriteFile(filepath.Join(home, "Downloads", "SHA256SUMS"), []byte(run.beside), 0o644)
			}
			w := start(t, bin, home, out, "smoke-"+run.name+".log", userEnv(display, home), iso)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.waitFor("the ISO's digests", 120*time.Second, func() bool { return hasDigest(w.log.String(), iso) })
			wx, wy, ww, wh, err := x.Geometry(win)
			if err != nil {
				t.Fatal(err)
			}
			if err := x.Drop(win, wx+ww/2, wy+wh/2, []string{sums}, 30*time.Second); err != nil {
				t.Fatalf("drop: %v", err)
			}
			w.logged(30*time.Second, "dropped ", "published digest for "+iso+" in "+sums, run.want)
			time.Sleep(1500 * time.Millisecond) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-"+run.name+".png"))
			if strings.Contains(w.log.String(), "checksum file "+sums) {
				t.Error("the SHA256SUMS was opened in the checksum-file view instead of used for the ISO")
			}
			w.alive()
			w.stop()
		})
	}
}
