//go:build smoke && linux && cgo

package smoke

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A flat release folder dropped: its SHA256SUMS lists 50 files, 3 of them
// damaged and 2 deleted. The red banner holds its lines, its second one
// too, at 960 wide and on 1366 x 768 at FYNE_SCALE=2, in English and
// Japanese; the traced layout is checked and the banner saved as
// smoke-release-NAME.png.
func TestReleaseFolderBannerSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	for _, run := range []struct {
		name, screen string
		env          []string
	}{
		{"960", "1920x1080x24", english},
		{"960-ja", "1920x1080x24", japanese},
		{"scale2", "1366x768x24", append([]string{"FYNE_SCALE=2"}, english...)},
		{"scale2-ja", "1366x768x24", append([]string{"FYNE_SCALE=2"}, japanese...)},
	} {
		t.Run(run.name, func(t *testing.T) {
			display := startXvfbScreen(t, run.screen)
			x := openX(t, display)
			dir := t.TempDir()
			folder := filepath.Join(dir, "release")
			os.MkdirAll(folder, 0o755)
			var sums strings.Builder
			for i := range 50 {
				name := fmt.Sprintf("file-%04d.bin", i)
				data := []byte(strings.Repeat(name, 100))
				s := sha256.Sum256(data)
				fmt.Fprintf(&sums, "%s  %s\n", hex.EncodeToString(s[:]), name)
				switch {
				case i < 3:
					data[0] ^= 1
				case i < 5:
					continue
				}
				os.WriteFile(filepath.Join(folder, name), data, 0o644)
			}
			os.WriteFile(filepath.Join(folder, "SHA256SUMS"), []byte(sums.String()), 0o644)
			w := start(t, bin, dir, out, "smoke-release-"+run.name+".log", userEnv(display, filepath.Join(dir, "home"), run.env...), folder)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(120*time.Second, "verdict mismatch: ")
			time.Sleep(2 * time.Second)
			laidOutWell(t, "a release folder", w.log.String())
			screenshot(t, x, win, filepath.Join(out, "smoke-release-"+run.name+".png"))
			w.alive()
		})
	}
}
