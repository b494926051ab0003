package app

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// OpenIn gives what os.Stat says of a file, a folder, a pipe; reads the
// file; refuses to follow a link.
func TestOpenIn(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("abcdef"), 0o640)
	os.Chtimes(filepath.Join(dir, "f"), time.Now(), time.Unix(1700000000, 123456789))
	os.Mkdir(filepath.Join(dir, "sub"), 0o750)
	apptest.Mkfifo(t, dir, "pipe")
	os.Symlink("f", filepath.Join(dir, "link"))
	d, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"f", "sub", "pipe"} {
		f, st, err := OpenIn(d, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := os.Stat(filepath.Join(dir, name))
		if st.Name() != name || st.Mode() != want.Mode() || st.Size() != want.Size() || !st.ModTime().Equal(want.ModTime()) || st.IsDir() != want.IsDir() {
			t.Errorf("%s: %v %d %v, want %v %d %v", name, st.Mode(), st.Size(), st.ModTime(), want.Mode(), want.Size(), want.ModTime())
		}
		if name == "f" {
			b, err := io.ReadAll(f)
			if string(b) != "abcdef" || err != nil {
				t.Errorf("read %q, %v", b, err)
			}
			if again, err := f.Stat(); err != nil || again.Size() != 6 || !nominalSizeIsReal(f, again) {
				t.Errorf("Stat: %v, %v", again, err)
			}
		}
		if err := f.Close(); err != nil || f.Close() == nil {
			t.Errorf("%s: closing: %v, then again without error", name, err)
		}
	}
	if _, _, err := OpenIn(d, "link"); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("a link: %v, want ELOOP", err)
	}
	if _, _, err := OpenIn(d, "none"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

// nominalSizeIsReal: the file system of a file OpenIn opened is known
// (a temporary folder's sizes are real).
func nominalSizeIsReal(f File, st os.FileInfo) bool {
	return fsType(f, st) >= 0 && !nominalSize(f, st)
}
