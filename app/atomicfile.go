package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// ErrExists is returned by WriteFileAtomic when the target exists and may not
// be replaced.
var ErrExists = errors.New("already exists")

// WriteError is a file that could not be written: "cannot write
// SHA256SUMS: permission denied".
type WriteError struct {
	Name  string // the file as the user named it
	Kind  Cause  // what went wrong
	Err   error  // the underlying error
	Input string // the file read that is also the one to write (CauseIsInput)
}

func (e *WriteError) Unwrap() error { return e.Err }

// Cause returns e.Kind (see CauseOf).
func (e *WriteError) Cause() Cause { return e.Kind }

func writeError(name string, err error) *WriteError {
	return &WriteError{Name: name, Kind: CauseOf(err), Err: err}
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder that is renamed into place, so a crash never leaves half a file. It
// refuses to replace an existing file unless overwrite is set.
func WriteFileAtomic(path string, data []byte, overwrite bool) error {
	f, err := CreateAtomic(path, overwrite)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Commit()
}

// AtomicFile is a file being written under a temporary name next to its
// target; Commit puts it in place, Abort removes it. Writes name the target,
// never the temporary file, in their errors.
type AtomicFile struct {
	name      string // the target as the user named it
	target    string // where it goes: name with symbolic links followed
	tmp       *os.File
	overwrite bool
	done      bool
}

// CreateAtomic starts writing the file path. Like a shell's redirection it
// follows a symbolic link at path (a dangling one too) and writes its target.
// It refuses a folder, and an existing file unless overwrite is set (the
// error then wraps ErrExists). The file gets the permissions of a new file,
// 0666 less the umask.
func CreateAtomic(path string, overwrite bool) (*AtomicFile, error) {
	target, err := FollowLinks(path)
	if err != nil {
		return nil, writeError(path, err)
	}
	switch st, err := os.Stat(target); {
	case err == nil && st.IsDir():
		return nil, &WriteError{Name: path, Kind: CauseFolder, Err: syscall.EISDIR}
	case err == nil && !overwrite:
		return nil, fmt.Errorf("cannot write %s: %w", path, ErrExists)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, writeError(path, err)
	}
	tmp, err := createTemp(target)
	if err != nil {
		return nil, writeError(path, err)
	}
	return &AtomicFile{name: path, target: target, tmp: tmp, overwrite: overwrite}, nil
}

// Target is the file that Commit writes: the path given to CreateAtomic
// with symbolic links followed.
func (f *AtomicFile) Target() string { return f.target }

func (f *AtomicFile) Write(p []byte) (int, error) {
	n, err := f.tmp.Write(p)
	if err != nil {
		return n, writeError(f.name, err)
	}
	return n, nil
}

// Commit flushes the file to disk and puts it in place. Without overwrite it
// fails with ErrExists if the target appeared meanwhile.
func (f *AtomicFile) Commit() error {
	if f.done {
		return errors.New("app: AtomicFile committed twice")
	}
	f.done = true
	tmp := f.tmp.Name()
	defer os.Remove(tmp) // no-op once renamed
	err := f.tmp.Sync()
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !f.overwrite {
		// Link fails if the target appeared meanwhile, where Rename would
		// replace it.
		if err = os.Link(tmp, f.target); err == nil {
			return nil
		} else if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("cannot write %s: %w", f.name, ErrExists)
		}
		err = nil // file systems without hard links: rename instead
	}
	if err == nil {
		err = os.Rename(tmp, f.target)
	}
	if err != nil {
		return writeError(f.name, err)
	}
	return nil
}

// Abort removes the temporary file unless Commit has run.
func (f *AtomicFile) Abort() {
	if !f.done {
		f.done = true
		f.tmp.Close()
		os.Remove(f.tmp.Name())
	}
}

var tempSeq atomic.Uint32

// createTemp creates a new file next to target, ".NAME.*.tmp", with mode
// 0666 so that the umask decides (os.CreateTemp would give 0600).
func createTemp(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	seed := uint32(time.Now().UnixNano()) ^ uint32(os.Getpid())<<16
	for range 1000 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(seed+tempSeq.Add(1)*2654435761), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("no free temporary name in its folder")
}

// FollowLinks, follows symbolic links at path, as opening it for writing
// would: the result is the file that would be written, which may not
// exist yet.
func FollowLinks(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			if errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
			return path, err
		}
		to, err := os.Readlink(path)
		if err != nil {
			return path, err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return path, syscall.ELOOP
}
