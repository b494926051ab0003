package watch

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

func TestReadOriginXattr(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "debian-13.0.0-amd64-netinst.iso")
	if err := os.WriteFile(path, []byte("iso"), 0o600); err != nil {
		t.Fatal(err)
	}
	if o := ReadOrigin(path); o != (Origin{}) {
		t.Fatalf("origin of a file with none: %+v", o)
	}
	err := unix.Setxattr(path, "user.xdg.origin.url", []byte("https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-13.0.0-amd64-netinst.iso"), 0)
	if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EPERM) {
		t.Skipf("the file system of %s refuses user xattrs: %v", dir, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	unix.Setxattr(path, "user.xdg.referrer.url", []byte("https://www.debian.org/distrib/"), 0)
	before, _ := os.Stat(path)
	o := ReadOrigin(path)
	if o.URL != "https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-13.0.0-amd64-netinst.iso" || o.Referrer != "https://www.debian.org/distrib/" {
		t.Fatalf("got %+v", o)
	}
	after, _ := os.Stat(path)
	if !after.ModTime().Equal(before.ModTime()) || after.Size() != before.Size() {
		t.Fatal("reading the origin changed the file")
	}
}
