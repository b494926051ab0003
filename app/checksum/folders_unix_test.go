//go:build unix

package checksum

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// A file in a sub-folder is opened in that folder, without following a
// link: a link that stays in the checksum file's folder is read, one that
// leaves it refused; a pipe, a folder and a missing file say so.
func TestCheckSubFolderEntries(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "rel")
	for _, d := range []string{"d/sub", "e"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	os.WriteFile(filepath.Join(top, "secret"), []byte("abc"), 0o600)
	os.WriteFile(filepath.Join(dir, "d/plain"), []byte("abc"), 0o644)
	os.WriteFile(filepath.Join(dir, "e/f"), []byte("abc"), 0o644)
	os.Symlink("../e/f", filepath.Join(dir, "d/inside"))
	os.Symlink("../../secret", filepath.Join(dir, "d/outside"))
	apptest.Mkfifo(t, filepath.Join(dir, "d"), "pipe")
	want := map[string]struct {
		status Status
		kind   app.Cause
	}{
		"d/plain":   {StatusOK, app.CauseOther},
		"d/inside":  {StatusOK, app.CauseOther},
		"d/outside": {StatusRefused, app.CauseLinkOutside},
		"d/pipe":    {StatusRefused, app.CauseSpecial},
		"d/sub":     {StatusRefused, app.CauseFolder},
		"d/gone":    {StatusMissing, app.CauseNotExist},
	}
	var lines []string
	for name := range want {
		lines = append(lines, apptest.ABCSHA256+"  "+name)
	}
	sf, err := Parse(filepath.Join(dir, "SHA256SUMS"), []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sf.Check(context.Background(), CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		w := want[r.Entry.Name]
		if r.Status != w.status || r.Status != StatusOK && r.Kind != w.kind {
			t.Errorf("%s: %v (%v), want %v (%v)", r.Entry.Name, r.Status, r.Kind, w.status, w.kind)
		}
	}
}
