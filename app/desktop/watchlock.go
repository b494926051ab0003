package desktop

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// A second login session (or the window and the login item both) must not
// start a second watcher of the same folder: the watcher holds a lock
// named after the folder while it runs, and the kernel lets go of it when
// the process ends, however it ends. The lock file holds the watcher's
// process id, so that turning "Check new downloads" off can stop it.

// WatchLock is a held claim on watching one folder.
type WatchLock struct{ release func() }

// Release lets go of the claim.
func (l *WatchLock) Release() {
	if l != nil && l.release != nil {
		l.release()
		l.release = nil
	}
}

// watchLockName is the lock's file name for folder dir.
func watchLockName(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	sum := sha256.Sum256([]byte(filepath.Clean(abs)))
	return "watch-" + hex.EncodeToString(sum[:8]) + ".lock"
}

// ClaimWatch makes this process the watcher of dir. It returns (nil, nil)
// when another process watches it already.
func ClaimWatch(dir string) (*WatchLock, error) { return claimWatch(dir) }

// StopWatch ends the process that watches dir, if one does; false when
// none does.
func StopWatch(dir string) (bool, error) { return stopWatch(dir) }
