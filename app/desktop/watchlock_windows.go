package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/windows"

	"github.com/hashdrop/hashdrop/app"
)

// watchLockPath is the lock file in the user's local application data.
func watchLockPath(dir string) (string, error) {
	base, err := os.UserCacheDir() // %LocalAppData%
	if err != nil {
		return "", err
	}
	d := filepath.Join(base, "Hashdrop")
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("cannot create %s: %s", d, app.ErrorWords(err))
	}
	return filepath.Join(d, watchLockName(dir)), nil
}

// claimWatch opens the lock file for writing, sharing it only with
// readers: a second writer is refused until this process ends.
func claimWatch(dir string) (*WatchLock, error) {
	path, err := watchLockPath(dir)
	if err != nil {
		return nil, err
	}
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	h, err := windows.CreateFile(p, windows.GENERIC_WRITE, windows.FILE_SHARE_READ, nil, windows.CREATE_ALWAYS, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if errors.Is(err, windows.ERROR_SHARING_VIOLATION) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", path, app.ErrorWords(err))
	}
	f := os.NewFile(uintptr(h), path)
	fmt.Fprintf(f, "%d\n", os.Getpid())
	return &WatchLock{release: func() { f.Close(); os.Remove(path) }}, nil
}

func stopWatch(dir string) (bool, error) {
	path, err := watchLockPath(dir)
	if err != nil {
		return false, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %s", path, app.ErrorWords(err))
	}
	if l, _ := claimWatch(dir); l != nil { // nobody holds it
		l.Release()
		return false, nil
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return false, fmt.Errorf("%s holds no process id", path)
	}
	proc, err := os.FindProcess(pid)
	if err != nil {
		return false, nil
	}
	if err := proc.Kill(); err != nil {
		return false, fmt.Errorf("cannot stop the watcher (process %d): %s", pid, app.ErrorWords(err))
	}
	return true, nil
}
