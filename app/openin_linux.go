package app

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
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

// inFolders opens files named by their paths in their folders, kept open
// (OpenIn): one openat(2) of the leaf and one fstat(2) a file, rather than
// the kernel walking the whole path again and os.File's poller set-up for
// each of 50,000 files. A folder is opened at the second file named in it,
// so that files each alone in their folder cost nothing more. Safe for
// concurrent use (a batch's workers).
type inFolders struct {
	mu   sync.Mutex
	dirs map[string]*os.File // nil: one file named there so far, or it cannot be opened
	kept int
}

// maxInFolders bounds the folders kept open.
const maxInFolders = 256

// open opens name for reading and returns it with its information, or
// ok false when the caller is to open it its own way: a symbolic link, a
// file that is not a regular one (a pipe is opened as the queue opens one),
// a folder that cannot be kept open. Its errors name name.
func (o *inFolders) open(name string) (f File, st fs.FileInfo, ok bool, err error) {
	dir, leaf := filepath.Split(name)
	if leaf == "" || leaf == "." || leaf == ".." {
		return nil, nil, false, nil
	}
	d := o.folder(dir)
	if d == nil {
		return nil, nil, false, nil
	}
	f, st, err = OpenIn(d, leaf)
	switch {
	case errors.Is(err, syscall.ELOOP):
		return nil, nil, false, nil
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = &fs.PathError{Op: "open", Path: name, Err: pe.Err}
		}
		return nil, nil, true, err
	case !st.Mode().IsRegular():
		f.Close()
		return nil, nil, false, nil
	}
	if openedIn != nil {
		openedIn(name)
	}
	return f, st, true, nil
}

// openedIn, when set (tests), is told of every file inFolders opened.
var openedIn func(name string)

// folder returns the folder dir ("": the current one) open, or nil when
// it is not open (yet).
func (o *inFolders) folder(dir string) *os.File {
	if dir == "" {
		dir = "."
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.dirs == nil {
		o.dirs = map[string]*os.File{}
	}
	d, seen := o.dirs[dir]
	switch {
	case d == noFolder:
		return nil
	case d != nil:
		return d
	case !seen:
		o.dirs[dir] = nil // the first file named there
		return nil
	case o.kept >= maxInFolders:
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		o.dirs[dir] = noFolder // its files are opened by their paths: their errors say why
		return nil
	}
	o.dirs[dir] = d
	o.kept++
	return d
}

// noFolder marks a folder that could not be opened.
var noFolder = new(os.File)

// close closes the folders kept open.
func (o *inFolders) close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, d := range o.dirs {
		if d != nil && d != noFolder {
			d.Close()
		}
	}
	o.dirs, o.kept = nil, 0
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
