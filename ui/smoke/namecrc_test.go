//go:build smoke && linux && cgo

package smoke

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCRC32InNameSmoke opens, in the real window, a release whose name
// carries a CRC32 it does not match, beside a SHA256SUMS it matches: one
// verdict, a conflict naming both, and no green or red on the way. The
// headline is followed in the trace, in English and Japanese, and saved as
// smoke-namecrc(-ja).png.
func TestCRC32InNameSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)
	const name = "[Group] Title - 01 [BC5B1138].mkv"
	for _, run := range []struct {
		name string
		lang []string
		want string
	}{
		{"namecrc", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="},
			"verdict conflict: SHA256SUMS and the CRC32 in its name disagree about " + name + ": do not rely on it"},
		{"namecrc-ja", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="},
			"verdict conflict: SHA256SUMS と名前にある CRC32 とで " + name + " についての結果が食い違っています: 信頼しないでください"},
	} {
		t.Run(run.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			mkv := filepath.Join(home, "Downloads", name)
			os.MkdirAll(filepath.Dir(mkv), 0o755)
			writeRandom(t, mkv, 8<<20)
			sums := sha256File(t, mkv) + "  " + name + "\n"
			if err := os.WriteFile(filepath.Join(filepath.Dir(mkv), "SHA256SUMS"), []byte(sums), 0o644); err != nil {
				t.Fatal(err)
			}
			w := start(t, bin, home, out, "smoke-"+run.name+".log", userEnv(display, home, run.lang...), mkv)
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(180*time.Second, run.want)
			if log := w.log.String(); strings.Contains(log, "verdict match") || strings.Contains(log, "verdict mismatch") {
				t.Errorf("a green or a red headline was shown on the way:\n%s", log)
			}
			time.Sleep(1500 * time.Millisecond) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-"+run.name+".png"))
			w.alive()
			w.stop()
		})
	}
}
