//go:build unix

package desktop

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hashdrop/hashdrop/app"
)

// On Unix the autostart entry is one file (an XDG desktop entry, or a
// LaunchAgent on macOS) at autostartPath: removing it turns autostart off.

func disableAutostart() error {
	path, err := autostartPath()
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot remove %s: %s", path, app.ErrorWords(err))
	}
	return nil
}

func autostartEnabled() bool {
	path, err := autostartPath()
	if err != nil {
		return false
	}
	_, err = os.Stat(path)
	return err == nil
}
