package app

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// FileError is a problem with one file, worded for a person:
// "cannot read ubuntu.iso: permission denied".
type FileError struct {
	Name  string // the file as the user named it
	Cause string // what went wrong, in words
	Err   error  // the underlying error, if any
}

func (e *FileError) Error() string { return "cannot read " + e.Name + ": " + e.Cause }
func (e *FileError) Unwrap() error { return e.Err }

// fileError wraps err from reading name into a FileError with a plain cause.
func fileError(name string, err error) *FileError {
	var fe *FileError
	if errors.As(err, &fe) {
		return fe
	}
	return &FileError{Name: name, Cause: cause(err), Err: err}
}

// cause describes err without repeating the path Go's errors carry.
func cause(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, syscall.EISDIR):
		return "is a folder"
	case errors.Is(err, syscall.EIO):
		return "input/output error (the disk or medium may be failing)"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
