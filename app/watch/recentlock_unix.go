//go:build unix

package watch

import (
	"errors"
	"os"
	"syscall"
)

// lockRecent waits for the lock file at path (flock, exclusive) and
// returns its release.
func lockRecent(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil // closing lets go of the lock
}
