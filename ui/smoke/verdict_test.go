//go:build smoke && linux && cgo

package smoke

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestVerdictRulesSmoke follows the real window's headlines
// (HASHDROP_TRACE's "verdict OUTCOME: HEADLINE"): a folder of 200 files
// with its SHA256SUMS, every file compared (smoke-folder200.png); and a
// SHA256SUMS listing the ISO downloaded and another one, opened as by a
// double-click: a green headline (smoke-two-isos.png); both in English
// and in Japanese (-ja).
func TestVerdictRulesSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)

	type run struct {
		name  string
		setup func(t *testing.T, home string) string // the argument to open
		want  string
	}
	runs := []run{
		{"folder200", func(t *testing.T, home string) string {
			folder := filepath.Join(home, "Downloads", "release")
			os.MkdirAll(folder, 0o755)
			var sums strings.Builder
			for i := range 200 {
				name := fmt.Sprintf("part%03d.bin", i)
				fmt.Fprintf(&sums, "%s  %s\n", sha256File(t, writeRandom(t, filepath.Join(folder, name), 4096)), name)
			}
			os.WriteFile(filepath.Join(folder, "SHA256SUMS"), []byte(sums.String()), 0o644)
			return folder
		}, "verdict match: All 200 files match the digests published next to them"},
		{"two-isos", func(t *testing.T, home string) string {
			dl := filepath.Join(home, "Downloads")
			os.MkdirAll(dl, 0o755)
			iso := writeRandom(t, filepath.Join(dl, "ubuntu-desktop.iso"), 4<<20)
			sums := filepath.Join(dl, "SHA256SUMS")
			os.WriteFile(sums, []byte(sha256File(t, iso)+" *ubuntu-desktop.iso\n"+strings.Repeat("1", 64)+" *ubuntu-server.iso\n"), 0o644)
			return sums
		}, "verdict match: Matches the published SHA-256"}, // the other ISO is a row that says it is not here
	}
	english := []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}
	japanese := []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}
	jaWant := []string{"verdict match: 200 個のファイルすべてが、隣に置かれたハッシュ値と一致しました", "verdict match: 公開されている SHA-256 と一致しました"}
	for i, r := range runs[:2] {
		runs = append(runs, run{r.name + "-ja", r.setup, jaWant[i]})
	}
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			arg := run.setup(t, home)
			lang := english
			if strings.HasSuffix(run.name, "-ja") {
				lang = japanese
			}
			w := start(t, bin, home, out, "smoke-"+run.name+".log", userEnv(display, home, lang...), arg)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(180*time.Second, run.want)
			if strings.Contains(w.log.String(), "verdict mismatch") || strings.Contains(w.log.String(), "verdict unknown") {
				t.Errorf("a red or amber headline was shown on the way:\n%s", w.log.String())
			}
			time.Sleep(1500 * time.Millisecond) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-"+run.name+".png"))
			w.alive()
			w.stop()
		})
	}
}
