//go:build smoke && linux && cgo

package smoke

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// With every algorithm chosen, the real window's minimum size (the hint it
// gives the window manager) fits a 1366 x 768 laptop, title bar and panel
// included, while it hashes.
func TestWindowFitsALaptopSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	prefs := filepath.Join(home, ".config", "fyne", "io.github.hashdrop.hashdrop", "preferences.json")
	os.MkdirAll(filepath.Dir(prefs), 0o700)
	all := "crc32,md5,sha1,sha224,sha256,sha384,sha512,sha3-224,sha3-256,sha3-384,sha3-512,ripemd128,ripemd160,ripemd256,ripemd320,whirlpool"
	if err := os.WriteFile(prefs, []byte(`{"algorithms":"`+all+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	iso := writeRandom(t, filepath.Join(dir, "big.iso"), 64<<20)
	w := start(t, bin, dir, out, "smoke-fits.log", userEnv(display, home), iso)
	x := openX(t, display)
	var win uint64
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	w.logged(60*time.Second, "queued "+iso+" ([CRC32 MD5")
	w.waitFor("the digests", 120*time.Second, func() bool { return hasDigest(w.log.String(), iso) })
	minW, minH := minSizeHint(t, display, win)
	t.Logf("minimum size hint %d x %d", minW, minH)
	if minW > 1366 || minH > 768-70 {
		t.Errorf("with every algorithm the window asks for at least %d x %d: more than a 1366 x 768 laptop shows", minW, minH)
	}
}

var minSizeRe = regexp.MustCompile(`program specified minimum size: (\d+) by (\d+)`)

// minSizeHint reads the WM_NORMAL_HINTS the window set (xprop).
func minSizeHint(t *testing.T, display string, win uint64) (int, int) {
	t.Helper()
	cmd := exec.Command("xprop", "-id", fmt.Sprint(win), "WM_NORMAL_HINTS")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xprop: %v\n%s", err, b)
	}
	m := minSizeRe.FindSubmatch(b)
	if m == nil {
		t.Fatalf("no minimum size in the window's hints:\n%s", b)
	}
	w, _ := strconv.Atoi(string(m[1]))
	h, _ := strconv.Atoi(string(m[2]))
	return w, h
}

// At FYNE_SCALE=2 on a 1366 x 768 screen (683 x 384 units, less than the
// window's content needs) the real window opens within the screen and
// stays within it when a long red banner appears: an ISO beside a
// SHA256SUMS that gives another digest (smoke-scale2.png).
func TestWindowFitsTheScreenAtScale2Smoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	const screenW, screenH = 1366, 768
	display := startXvfbScreen(t, fmt.Sprintf("%dx%dx24", screenW, screenH))
	dir := t.TempDir()
	iso := writeRandom(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), 1<<20)
	os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(strings.Repeat("0", 64)+" *ubuntu-24.04.1-desktop-amd64.iso\n"), 0o644)
	w := start(t, bin, dir, out, "smoke-scale2.log", userEnv(display, filepath.Join(dir, "home"), "FYNE_SCALE=2"), iso)
	x := openX(t, display)
	var win uint64
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	fits := func() (bool, string) {
		wx, wy, ww, wh, err := x.Geometry(win)
		if err != nil {
			t.Fatal(err)
		}
		minW, minH := minSizeHint(t, display, win)
		return wx >= 0 && wy >= 0 && wx+ww <= screenW && wy+wh <= screenH && minW <= screenW && minH <= screenH,
			fmt.Sprintf("%d x %d at %d,%d, asking for at least %d x %d", ww, wh, wx, wy, minW, minH)
	}
	onScreen := func(when string) {
		t.Helper()
		ok, says := fits()
		t.Logf("%s: the window is %s", when, says)
		if !ok {
			t.Errorf("%s: the window, %s, does not fit the %d x %d screen", when, says, screenW, screenH)
		}
	}
	w.logged(30*time.Second, "screen: work area {1366 768}")
	// Fyne maps the window at its first size before its scale is known;
	// Hashdrop resizes it at once, before the first frame.
	w.waitFor("the window to fit the screen", 5*time.Second, func() bool { ok, _ := fits(); return ok })
	onScreen("opened")
	w.logged(120*time.Second, "verdict mismatch: ")
	time.Sleep(1500 * time.Millisecond) // the banner laid out, a few redraws
	onScreen("with the red banner")
	screenshot(t, x, win, filepath.Join(out, "smoke-scale2.png"))
	w.alive()
}
