package checksum

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// A check's files are counted as files, by the worst of their entries, and
// its outcome is green when the files present are OK and the others only
// missing.
func TestCheckCountsFiles(t *testing.T) {
	qubes := "# one ISO, four digests\n" +
		"MD5 (q.iso) = " + apptest.ABCMD5 + "\n" +
		"SHA1 (q.iso) = " + apptest.ABCSHA1 + "\n" +
		"SHA256 (q.iso) = " + apptest.ABCSHA256 + "\n" +
		"SHA512 (q.iso) = " + apptest.ABCSHA512 + "\n"
	for _, tc := range []struct {
		name        string
		files       map[string]string
		sums        string
		ok, missing int
		failed      int
		outcome     Outcome
		unsupported []string
	}{
		{"four digests of one ISO", map[string]string{"q.iso": "abc"}, "q.iso.DIGESTS:" + qubes, 1, 0, 0, Match, nil},
		{"the ISO downloaded, two others not", map[string]string{"a.iso": "abc"},
			"SHA256SUMS:" + apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  b.iso\n" + apptest.ABCSHA256 + "  c.iso\n", 1, 2, 0, Match, nil},
		{"nothing downloaded", nil, "SHA256SUMS:" + apptest.ABCSHA256 + "  b.iso\n", 0, 1, 0, Unknown, nil},
		{"one differs, one missing", map[string]string{"a.iso": "abd"},
			"SHA256SUMS:" + apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  b.iso\n", 0, 1, 1, Mismatch, nil},
		{"one digest of four differs", map[string]string{"q.iso": "abc"}, "q.iso.DIGESTS:" + qubes + "SHA384 (q.iso) = " + apptest.Hex("sha384", []byte("abd")) + "\n", 0, 0, 1, Mismatch, nil},
		{"an algorithm Hashdrop lacks", map[string]string{"a.iso": "abc"}, "CHECKSUMS:BLAKE2s (a.iso) = " + apptest.ABCSHA256 + "\n", 0, 0, 0, Unknown, []string{"BLAKE2s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range tc.files {
				files[k] = v
			}
			name, text, _ := strings.Cut(tc.sums, ":")
			files[name] = text
			dir := apptest.Tree(t, files)
			sf, err := ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			var h hashLog
			rep, err := sf.Check(context.Background(), h.options(t))
			if err != nil {
				t.Fatal(err)
			}
			got := rep.Files
			if got[StatusOK] != tc.ok || got[StatusMissing] != tc.missing || got[StatusFailed] != tc.failed {
				t.Errorf("files: %d OK, %d missing, %d failed; want %d, %d, %d (entries %v)", got[StatusOK], got[StatusMissing], got[StatusFailed], tc.ok, tc.missing, tc.failed, rep.Counts)
			}
			if o := rep.FileOutcome(); o != tc.outcome {
				t.Errorf("outcome %v, want %v", o, tc.outcome)
			}
			if tc.unsupported != nil && !slices.Equal(rep.Unsupported, tc.unsupported) {
				t.Errorf("unsupported %q, want %q", rep.Unsupported, tc.unsupported)
			}
			// The plan, made before any file is read, counts the same files.
			if n, want := sf.Plan(nil).Files(), tc.ok+tc.missing+tc.failed; n != want {
				t.Errorf("the plan counts %d files, the check %d", n, want)
			}
		})
	}
}

// The plan counts the files of a big checksum file that lists each of
// them twice, and a name one dot away from another as a file of its own.
func TestPlanCountsFilesOfABigChecksumFile(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "SHA256 (part%04d.bin) = %s\n", i, apptest.ABCSHA256)
		fmt.Fprintf(&b, "SHA512 (part%04d.bin) = %s\n", i, apptest.ABCSHA512)
	}
	b.WriteString("SHA256 (part0000.bin.) = " + apptest.ABCSHA256 + "\n")
	dir := apptest.Tree(t, map[string]string{"CHECKSUMS": b.String()})
	sf, err := ReadFile(filepath.Join(dir, "CHECKSUMS"))
	if err != nil {
		t.Fatal(err)
	}
	if n := sf.Plan(nil).Files(); n != 3001 {
		t.Errorf("the plan counts %d files in %d entries, want 3001", n, sf.EntryCount)
	}
}
