package watch

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"
)

// DownloadsDir is the user's Downloads folder: on Linux and the other free
// desktops the XDG user directory XDG_DOWNLOAD_DIR
// (~/.config/user-dirs.dirs), on Windows the Downloads known folder, on
// macOS ~/Downloads.
func DownloadsDir() (string, error) { return downloadsDir() }

// parseUserDirs finds XDG_DOWNLOAD_DIR in a user-dirs.dirs file: lines
// XDG_xxx_DIR="$HOME/yyy" or XDG_xxx_DIR="/yyy" (xdg-user-dirs). ""
// when it is not there, or is $HOME itself (the tool's way of saying
// the folder is turned off).
func parseUserDirs(data []byte, home string) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "XDG_DOWNLOAD_DIR" {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
			continue
		}
		v = v[1 : len(v)-1]
		v = strings.ReplaceAll(v, `\"`, `"`)
		switch {
		case v == "$HOME" || v == "$HOME/":
			return ""
		case strings.HasPrefix(v, "$HOME/"):
			return filepath.Join(home, v[len("$HOME/"):])
		case filepath.IsAbs(v):
			return filepath.Clean(v)
		}
	}
	return ""
}
