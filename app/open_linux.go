package app

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// openFile opens name for reading without waiting: open(2) of a named pipe
// blocks until a writer comes, which would stall the queue and ignore
// Cancel. What the descriptor is (fstat) is decided afterwards.
func openFile(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// awaitWriter waits, in the runtime's poller (so that a read deadline ends
// it), until the named pipe f has something to read or a writer has come and
// gone: reading it before would see an end at once, where a blocking open
// would have waited for the writer.
func awaitWriter(f *os.File) error {
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

// isFIFO reports whether st is a named pipe that awaitWriter can wait on.
func isFIFO(st fs.FileInfo) bool { return st.Mode()&fs.ModeNamedPipe != 0 }

// blocking makes reads of f block again; for files the runtime does not
// poll (devices), a non-blocking descriptor would fail with EAGAIN.
func blocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	if errors.Is(serr, syscall.EBADF) {
		return serr
	}
	return nil
}
