package watch

import (
	"errors"

	"golang.org/x/sys/unix"
)

// readOrigin reads the xattrs user.xdg.origin.url and
// user.xdg.referrer.url (freedesktop's "Common Extended Attributes").
func readOrigin(path string) Origin {
	return Origin{URL: xattr(path, "user.xdg.origin.url"), Referrer: xattr(path, "user.xdg.referrer.url")}
}

func xattr(path, name string) string {
	buf := make([]byte, 4096)
	for {
		n, err := unix.Getxattr(path, name, buf)
		if errors.Is(err, unix.ERANGE) && len(buf) < 1<<16 {
			buf = make([]byte, 4*len(buf))
			continue
		}
		if err != nil {
			return ""
		}
		return string(buf[:n])
	}
}
