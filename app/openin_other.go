//go:build !linux

package app

import (
	"errors"
	"io/fs"
	"os"
)

// OpenIn is for Linux; elsewhere it fails with errors.ErrUnsupported and
// the caller opens the file another way (os.Root.OpenFile).
func OpenIn(dir *os.File, leaf string) (File, fs.FileInfo, error) {
	return nil, nil, errors.ErrUnsupported
}
