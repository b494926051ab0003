package app

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// awkwardNames are file names that need care in checksum files.
var awkwardNames = []string{"plain.iso", "with space.txt", `back\slash`, "new\nline", "cr\rname", "ünï ☃ 日本.txt", " lead", "paren (1)) = x", "sub/deep.bin"}

func awkwardTree(t *testing.T) (string, []Result) {
	t.Helper()
	files := map[string]string{}
	for i, n := range awkwardNames {
		files[n] = strings.Repeat("x", i)
	}
	if runtime.GOOS == "windows" {
		t.Skip("names with backslashes and newlines are not possible here")
	}
	dir := vTree(t, files)
	var results []Result
	for _, n := range awkwardNames {
		results = append(results, HashFile(context.Background(), filepath.Join(dir, filepath.FromSlash(n)), vAlgs("md5", "sha256"), nil))
	}
	return dir, results
}

// Written and read back, every name and digest survives, in GNU and in BSD form.
func TestWriteSumsRoundTrip(t *testing.T) {
	dir, results := awkwardTree(t)
	single := make([]Result, len(results))
	for i, r := range results {
		r.Digests = r.Digests[1:] // SHA-256 only
		single[i] = r
	}
	tests := []struct {
		name    string
		file    string
		results []Result
		opts    SumsOptions
		bsd     bool
	}{
		{"GNU", "SHA256SUMS", single, SumsOptions{}, false},
		{"BSD for one with --tag", "tagged.sha256", single, SumsOptions{Tag: true}, true},
		{"BSD for several", "CHECKSUMS", results, SumsOptions{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if err := WriteSums(path, tt.results, tt.opts); err != nil {
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
			sf, err := ParseSums(path, data)
			if err != nil || len(sf.Problems) > 0 {
				t.Fatal(err, sf.Problems)
			}
			var names []string
			for _, e := range sf.Entries {
				if !slices.Contains(names, e.Name) {
					names = append(names, e.Name)
				}
			}
			if !slices.Equal(names, awkwardNames) {
				t.Errorf("names read back\n %q\nwant\n %q", names, awkwardNames)
			}
			rep, err := sf.Check(context.Background(), CheckOptions{})
			if err != nil || !rep.AllOK() {
				t.Errorf("check: %v %q", err, statuses(rep))
			}
		})
	}
}

func TestFormatSumsUsesSlashesRelativeToTheFolder(t *testing.T) {
	dir := vTree(t, map[string]string{"a/b/c.iso": "abc"})
	res := HashFile(context.Background(), filepath.Join(dir, "a", "b", "c.iso"), vAlgs("sha256"), nil)
	data, err := FormatSums(dir, []Result{res, {Path: "broken", Err: errors.New("x")}}, SumsOptions{})
	if err != nil || string(data) != abcSHA256+"  a/b/c.iso\n" {
		t.Errorf("%q %v", data, err)
	}
	if _, err := FormatSums(filepath.Join(dir, "a", "b", "d"), []Result{res}, SumsOptions{}); err == nil || !strings.Contains(err.Error(), "outside that folder") {
		t.Errorf("outside: %v", err)
	}
}

func TestWriteSumsNeverOverwritesUnlessAsked(t *testing.T) {
	dir := vTree(t, map[string]string{"a": "abc", "SHA256SUMS": "precious\n"})
	res := []Result{HashFile(context.Background(), filepath.Join(dir, "a"), vAlgs("sha256"), nil)}
	path := filepath.Join(dir, "SHA256SUMS")
	err := WriteSums(path, res, SumsOptions{})
	if !errors.Is(err, ErrExists) {
		t.Errorf("error %v, want ErrExists", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "precious\n" {
		t.Errorf("overwritten: %q", data)
	}
	if err := WriteSums(path, res, SumsOptions{Overwrite: true}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != abcSHA256+"  a\n" {
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
		var one []Result
		for _, r := range results {
			r.Digests = []Digest{{vAlg(tool.alg), r.Sum(vAlg(tool.alg))}}
			one = append(one, r)
		}
		path := filepath.Join(dir, "out."+tool.alg)
		if err := WriteSums(path, one, SumsOptions{Tag: tool.tag, Overwrite: true}); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(tool.bin, "--strict", "-c", filepath.Base(path))
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Count(string(out), ": OK") != len(awkwardNames) {
			t.Errorf("%s -c (tag %v): %v\n%s", tool.bin, tool.tag, err, out)
		}
	}
}
