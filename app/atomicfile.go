package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned by WriteFileAtomic when the target exists and may not
// be replaced.
var ErrExists = errors.New("already exists")

// WriteError is a file that could not be written, worded for a person:
// "cannot write SHA256SUMS: permission denied".
type WriteError struct {
	Name  string // the file as the user named it
	Cause string // what went wrong, in words
	Err   error  // the underlying error
}

func (e *WriteError) Error() string { return "cannot write " + e.Name + ": " + e.Cause }
func (e *WriteError) Unwrap() error { return e.Err }

// WriteFileAtomic writes data to path through a temporary file in the same
// folder that is renamed into place, so a crash never leaves half a file. It
// refuses to replace an existing file unless overwrite is set.
func WriteFileAtomic(path string, data []byte, overwrite bool) error {
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("cannot write %s: %w", path, ErrExists)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return &WriteError{Name: path, Cause: cause(err), Err: err}
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return &WriteError{Name: path, Cause: cause(err), Err: err}
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !overwrite {
		// Link fails if path appeared meanwhile, where Rename would replace it.
		if err = os.Link(tmp.Name(), path); err == nil {
			return nil
		} else if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("cannot write %s: %w", path, ErrExists)
		}
		// File systems without hard links: fall back to rename.
		err = nil
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return &WriteError{Name: path, Cause: cause(err), Err: err}
	}
	return nil
}
