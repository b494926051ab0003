package watch

import (
	"errors"

	"golang.org/x/sys/unix"
)

// readOrigin reads the xattr com.apple.metadata:kMDItemWhereFroms that
// Safari, Chrome and Firefox set on macOS. Written from the documentation
// and the browsers' source; not run on a Mac.
func readOrigin(path string) Origin {
	buf := make([]byte, 8192)
	n, err := unix.Getxattr(path, "com.apple.metadata:kMDItemWhereFroms", buf)
	if errors.Is(err, unix.ERANGE) {
		buf = make([]byte, 1<<16)
		n, err = unix.Getxattr(path, "com.apple.metadata:kMDItemWhereFroms", buf)
	}
	if err != nil {
		return Origin{}
	}
	o, _ := parseWhereFroms(buf[:n])
	return o
}
