//go:build unix

package watch

import (
	"io/fs"
	"syscall"
)

// fileID tells one file from another of the same name: a download saved
// again over the old one is a new file.
type fileID struct{ dev, ino uint64 }

func identity(fi fs.FileInfo) fileID {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fileID{uint64(st.Dev), uint64(st.Ino)}
	}
	return fileID{}
}
