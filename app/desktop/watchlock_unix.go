//go:build unix

package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/hashdrop/hashdrop/app"
)

func claimWatch(dir string) (*WatchLock, error) {
	d, err := instanceDir()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(d, watchLockName(dir))
	f, err := tryLock(path)
	if f == nil {
		return nil, err
	}
	f.Truncate(0)
	fmt.Fprintf(f, "%d\n", os.Getpid())
	return &WatchLock{release: func() { os.Remove(path); f.Close() }}, nil
}

func stopWatch(dir string) (bool, error) {
	d, err := instanceDir()
	if err != nil {
		return false, err
	}
	path := filepath.Join(d, watchLockName(dir))
	f, err := tryLock(path)
	if err != nil {
		return false, err
	}
	if f != nil { // nobody holds it: no watcher
		os.Remove(path)
		f.Close()
		return false, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %s", path, app.ErrorWords(err))
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 1 {
		return false, fmt.Errorf("%s holds no process id", path)
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return false, fmt.Errorf("cannot stop the watcher (process %d): %s", pid, app.ErrorWords(err))
	}
	return true, nil
}
