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

// nominalDevices remembers, per device (Stat_t.Dev), what sizeIsNominal
// said of a file on it: a file system's type does not change while it is
// mounted, and a release of 50,000 files would ask 50,000 times.
var nominalDevices sync.Map // uint64 -> bool

// nominalSize is sizeIsNominal for f, whose information is st, asked once
// per device.
func nominalSize(f File, st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return sizeIsNominal(f)
	}
	if v, ok := nominalDevices.Load(uint64(sys.Dev)); ok {
		return v.(bool)
	}
	v := sizeIsNominal(f)
	if _, ok := f.(*os.File); ok { // a stand-in of the tests says nothing of the device
		nominalDevices.Store(uint64(sys.Dev), v)
	}
	return v
}

// sizeIsNominal reports whether f lies on a file system whose files'
// sizes are not their contents' (sysfs says 4096, /proc says 0 or 4096):
// what is read is all there is, and a short read is no change.
func sizeIsNominal(f File) bool {
	of, ok := f.(*os.File)
	if !ok {
		return false
	}
	rc, err := of.SyscallConn() // not Fd, which would make f blocking
	if err != nil {
		return false
	}
	var st unix.Statfs_t
	if rc.Control(func(fd uintptr) { err = unix.Fstatfs(int(fd), &st) }) != nil || err != nil {
		return false
	}
	switch st.Type {
	case unix.SYSFS_MAGIC, unix.PROC_SUPER_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.SECURITYFS_MAGIC, unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC:
		return true
	}
	return false
}
