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

// A drop of a 10,000-file folder keeps the window answering: while the
// files are hashed, a second drop goes through the X drag-and-drop
// handshake (the window must answer it) and is queued, and every file is
// hashed in the end.
func TestTenThousandFilesSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	dir := t.TempDir()
	folder := filepath.Join(dir, "many")
	for i := range 10000 {
		p := filepath.Join(folder, fmt.Sprintf("%02d", i%100), fmt.Sprintf("file-%05d.bin", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(strings.Repeat("x", i%4096)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	late := writeRandom(t, filepath.Join(dir, "late.iso"), 1<<20)
	w := start(t, bin, dir, out, "smoke-10000.log", userEnv(display, filepath.Join(dir, "home")))
	x := openX(t, display)
	var win uint64
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	wx, wy, ww, wh, err := x.Geometry(win)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Drop(win, wx+ww/2, wy+wh/2, []string{folder}, 30*time.Second); err != nil {
		t.Fatalf("drop of the folder: %v", err)
	}
	w.logged(60*time.Second, "queued "+filepath.Join(folder, "00", "file-00000.bin"))
	if err := x.Drop(win, wx+ww/2, wy+wh/2, []string{late}, 30*time.Second); err != nil {
		t.Fatalf("while 10,000 files are queued the window does not answer a drop: %v", err)
	}
	w.logged(60*time.Second, "queued "+late)
	w.waitFor("10,001 files hashed", 240*time.Second, func() bool {
		return strings.Count(w.log.String(), "hashdrop: ") > 0 && count(w.log.String(), "done ") >= 10001
	})
	screenshot(t, x, win, filepath.Join(out, "smoke-10000.png"))
	w.alive()
}

func count(log, prefix string) int {
	n := 0
	for _, l := range strings.Split(log, "\n") {
		if _, rest, ok := strings.Cut(l, " "+prefix); ok && rest != "" {
			n++
		}
	}
	return n
}

// The README's screenshots: a folder of ISOs with the SHA256SUMS published
// with them, in the compact list with the verdict (screenshot-main.png), and
// one ISO whose SHA256SUMS gave the verdict first (screenshot-verdict.png).
func TestScreenshotsSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	dir := t.TempDir()
	names := []string{"ubuntu-24.04.1-desktop-amd64.iso", "ubuntu-24.04.1-live-server-amd64.iso", "kubuntu-24.04.1-desktop-amd64.iso",
		"xubuntu-24.04.1-desktop-amd64.iso", "lubuntu-24.04.1-desktop-amd64.iso", "ubuntu-budgie-24.04.1-desktop-amd64.iso",
		"ubuntu-mate-24.04.1-desktop-amd64.iso"}
	os.MkdirAll(filepath.Join(dir, "releases"), 0o755)
	var sums strings.Builder
	var paths []string
	for i, n := range names {
		p := writeRandom(t, filepath.Join(dir, "releases", n), (8+4*i)<<20)
		data, _ := os.ReadFile(p)
		s := sha256.Sum256(data)
		fmt.Fprintf(&sums, "%s *%s\n", hex.EncodeToString(s[:]), n)
		paths = append(paths, p)
	}
	os.WriteFile(filepath.Join(dir, "releases", "SHA256SUMS"), []byte(sums.String()), 0o644)

	x := openX(t, display)
	w := start(t, bin, dir, out, "smoke-screenshot-main.log", userEnv(display, filepath.Join(dir, "home")), paths...)
	var win uint64
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	w.waitFor("every digest", 120*time.Second, func() bool { return count(w.log.String(), "done ") >= 2*len(paths) })
	time.Sleep(time.Second) // a few redraws
	screenshot(t, x, win, filepath.Join(out, "screenshot-main.png"))
	w.stop()

	w = start(t, bin, dir, out, "smoke-screenshot-verdict.log", userEnv(display, filepath.Join(dir, "home2")), paths[0])
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	w.waitFor("every digest", 120*time.Second, func() bool { return count(w.log.String(), "done ") >= 2 })
	time.Sleep(time.Second)
	screenshot(t, x, win, filepath.Join(out, "screenshot-verdict.png"))
}
