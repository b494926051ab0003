package app

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// FileError is a file that could not be hashed: "cannot read ubuntu.iso:
// permission denied" (see words.go for the English).
type FileError struct {
	Name string // the file as the user named it
	Kind Cause  // what went wrong
	Err  error  // the underlying error, if any
}

func (e *FileError) Unwrap() error { return e.Err }

// Cause returns e.Kind (see CauseOf).
func (e *FileError) Cause() Cause { return e.Kind }

// FileErrorOf wraps err from reading name into a FileError.
func FileErrorOf(name string, err error) *FileError {
	var fe *FileError
	if errors.As(err, &fe) {
		return fe
	}
	return &FileError{Name: name, Kind: CauseOf(err), Err: err}
}

// Cause is the kind of problem behind a FileError, a WriteError, a
// checksum.ReadError or an EntryResult. The command line words it in English
// (words.go), the window in the user's language. CauseOther means only
// the operating system's own words tell (see SystemWords).
type Cause int

const (
	CauseOther       Cause = iota
	CauseNotExist          // no such file
	CausePermission        // permission denied
	CauseFolder            // a folder, not a file
	CauseIO                // input/output error: the disk or medium may be failing
	CauseSpecial           // a pipe, socket or device, not a regular file
	CauseOutside           // a name with "..": outside the checksum file's folder
	CauseAbsolute          // an absolute path: outside the checksum file's folder
	CauseLinkOutside       // a symbolic link that leads outside the checksum file's folder
	CauseUnsupported       // names an algorithm Hashdrop does not support
	CauseTooLarge          // too large for a checksum file
	CauseNotText           // not a text file: it holds NUL bytes
	CauseCutShort          // UTF-16 text with an odd number of bytes
	CauseLongLine          // a line far too long for a checksum file
	CauseNoEntries         // a checksum file without a single usable line
	CauseChanged           // the file changed while it was being read
	CauseCancelled         // the user cancelled
	CauseIsInput           // the file to write is also one of the files to read
	// The window keeps a cause in 5 bits an entry (ui/sumsmodel.go): a
	// ErrorWords after CauseIsInput is added there too.
)

// A causeError is an error that knows its Cause: a FileError, a WriteError,
// a checksum file's error.
type causeError interface {
	error
	Cause() Cause
}

// CauseOf tells the kind of err: the Cause of the FileError, WriteError or
// checksum file's error it is, else what the operating system's error is.
func CauseOf(err error) Cause {
	var ce causeError
	switch {
	case err == nil:
		return CauseOther
	case errors.As(err, &ce) && ce.Cause() != CauseOther:
		return ce.Cause()
	case errors.Is(err, fs.ErrNotExist):
		return CauseNotExist
	case errors.Is(err, fs.ErrPermission):
		return CausePermission
	case errors.Is(err, syscall.EISDIR):
		return CauseFolder
	case errors.Is(err, syscall.EIO):
		return CauseIO
	case errors.Is(err, ErrChanged):
		return CauseChanged
	case errors.Is(err, context.Canceled):
		return CauseCancelled
	}
	return CauseOther
}

// SystemWords is the operating system's own description of err, without
// the path Go's errors repeat: the words of a CauseOther.
func SystemWords(err error) string {
	if err == nil {
		return ""
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
