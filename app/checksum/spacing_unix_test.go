//go:build unix

package checksum

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckOneSpaceList checks coreutils' md5sum-bsd check.md5 beside its
// five files ('*' cannot be in a Windows name): all OK, as md5sum --strict
// -c says; Hashdrop used to read " b" and "*c" as b and c, MISSING.
func TestCheckOneSpaceList(t *testing.T) {
	dir := t.TempDir()
	for _, name := range md5sumBSDNames {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, one := md5sumBSDLists()
	sf, err := Parse(filepath.Join(dir, "check.md5"), []byte(one))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sf.Check(context.Background(), CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if r.Status != StatusOK {
			t.Errorf("%q: %v", r.Entry.Name, r.Status)
		}
	}
	if rep.Counts[StatusOK] != len(md5sumBSDNames) {
		t.Errorf("%v, want %d OK", rep.Counts, len(md5sumBSDNames))
	}
}
