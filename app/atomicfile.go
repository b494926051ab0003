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

// WriteFileAtomic writes data to path through a temporary file in the same
// folder that is renamed into place, so a crash never leaves half a file. It
// refuses to replace an existing file unless overwrite is set.
func WriteFileAtomic(path string, data []byte, overwrite bool) error {
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("cannot write %s: %w", path, ErrExists)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot write %s: %s", path, cause(err))
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %s", path, cause(err))
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
		return fmt.Errorf("cannot write %s: %s", path, cause(err))
	}
	return nil
}
