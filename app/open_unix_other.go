//go:build unix && !linux

package app

import (
	"io/fs"
	"os"
)

// portablePipes: named pipes are opened in the background (see openFile).
var portablePipes = true

// pollForWriter is reached only by a name that was not a pipe when openFile
// looked and is one now that it is open.
func pollForWriter(*os.File) error { return ErrChanged }

// nominalSize: only Linux's sysfs and procfs are known to give sizes
// their files do not have.
func nominalSize(File, fs.FileInfo) bool { return false }
