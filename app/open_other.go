//go:build !linux

package app

import (
	"io/fs"
	"os"
)

// openFile opens name for reading. Only on Linux does Hashdrop open named
// pipes without blocking (see open_linux.go); elsewhere opening one waits
// for its writer.
func openFile(name string) (*os.File, error) { return os.Open(name) }

func awaitWriter(*os.File) error { return nil }
func isFIFO(fs.FileInfo) bool    { return false }
func blocking(f *os.File) error  { return nil }
