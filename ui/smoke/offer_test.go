//go:build smoke && linux && cgo

package smoke

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOfferSmoke opens an ISO alone whose name Ubuntu's row knows, with
// nothing beside it, in the real window, in English and Japanese: the
// offer to get Ubuntu's signed checksums shows under the banner
// (smoke-offer(-ja).png), and nothing is fetched without the click.
func TestOfferSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)
	for _, run := range []struct {
		suffix string
		env    []string
	}{
		{"", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
		{"-ja", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}},
	} {
		home := filepath.Join(t.TempDir(), "home")
		dl := filepath.Join(home, "Downloads")
		os.MkdirAll(dl, 0o755)
		iso := writeRandom(t, filepath.Join(dl, "ubuntu-24.04.1-desktop-amd64.iso"), 2<<20)
		w := start(t, bin, home, out, "smoke-offer"+run.suffix+".log", userEnv(display, home, run.env...), iso)
		var win uint64
		w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
		w.logged(120*time.Second, "offer: Ubuntu's checksums from releases.ubuntu.com for "+iso)
		time.Sleep(1500 * time.Millisecond) // a few redraws
		screenshot(t, x, win, filepath.Join(out, "smoke-offer"+run.suffix+".png"))
		if strings.Contains(w.log.String(), "fetching ") {
			t.Errorf("fetched without the click:\n%s", w.log.String())
		}
		w.alive()
		w.stop()
	}
}
