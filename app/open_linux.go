package app

import (
	"io/fs"
	"os"
	"sync"
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

// devices remembers, per device (Stat_t.Dev), the type of the file system
// a file on it lies on: it does not change while it is mounted, and a
// release of 50,000 files would ask 50,000 times.
var devices sync.Map // uint64 -> int64, the statfs type; -1: unknown

// fsType is the type (statfs f_type) of the file system f lies on, st its
// information, asked once per device; -1 when it cannot be told.
func fsType(f File, st fs.FileInfo) int64 {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if ok {
		if v, ok := devices.Load(uint64(sys.Dev)); ok {
			return v.(int64)
		}
	}
	var sfs unix.Statfs_t
	switch x := f.(type) {
	case *os.File:
		rc, err := x.SyscallConn() // not Fd, which would make f blocking
		if err != nil {
			return -1
		}
		if rc.Control(func(fd uintptr) { err = unix.Fstatfs(int(fd), &sfs) }) != nil || err != nil {
			return -1
		}
	case *fdFile:
		if unix.Fstatfs(x.fd, &sfs) != nil {
			return -1
		}
	default:
		return -1 // a stand-in of the tests says nothing of the device
	}
	t := int64(sfs.Type)
	if ok {
		devices.Store(uint64(sys.Dev), t)
	}
	return t
}

// nominalSize reports whether f, whose information is st, lies on a file
// system whose files' sizes are not their contents' (sysfs says 4096,
// /proc says 0 or 4096): what is read is all there is, and a short read
// is no change.
func nominalSize(f File, st fs.FileInfo) bool {
	switch fsType(f, st) {
	case unix.SYSFS_MAGIC, unix.PROC_SUPER_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.SECURITYFS_MAGIC, unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC:
		return true
	}
	return false
}
