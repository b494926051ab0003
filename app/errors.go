package app

import (
	"context"
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
	var le *os.LinkError // a rename or link: its error names a temporary file
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

// Cause is the kind of problem behind the words of a FileError, a SumsError
// or an EntryResult, so that a window can say it in its own language; the
// English words stay in Cause, Reason and Error. CauseOther means only the
// words tell (an unusual operating-system error, say).
type Cause int

const (
	CauseOther       Cause = iota
	CauseNotExist          // no such file
	CausePermission        // permission denied
	CauseFolder            // a folder, not a file
	CauseIO                // input/output error: the disk or medium may be failing
	CauseSpecial           // a pipe, socket or device, not a regular file
	CauseOutside           // outside the checksum file's folder: absolute, "..", or a link leading out
	CauseUnsupported       // names an algorithm Hashdrop does not support
	CauseTooLarge          // too large for a checksum file
	CauseNotText           // not a text file
	CauseNoEntries         // a checksum file without a single usable line
	CauseChanged           // the file changed while it was being read
	CauseCancelled         // the user cancelled
)

// CauseOf tells the kind of err: the Kind of a SumsError that has one, else
// what the operating system's error is.
func CauseOf(err error) Cause {
	var se *SumsError
	if errors.As(err, &se) && se.Kind != CauseOther {
		return se.Kind
	}
	switch {
	case err == nil:
		return CauseOther
	case errors.Is(err, fs.ErrNotExist):
		return CauseNotExist
	case errors.Is(err, fs.ErrPermission):
		return CausePermission
	case errors.Is(err, syscall.EISDIR):
		return CauseFolder
	case errors.Is(err, syscall.EIO):
		return CauseIO
	case errors.Is(err, ErrNoEntries):
		return CauseNoEntries
	case errors.Is(err, ErrChanged):
		return CauseChanged
	case errors.Is(err, context.Canceled):
		return CauseCancelled
	}
	return CauseOther
}
