//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// Issue 50's repro, coreutils' tests/misc/md5sum-bsd.sh: for i in a ' b'
// '*c' 'dd' ' '; do echo "$i" > "$i"; md5sum "$i"; done | sed 's/  / /'.
// md5sum --strict -c reads all five OK; Hashdrop read " b" and "*c" as b
// and c, MISSING, and exited 0 even with --strict. Without its first line
// the list reads as two-space lines and coreutils exits 1 under --strict.
func TestCheckStrictOneSpaceList(t *testing.T) {
	names := []string{"a", " b", "*c", "dd", " "}
	files := map[string]string{}
	var list []string
	for _, n := range names {
		files[n] = n + "\n"
		list = append(list, apptest.Hex("md5", []byte(n+"\n"))+" "+n)
	}
	dir := apptest.Tree(t, files)
	t.Chdir(dir)
	if err := os.WriteFile("check.md5", []byte(strings.Join(list, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("tail.md5", []byte(strings.Join(list[1:], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := vRun("check", "--strict", "check.md5")
	if code != ExitOK || stdout != "a: OK\n b: OK\n*c: OK\ndd: OK\n : OK\n" {
		t.Errorf("check.md5: exit %d\n%s\n%s", code, stdout, stderr)
	}
	stdout, stderr, code = vRun("check", "--strict", filepath.Join(".", "tail.md5"))
	if code != ExitFail || !strings.Contains(stdout, "b: MISSING\n") {
		t.Errorf("tail.md5: exit %d, want %d\n%s\n%s", code, ExitFail, stdout, stderr)
	}
}
