//go:build !unix && !windows

package desktop

import "errors"

func claimWatch(string) (*WatchLock, error) { return &WatchLock{}, nil }

func stopWatch(string) (bool, error) {
	return false, errors.New("this platform cannot stop a watcher")
}
