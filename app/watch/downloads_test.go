package watch

import (
	"path/filepath"
	"testing"
)

func TestParseUserDirs(t *testing.T) {
	home := filepath.FromSlash("/home/ana")
	for in, want := range map[string]string{
		"# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n": filepath.Join(home, "Téléchargements"),
		"XDG_DOWNLOAD_DIR=\"/data/dl\"\n": filepath.FromSlash("/data/dl"),
		"XDG_DOWNLOAD_DIR=\"$HOME/\"\n":   "",
		"XDG_DOWNLOAD_DIR=$HOME/x\n":      "",
		"XDG_DESKTOP_DIR=\"$HOME/D\"\n":   "",
	} {
		if got := parseUserDirs([]byte(in), home); got != want {
			t.Errorf("parseUserDirs(%q) = %q, want %q", in, got, want)
		}
	}
}
