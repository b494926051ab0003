//go:build unix && !darwin

package desktop

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app"
)

// autostartPath is $XDG_CONFIG_HOME/autostart/io.github.hashdrop.hashdrop.watch.desktop
// (freedesktop's Desktop Application Autostart Specification).
func autostartPath() (string, error) {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("cannot find the autostart folder: %s", app.ErrorWords(err))
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "autostart", AutostartID+".desktop"), nil
}

func enableAutostart(exe string, args []string) error {
	path, err := autostartPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %s", filepath.Dir(path), app.ErrorWords(err))
	}
	return app.WriteFileAtomic(path, []byte(autostartEntry(exe, args)), true)
}

// autostartEntry is the desktop file. NoDisplay keeps it out of menus.
func autostartEntry(exe string, args []string) string {
	exec := []string{execQuote(exe)}
	for _, a := range args {
		exec = append(exec, execQuote(a))
	}
	return "[Desktop Entry]\n" +
		"Type=Application\n" +
		"Name=Hashdrop: check new downloads\n" +
		"Name[ja]=Hashdrop: 新しいダウンロードを確認\n" +
		"Comment=Checks each finished download against its published checksums\n" +
		"Comment[ja]=ダウンロードが終わったファイルを公開されたチェックサムと照合します\n" +
		"Exec=" + strings.Join(exec, " ") + "\n" +
		"Icon=" + AppID + "\n" +
		"Terminal=false\n" +
		"NoDisplay=true\n" +
		"X-GNOME-Autostart-enabled=true\n"
}

// execQuote quotes one argument of an Exec key: in double quotes when it
// has a reserved character, with ", `, $ and \ escaped by a backslash; then
// every backslash doubled and % written %%, as the key file's string
// escaping and the field codes demand (Desktop Entry Specification, "The
// Exec key").
func execQuote(arg string) string {
	if arg != "" && !strings.ContainsAny(arg, " \t\n\"'\\><~|&;$*?#()`%=") {
		return arg
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range arg {
		if strings.ContainsRune("\"`$\\", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	s := strings.ReplaceAll(b.String(), `\`, `\\`)
	return strings.ReplaceAll(s, "%", "%%")
}
