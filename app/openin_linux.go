package app

import (
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// OpenIn opens leaf, one name in the folder dir, for reading, and returns
// it with its information: one openat(2) and one fstat(2), with neither the
// runtime poller nor a finalizer, which os.Root.OpenFile adds to each of
// 50,000 small files. It never follows a symbolic link (the error is then
// ELOOP: the caller opens the name another way) and never waits for a
// pipe's writer. dir stays the caller's.
func OpenIn(dir *os.File, leaf string) (File, fs.FileInfo, error) {
	rc, err := dir.SyscallConn()
	if err != nil {
		return nil, nil, err
	}
	var fd int
	var oerr error
	if err := rc.Control(func(dfd uintptr) {
		for {
			fd, oerr = syscall.Openat(int(dfd), leaf, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC|syscall.O_NOFOLLOW, 0)
			if oerr != syscall.EINTR {
				return
			}
		}
	}); err != nil {
		return nil, nil, err
	}
	if oerr != nil {
		return nil, nil, &fs.PathError{Op: "openat", Path: leaf, Err: oerr}
	}
	f := &fdFile{fd: fd, name: leaf}
	if err := syscall.Fstat(fd, &f.st.sys); err != nil {
		syscall.Close(fd)
		return nil, nil, &fs.PathError{Op: "fstat", Path: leaf, Err: err}
	}
	f.st.name = leaf
	return f, &f.st, nil
}

// fdFile is a file opened by OpenIn: a descriptor read with read(2).
type fdFile struct {
	fd   int
	name string
	st   statInfo
}

func (f *fdFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *fdFile) Close() error {
	if f.fd < 0 {
		return os.ErrClosed
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	return err
}

// Stat asks again: after a reading, the file may have changed.
func (f *fdFile) Stat() (fs.FileInfo, error) {
	st := &statInfo{name: f.name}
	if err := syscall.Fstat(f.fd, &st.sys); err != nil {
		return nil, &fs.PathError{Op: "fstat", Path: f.name, Err: err}
	}
	return st, nil
}

// statInfo is an fs.FileInfo from fstat(2).
type statInfo struct {
	name string
	sys  syscall.Stat_t
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.sys.Size }
func (s *statInfo) ModTime() time.Time { return time.Unix(s.sys.Mtim.Unix()) }
func (s *statInfo) IsDir() bool        { return s.Mode().IsDir() }
func (s *statInfo) Sys() any           { return &s.sys }

func (s *statInfo) Mode() fs.FileMode {
	m := fs.FileMode(s.sys.Mode & 0o777)
	switch s.sys.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	}
	if s.sys.Mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if s.sys.Mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if s.sys.Mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}
