package checksum

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

func awkwardTree(t *testing.T) (string, []app.Result) {
	t.Helper()
	dir := apptest.AwkwardFiles(t)
	var results []app.Result
	for _, n := range apptest.AwkwardNames {
		results = append(results, app.HashFile(context.Background(), filepath.Join(dir, filepath.FromSlash(n)), apptest.Algs("md5", "sha256"), nil))
	}
	return dir, results
}

// Written and read back, every name and digest survives, in GNU and in BSD form.
func TestWriteSumsRoundTrip(t *testing.T) {
	dir, results := awkwardTree(t)
	single := make([]app.Result, len(results))
	for i, r := range results {
		r.Digests = r.Digests[1:] // SHA-256 only
		single[i] = r
	}
	tests := []struct {
		name    string
		file    string
		results []app.Result
		opts    WriteOptions
		bsd     bool
	}{
		{"GNU", "SHA256SUMS", single, WriteOptions{}, false},
		{"BSD for one with --tag", "tagged.sha256", single, WriteOptions{Tag: true}, true},
		{"BSD for several", "CHECKSUMS", results, WriteOptions{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if err := Write(path, tt.results, tt.opts); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) || bytes.Contains(data, []byte("\r\n")) || !bytes.HasSuffix(data, []byte("\n")) {
				t.Errorf("not LF-terminated UTF-8 without BOM: %q", data)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if n := len(tt.results) * len(tt.results[0].Digests); len(lines) != n {
				t.Errorf("%d lines, want %d (a name broke a line?)", len(lines), n)
			}
			for _, l := range lines {
				if strings.HasPrefix(strings.TrimPrefix(l, `\`), "SHA256 (") != tt.bsd && strings.HasPrefix(strings.TrimPrefix(l, `\`), "MD5 (") != tt.bsd {
					t.Errorf("line %q: BSD = %v wanted", l, tt.bsd)
				}
			}
			sf, err := Parse(path, data)
			if err != nil || len(sf.Problems) > 0 {
				t.Fatal(err, sf.Problems)
			}
			var names []string
			for _, e := range sf.Entries {
				if !slices.Contains(names, e.Name) {
					names = append(names, e.Name)
				}
			}
			if !slices.Equal(names, apptest.AwkwardNames) {
				t.Errorf("names read back\n %q\nwant\n %q", names, apptest.AwkwardNames)
			}
			rep, err := sf.Check(context.Background(), CheckOptions{})
			if err != nil || !rep.AllOK() {
				t.Errorf("check: %v %q", err, statuses(rep))
			}
		})
	}
}

func TestFormatSumsUsesSlashesRelativeToTheFolder(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a/b/c.iso": "abc"})
	res := app.HashFile(context.Background(), filepath.Join(dir, "a", "b", "c.iso"), apptest.Algs("sha256"), nil)
	data, err := Format(dir, []app.Result{res, {Path: "broken", Err: errors.New("x")}}, WriteOptions{})
	if err != nil || string(data) != apptest.ABCSHA256+"  a/b/c.iso\n" {
		t.Errorf("%q %v", data, err)
	}
	if _, err := Format(filepath.Join(dir, "a", "b", "d"), []app.Result{res}, WriteOptions{}); err == nil || !strings.Contains(err.Error(), "outside that folder") {
		t.Errorf("outside: %v", err)
	}
}

func TestWriteSumsNeverOverwritesUnlessAsked(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a": "abc", "SHA256SUMS": "precious\n"})
	res := []app.Result{app.HashFile(context.Background(), filepath.Join(dir, "a"), apptest.Algs("sha256"), nil)}
	path := filepath.Join(dir, "SHA256SUMS")
	err := Write(path, res, WriteOptions{})
	if !errors.Is(err, app.ErrExists) {
		t.Errorf("error %v, want ErrExists", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "precious\n" {
		t.Errorf("overwritten: %q", data)
	}
	if err := Write(path, res, WriteOptions{Overwrite: true}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != apptest.ABCSHA256+"  a\n" {
		t.Errorf("after overwrite: %q", data)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// What we write, coreutils accepts: sha256sum -c and md5sum -c (GNU and
// --tag lines) on the awkward names.
func TestWrittenSumsAcceptedByCoreutils(t *testing.T) {
	dir, results := awkwardTree(t)
	for _, tool := range []struct {
		bin, alg string
		tag      bool
	}{{"sha256sum", "sha256", false}, {"md5sum", "md5", false}, {"sha256sum", "sha256", true}} {
		if _, err := exec.LookPath(tool.bin); err != nil {
			t.Skip(tool.bin, "not installed")
		}
		var one []app.Result
		for _, r := range results {
			r.Digests = []app.Digest{{Algorithm: apptest.Alg(tool.alg), Sum: r.Sum(apptest.Alg(tool.alg))}}
			one = append(one, r)
		}
		path := filepath.Join(dir, "out."+tool.alg)
		if err := Write(path, one, WriteOptions{Tag: tool.tag, Overwrite: true}); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(tool.bin, "--strict", "-c", filepath.Base(path))
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Count(string(out), ": OK") != len(apptest.AwkwardNames) {
			t.Errorf("%s -c (tag %v): %v\n%s", tool.bin, tool.tag, err, out)
		}
	}
}
