//go:build !unix

package app

import (
	"context"
	"io/fs"
	"os"
)

// OpenFile opens name for reading. Windows has no named pipes in folders
// that opening would wait on.
func OpenFile(name string) (File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func awaitWriter(_ context.Context, f File) (File, error) { return f, nil }
func isFIFO(fs.FileInfo) bool                             { return false }
func nominalSize(File, fs.FileInfo) bool                  { return false }
func blocking(f *os.File) error                           { return nil }
