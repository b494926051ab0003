//go:build windows

package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"

	"github.com/hashdrop/hashdrop/app"
)

// maxSocketPath is sun_path's size in Windows' AF_UNIX (Windows 10 1803+).
const maxSocketPath = 107

// instanceDir returns %LocalAppData%\Hashdrop. The profile's access list
// gives the user (and SYSTEM and Administrators) alone access to it, and
// folders created inside inherit that.
func instanceDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("single instance: %w", err)
	}
	d := filepath.Join(base, "Hashdrop")
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("single instance: cannot create %s: %s", d, app.ErrorWords(err))
	}
	return d, nil
}

// checkSocketOwner: the folder's access list already keeps other users out.
func checkSocketOwner(string) error { return nil }

// tryLock takes the exclusive lock on path without waiting. It returns a nil
// file, and no error, when another process holds it; Windows releases the
// lock when the handle is closed or the process ends.
func tryLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", path, app.ErrorWords(err))
	}
	err = windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		f.Close()
		return nil, nil
	}
	f.Close()
	return nil, fmt.Errorf("cannot lock %s: %s", path, app.ErrorWords(err))
}
