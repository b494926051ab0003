package app

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// portablePipes: on Linux, named pipes are opened without blocking and
// awaited with poll(2) (tests set it to try the other systems' way).
var portablePipes = false

// pollForWriter waits, in the runtime's poller (so that a read deadline ends
// it), until the named pipe f has something to read or a writer has come and
// gone: reading it before would see an end at once, where a blocking open
// would have waited for the writer.
func pollForWriter(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var perr error
	err = rc.Read(func(fd uintptr) bool {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			_, perr = unix.Poll(fds, 0)
			if perr != syscall.EINTR {
				break
			}
		}
		// POLLHUP: Linux reports it only once a writer has closed.
		return perr != nil || fds[0].Revents != 0
	})
	if err == nil {
		err = perr
	}
	return err
}
