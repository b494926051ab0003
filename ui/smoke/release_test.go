//go:build smoke && linux && cgo

package smoke

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReleaseFolderSmoke drops, as a double-click would open, a release
// folder of 2,000 files in sub-folders with its SHA256SUMS at the top:
// three damaged, two deleted. The real window's headline says the three
// do NOT match, its statuses (what the status filter finds) count three
// failed and two missing, and hashdrop verify on the same folder gives the
// same outcome and reason (smoke-release2000.png, in Japanese smoke-release2000-ja.png).
// Its SHA256SUMS opened alone gives the same rows and verdict in the same
// list (smoke-release2000-sums.png).
func TestReleaseFolderSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)
	x := openX(t, display)
	home := filepath.Join(t.TempDir(), "home")
	root := filepath.Join(home, "Downloads", "release")
	var sums strings.Builder
	for i := range 2000 {
		name := fmt.Sprintf("%c/file-%04d.bin", 'a'+i%4, i)
		path := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		fmt.Fprintf(&sums, "%s  %s\n", sha256File(t, writeRandom(t, path, 1024)), name)
	}
	if err := os.WriteFile(filepath.Join(root, "SHA256SUMS"), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"b/file-0001.bin", "c/file-0002.bin", "d/file-0003.bin"} {
		writeRandom(t, filepath.Join(root, filepath.FromSlash(name)), 1024)
	}
	for _, name := range []string{"a/file-0004.bin", "a/file-0008.bin"} {
		os.Remove(filepath.Join(root, filepath.FromSlash(name)))
	}

	sumsPath := filepath.Join(root, "SHA256SUMS")
	for _, run := range []struct {
		name, headline, arg string
		lang                []string
	}{
		{"release2000", "3 files do NOT match the digests published for them: do not use them", root,
			[]string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
		{"release2000-ja", "3 個のファイルが、公開されたハッシュ値と一致しません: 使用しないでください", root,
			[]string{"LANG=ja_JP.UTF-8", "LANGUAGE=ja", "LC_ALL=", "LC_MESSAGES="}},
		// Its SHA256SUMS opened alone: the same rows in the same list.
		{"release2000-sums", "3 files do NOT match the digests published for them: do not use them", sumsPath,
			[]string{"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="}},
	} {
		w := start(t, bin, home, out, "smoke-"+run.name+".log", userEnv(display, home, run.lang...), run.arg)
		var win uint64
		w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
		w.logged(240*time.Second, "verdict mismatch: "+run.headline, "reason published-mismatch", "statuses ok=1995 missing=2 failed=3")
		if strings.Contains(w.log.String(), "verdict match") {
			t.Errorf("%s: a green headline was shown on the way:\n%s", run.name, w.log.String())
		}
		time.Sleep(1500 * time.Millisecond)
		screenshot(t, x, win, filepath.Join(out, "smoke-"+run.name+".png"))
		w.alive()
		w.stop()
	}

	// The command line's verdict on the same folder, and on its SHA256SUMS,
	// is the window's.
	for _, arg := range []string{root, sumsPath} {
		cmd := exec.Command(bin, "verify", "--json", arg)
		cmd.Env = userEnv(display, home)
		data, err := cmd.Output()
		var got struct {
			Outcome, Reason string
			Counts          map[string]int
		}
		if jerr := json.Unmarshal(data, &got); jerr != nil {
			t.Fatalf("verify --json %s: %v %v\n%s", arg, err, jerr, data)
		}
		if got.Outcome != "mismatch" || got.Reason != "published-mismatch" || got.Counts["failed"] != 3 || got.Counts["missing"] != 2 || got.Counts["ok"] != 1995 {
			t.Errorf("hashdrop verify %s says %+v; the window said mismatch, published-mismatch, 1995 ok, 3 failed, 2 missing", arg, got)
		}
	}
}
