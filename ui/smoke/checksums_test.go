//go:build smoke && linux && cgo

package smoke

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestChecksumFileSmoke starts Hashdrop on a SHA256SUMS, as a double-click
// does, and checks that the files it lists joined the list and were
// verified at once: one file OK, one FAILED, one missing (issue 37: one
// list, the engine's verdict). A second launch with another file hands
// it to the running window and exits 0 without a word. Then the same in
// Japanese (LANG=ja_JP.UTF-8). Screenshots of both views go to out:
// smoke-checksums(-ja).png and smoke-handover(-ja).png.
func TestChecksumFileSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)

	dir := t.TempDir()
	dl := filepath.Join(dir, "ダウンロード")
	if err := os.MkdirAll(dl, 0o755); err != nil {
		t.Fatal(err)
	}
	good := writeRandom(t, filepath.Join(dl, "debian-13-amd64-netinst.iso"), 6<<20)
	bad := writeRandom(t, filepath.Join(dl, "debian-13-amd64-DVD-1.iso"), 3<<20)
	other := writeRandom(t, filepath.Join(dl, "ubuntu-24.04-desktop-amd64.iso"), 2<<20)
	os.WriteFile(other+".sha256", []byte(sha256File(t, other)+"  "+filepath.Base(other)+"\n"), 0o644)
	sums := strings.Join([]string{
		sha256File(t, good) + "  " + filepath.Base(good),
		strings.Repeat("0", 64) + "  " + filepath.Base(bad),
		sha256File(t, good) + "  debian-13-amd64-netinst.iso.torrent",
	}, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dl, "SHA256SUMS"), []byte(sums), 0o644); err != nil {
		t.Fatal(err)
	}
	checked := []string{
		"published digest for " + good,
		"published digest for " + bad,
		"verdict mismatch: ",
		"reason published-mismatch",
		"statuses ok=1 missing=1 failed=1",
	}

	for _, run := range []struct {
		lang, suffix string
		env          []string
	}{
		{"English", "", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
		{"Japanese", "-ja", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}},
	} {
		t.Run(run.lang, func(t *testing.T) {
			env := userEnv(display, filepath.Join(dir, "home"+run.suffix), run.env...)
			// Started in the folder with a relative name, as a file manager may.
			w := start(t, bin, dl, out, "smoke-checksums"+run.suffix+".log", env, "SHA256SUMS")
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(120*time.Second, append([]string{filepath.Join(dl, "SHA256SUMS") + `"] given on their own: the files they list are listed`}, checked...)...)
			time.Sleep(time.Second) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-checksums"+run.suffix+".png"))

			// A second launch hands its file over and exits at once, silently.
			second := exec.Command(bin, filepath.Base(other))
			second.Dir, second.Env = dl, env
			said, err := second.CombinedOutput()
			if err != nil || len(gtkLocaleWarning.ReplaceAll(said, nil)) > 0 {
				t.Fatalf("second launch: %v, output %q", err, said)
			}
			w.logged(30*time.Second, "handed over", "queued "+other)
			w.waitFor("the handed-over file's verdict", 60*time.Second, func() bool {
				return strings.Contains(w.log.String(), "published digest for "+other)
			})
			time.Sleep(1500 * time.Millisecond)
			screenshot(t, x, win, filepath.Join(out, "smoke-handover"+run.suffix+".png"))
			w.alive()
			w.stop()
		})
	}
}

// gtkLocaleWarning is what GTK (initialised by the native file dialogs'
// package in every process) prints when the system lacks the locale LANG
// names, as this test machine may lack ja_JP.UTF-8. It is the machine's
// word, not Hashdrop's.
var gtkLocaleWarning = regexp.MustCompile(`(?m)^\s*\(process:\d+\): Gtk-WARNING \*\*: [\d:.]+: Locale not supported by C library\.\n\s*Using the fallback 'C' locale\.\n`)

func sha256File(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
