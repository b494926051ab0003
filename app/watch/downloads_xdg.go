//go:build unix && !darwin

package watch

import (
	"os"
	"path/filepath"
)

func downloadsDir() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	cfg := os.Getenv("XDG_CONFIG_HOME")
	if cfg == "" || !filepath.IsAbs(cfg) {
		cfg = filepath.Join(home, ".config")
	}
	if data, err := os.ReadFile(filepath.Join(cfg, "user-dirs.dirs")); err == nil {
		if d := parseUserDirs(data, home); d != "" {
			return d, nil
		}
	}
	return filepath.Join(home, "Downloads"), nil
}
