//go:build smoke && linux && cgo

package smoke

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// TestSignedChecksumFileSmoke starts Hashdrop on a SHA256SUMS with its
// SHA256SUMS.gpg beside it, signed by a key the user imported, and checks
// that the ISO it lists joins the list and is the file they released
// (genuine: the engine's headline), in English and in Japanese.
// Screenshots: smoke-signed(-ja).png.
func TestSignedChecksumFileSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)

	dir, dl, iso, sums, sig, key := signedDownload(t)
	os.WriteFile(filepath.Join(dl, "SHA256SUMS"), sums, 0o644)
	os.WriteFile(filepath.Join(dl, "SHA256SUMS.gpg"), sig, 0o644)

	for _, run := range []struct {
		lang, suffix, genuine string
		env                   []string
	}{
		{"English", "", "Matches the published SHA-256: this is the file they released", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
		{"Japanese", "-ja", "公開されている SHA-256 と一致しました: 配布元が公開したファイルです", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}},
	} {
		t.Run(run.lang, func(t *testing.T) {
			home := filepath.Join(dir, "home"+run.suffix)
			store := &signature.Store{Dir: filepath.Join(home, ".config", "hashdrop", "keys")}
			if _, err := store.Import(key); err != nil {
				t.Fatal(err)
			}
			env := userEnv(display, home, run.env...)
			w := start(t, bin, dl, out, "smoke-signed"+run.suffix+".log", env, filepath.Join(dl, "SHA256SUMS"))
			var win uint64
			w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
			w.logged(120*time.Second, "signature of SHA256SUMS: genuine-user", "published digest for "+iso,
				"verdict match: "+run.genuine, "reason published-match", "statuses ok=1")
			time.Sleep(time.Second) // a few redraws
			screenshot(t, x, win, filepath.Join(out, "smoke-signed"+run.suffix+".png"))
			w.alive()
			w.stop()
		})
	}
}

// TestBadSignatureSmoke opens a SHA256SUMS changed after it was signed,
// then the ISO it lists, in English and Japanese, at the window's first
// size and at its narrowest, where the banner's lines wrap: the red banner
// must hold every line (smoke-bad-sums(-ja)(-narrow).png,
// smoke-bad-iso(-ja)(-narrow).png).
func TestBadSignatureSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)

	dir, dl, iso, sums, sig, key := signedDownload(t)
	os.WriteFile(filepath.Join(dl, "SHA256SUMS.gpg"), sig, 0o644)
	sums = append(sums, strings.Repeat("1", 64)+"  ubuntu-24.04-live-server-amd64.iso\n"...) // changed after signing
	os.WriteFile(filepath.Join(dl, "SHA256SUMS"), sums, 0o644)

	for _, run := range []struct {
		lang, suffix string
		env          []string
	}{
		{"English", "", []string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
		{"Japanese", "-ja", []string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}},
	} {
		for _, open := range []struct{ name, path string }{{"sums", filepath.Join(dl, "SHA256SUMS")}, {"iso", iso}} {
			t.Run(run.lang+"/"+open.name, func(t *testing.T) {
				home := filepath.Join(dir, "home"+run.suffix+"-"+open.name)
				store := &signature.Store{Dir: filepath.Join(home, ".config", "hashdrop", "keys")}
				if _, err := store.Import(key); err != nil {
					t.Fatal(err)
				}
				name := "smoke-bad-" + open.name + run.suffix
				w := start(t, bin, dl, out, name+".log", userEnv(display, home, run.env...), open.path)
				var win uint64
				w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
				w.logged(120*time.Second, "verdict mismatch: ")
				time.Sleep(time.Second) // a few redraws
				screenshot(t, x, win, filepath.Join(out, name+".png"))
				minW, _ := minSizeHint(t, display, win)
				resize := exec.Command("xdotool", "windowsize", fmt.Sprint(win), fmt.Sprint(minW), "680")
				resize.Env = append(os.Environ(), "DISPLAY="+display)
				if b, err := resize.CombinedOutput(); err != nil {
					t.Fatalf("xdotool: %v\n%s", err, b)
				}
				time.Sleep(time.Second)
				screenshot(t, x, win, filepath.Join(out, name+"-narrow.png"))
				w.alive()
				w.stop()
			})
		}
	}
}

// signedDownload makes a folder (dir) with Downloads/ubuntu-24.04-desktop-amd64.iso
// (4 MiB) in it, and returns them with the ISO's SHA256SUMS, that file's
// detached signature by a new key, and the key, as a user would import it.
func signedDownload(t *testing.T) (dir, dl, iso string, sums, sig []byte, key *signature.Key) {
	t.Helper()
	g := sigtest.NewGnuPG(t)
	defer g.Close()
	fpr := g.GenKey("Example Release <release@example.org>", "ed25519", "sign", "never")
	keys, err := signature.ReadKeys(g.Export(false, fpr))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	dl = filepath.Join(dir, "Downloads")
	os.MkdirAll(dl, 0o755)
	iso = writeRandom(t, filepath.Join(dl, "ubuntu-24.04-desktop-amd64.iso"), 4<<20)
	sums = []byte(sha256File(t, iso) + "  " + filepath.Base(iso) + "\n")
	return dir, dl, iso, sums, g.Sign(sums, fpr, "--detach-sign"), keys[0]
}
