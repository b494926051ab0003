package linux

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateWords = flag.Bool("update-words", false, "write the files Localize writes (make platform-words)")

// The desktop file, the metainfo, the file managers' entries, the Files
// extension's labels and install.mk's script names are what Localize writes
// from ui/translations/platform: every language there, in every file.
// go test -run TestPlatformWords -update-words (make platform-words) writes them.
func TestPlatformWords(t *testing.T) {
	words, err := ReadWords(PlatformWordsDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := words["ja"]; !ok {
		t.Fatal("no Japanese in ui/translations/platform")
	}
	for _, name := range LocalizedFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want := Localize(name, string(data), words)
		if want == string(data) {
			continue
		}
		if *updateWords {
			if err := os.WriteFile(name, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s is not what ui/translations/platform says: run make platform-words and commit", name)
	}
	for l, w := range words {
		if s := w["Check with Hashdrop"]; strings.ContainsAny(s, `'"$\`+"`/%") {
			t.Errorf("%s: the script's name %q has a character the shell or a file name cannot take", l, s)
		}
	}
}

// Every translated key of the desktop files is there in every language of
// platform/, and desktop-file-validate accepts them.
func TestDesktopFilesEveryLanguage(t *testing.T) {
	words, err := ReadWords(PlatformWordsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, group, key string }{
		{"io.github.hashdrop.hashdrop.desktop", "Desktop Entry", "GenericName"},
		{"io.github.hashdrop.hashdrop.desktop", "Desktop Entry", "Comment"},
		{"io.github.hashdrop.hashdrop.desktop", "Desktop Entry", "Keywords"},
		{"filemanager/dolphin.desktop", "Desktop Action check", "Name"},
		{"filemanager/io.github.hashdrop.hashdrop.nemo_action", "Nemo Action", "Name"},
		{"filemanager/io.github.hashdrop.hashdrop.nemo_action", "Nemo Action", "Comment"},
		{"filemanager/thunar-sendto.desktop", "Desktop Entry", "Name"},
		{"filemanager/caja-action.desktop", "Desktop Entry", "Name"},
		{"filemanager/caja-action.desktop", "Desktop Entry", "Tooltip"},
	} {
		g := keyFile(t, c.file)[c.group]
		for l, w := range words {
			if got, want := g[c.key+"["+l+"]"], w[g[c.key]]; got != want || want == "" {
				t.Errorf("%s: %s[%s]=%q, want %q", c.file, c.key, l, got, want)
			}
		}
	}
	if _, err := exec.LookPath("desktop-file-validate"); err != nil {
		t.Skip("no desktop-file-validate")
	}
	for _, f := range []string{"io.github.hashdrop.hashdrop.desktop", "filemanager/thunar-sendto.desktop"} {
		out, err := exec.Command("desktop-file-validate", f).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("desktop-file-validate %s: %v\n%s", f, err, out)
		}
	}
	if _, err := exec.LookPath("appstreamcli"); err == nil {
		f := "io.github.hashdrop.hashdrop.metainfo.xml"
		out, err := exec.Command("appstreamcli", "validate", "--no-net", f).CombinedOutput()
		if err != nil {
			t.Errorf("appstreamcli validate %s: %v\n%s", filepath.Base(f), err, out)
		}
	}
}
