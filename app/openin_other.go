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

// inFolders is for Linux; elsewhere files are opened by their paths.
type inFolders struct{}

func (*inFolders) open(string) (File, fs.FileInfo, bool, error) { return nil, nil, false, nil }
func (*inFolders) close()                                       {}
