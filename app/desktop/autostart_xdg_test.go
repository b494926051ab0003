//go:build unix && !darwin

package desktop

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestAutostartWrittenAndRemoved(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	if AutostartEnabled() {
		t.Fatal("enabled in an empty home")
	}
	exe := "/opt/Hash drop/hashdrop"
	if err := EnableAutostart(exe, []string{"watch", "--notify", "--fetch"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, ".config", "autostart", "io.github.hashdrop.hashdrop.watch.desktop")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no entry at %s: %v", path, err)
	}
	if !strings.Contains(string(data), "\nExec=\"/opt/Hash drop/hashdrop\" watch --notify --fetch\n") {
		t.Errorf("entry:\n%s", data)
	}
	if !AutostartEnabled() {
		t.Error("AutostartEnabled is false after EnableAutostart")
	}
	if v, err := exec.LookPath("desktop-file-validate"); err == nil {
		if out, err := exec.Command(v, path).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("desktop-file-validate: %v\n%s", err, out)
		}
	} else {
		t.Log("desktop-file-validate is not installed: the entry was not validated")
	}
	if err := EnableAutostart(exe, []string{"watch", "--notify"}); err != nil { // replaced, not added
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "--fetch") {
		t.Error("the entry was not replaced")
	}
	if err := DisableAutostart(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("%s is still there: %v", path, err)
	}
	if AutostartEnabled() {
		t.Error("enabled after DisableAutostart")
	}
	if err := DisableAutostart(); err != nil {
		t.Errorf("removing no entry: %v", err)
	}

	// XDG_CONFIG_HOME, when set, is where the autostart folder is.
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	if err := EnableAutostart("/usr/bin/hashdrop", []string{"watch"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(cfg, "autostart", "io.github.hashdrop.hashdrop.watch.desktop")); err != nil {
		t.Fatal(err)
	}
}

func TestExecQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/bin/hashdrop": "/usr/bin/hashdrop",
		"/a b/hashdrop":     `"/a b/hashdrop"`,
		`/a"b`:              `"/a\\"b"`,
		"/100%/x":           `"/100%%/x"`,
		"/$HOME/x":          `"/\\$HOME/x"`,
		`C:\x`:              `"C:\\\\x"`,
		"":                  `""`,
	} {
		if got := execQuote(in); got != want {
			t.Errorf("execQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
