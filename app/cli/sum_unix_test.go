//go:build unix

package cli

import (
	"bytes"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

func TestSumOutNeverReplacesAnInput(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"v.txt": 100, "w.txt": 10})
	t.Chdir(dir)
	os.Link("v.txt", "hard")
	os.Symlink("v.txt", "soft")
	for _, out := range []string{"v.txt", "hard", "soft"} {
		for _, force := range []string{"--tag", "--force"} {
			_, errs, code := run(nil, "sum", force, "-o", out, "w.txt", "v.txt")
			got, _ := os.ReadFile("v.txt")
			if code != ExitFail || !strings.Contains(errs, "one of the files to read") || !bytes.Equal(got, data["v.txt"]) {
				t.Errorf("sum %s -o %s w.txt v.txt: code %d, stderr %q, v.txt changed: %v", force, out, code, errs, !bytes.Equal(got, data["v.txt"]))
			}
		}
	}
	if st, _ := os.Stat("v.txt"); st.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Error("the hard link was broken")
	}
	if entries, _ := os.ReadDir("."); len(entries) != 4 {
		t.Errorf("files left behind: %v", entries)
	}
}

func TestSumOutHonoursTheUmask(t *testing.T) {
	dir, _ := writeFiles(t, map[string]int{"a": 1})
	t.Chdir(dir)
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	if _, errs, code := run(nil, "sum", "-o", "SUMS", "a"); code != ExitOK {
		t.Fatal(errs)
	}
	syscall.Umask(0o027)
	if _, errs, code := run(nil, "sum", "-o", "SUMS2", "a"); code != ExitOK {
		t.Fatal(errs)
	}
	for name, want := range map[string]fs.FileMode{"SUMS": 0o644, "SUMS2": 0o640} {
		if st, err := os.Stat(name); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", name, st.Mode().Perm(), want)
		}
	}
}
