//go:build unix

package checksum

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// An entry swapped, before the check reads it, for a named pipe, a link to
// a device or a link out of the folder is refused on what was opened: the
// check neither hangs nor reads outside the folder. (Check looks at
// nothing before it opens a file, and reads ahead of the entry it
// reports: the swap comes before the check.)
func TestCheckDecidesOnTheOpenedFileNotAnEarlierLook(t *testing.T) {
	for _, tc := range []struct {
		name   string
		swap   func(t *testing.T, path, outside string)
		allow  bool
		status Status
		kind   app.Cause
	}{
		{"pipe", func(t *testing.T, path, _ string) {
			os.Remove(path)
			apptest.Mkfifo(t, filepath.Dir(path), filepath.Base(path))
		}, false, StatusRefused, app.CauseSpecial},
		{"pipe, outside allowed", func(t *testing.T, path, _ string) {
			os.Remove(path)
			apptest.Mkfifo(t, filepath.Dir(path), filepath.Base(path))
		}, true, StatusRefused, app.CauseSpecial},
		{"link to /dev/zero", func(t *testing.T, path, _ string) { os.Remove(path); os.Symlink("/dev/zero", path) }, false, StatusRefused, app.CauseLinkOutside},
		{"link to /dev/zero, outside allowed", func(t *testing.T, path, _ string) { os.Remove(path); os.Symlink("/dev/zero", path) }, true, StatusRefused, app.CauseSpecial},
		{"link out of the folder", func(t *testing.T, path, outside string) { os.Remove(path); os.Symlink(outside, path) }, false, StatusRefused, app.CauseLinkOutside},
		{"link out of the folder, outside allowed", func(t *testing.T, path, outside string) { os.Remove(path); os.Symlink(outside, path) }, true, StatusOK, app.CauseOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, "dl")
			os.Mkdir(dir, 0o755)
			outside := filepath.Join(top, "secret")
			os.WriteFile(outside, []byte("abc"), 0o600) // its digest is the one listed
			os.WriteFile(filepath.Join(dir, "a.iso"), []byte("abc"), 0o644)
			os.WriteFile(filepath.Join(dir, "b.iso"), []byte("abd"), 0o644)
			sf, err := Parse(filepath.Join(dir, "SHA256SUMS"), []byte(apptest.ABCSHA256+"  a.iso\n"+apptest.ABCSHA256+"  b.iso\n"))
			if err != nil {
				t.Fatal(err)
			}
			tc.swap(t, filepath.Join(dir, "b.iso"), outside)
			done := make(chan *CheckReport, 1)
			go func() {
				rep, _ := sf.Check(context.Background(), CheckOptions{AllowOutside: tc.allow})
				done <- rep
			}()
			var rep *CheckReport
			select {
			case rep = <-done:
			case <-time.After(apptest.HangDetector):
				t.Fatalf("the check hangs on a swapped entry")
			}
			if r := rep.Results[1]; r.Status != tc.status || r.Status != StatusOK && r.Kind != tc.kind {
				t.Errorf("swapped b.iso: %v (%v), want %v (%v)", r.Status, r.Kind, tc.status, tc.kind)
			}
		})
	}
}
