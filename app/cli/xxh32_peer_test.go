package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// TestCheckXXH32ListsOfXxhsum runs xxHash's own check test of -H0
// (test-xxhsum-c in the Makefile of Cyan4973/xxHash, commit 00b7bd1)
// through hashdrop check: xxhsum -H0 xxh* > .test.xxh32, with --tag
// > .test.xxh32_tag; both read back, and from standard input, where no name
// says XXH32; the '*' marker (sed 's/  / \*/'); "12345678 " is an
// improperly formatted line; "00000000  LICENSE" fails and
// "00000000  test-expects-file-not-found" too (exit 1). Skipped, visibly,
// without xxhsum (Debian's package xxhash).
func TestCheckXXH32ListsOfXxhsum(t *testing.T) {
	files := map[string]string{"LICENSE": "BSD 2-Clause License\n"}
	names := []string{"xxh32sum", "xxh64sum", "xxhash.c", "xxhash.h", "xxhsum.c"}
	for i, n := range names {
		files[n] = string(apptest.RandomBytes(1000*i+i, uint64(50+i)))
	}
	dir := apptest.Tree(t, files)
	plain, code := peerTool(t, dir, "xxhsum", append([]string{"-H0"}, names...)...)
	tagged, code2 := peerTool(t, dir, "xxhsum", append([]string{"-H0", "--tag"}, names...)...)
	if code != 0 || code2 != 0 || !strings.HasPrefix(tagged, "XXH32 (") {
		t.Fatalf("xxhsum -H0: %d %d\n%s\n%s", code, code2, plain, tagged)
	}
	t.Chdir(dir)
	for name, text := range map[string]string{".test.xxh32": plain, ".test.xxh32_tag": tagged} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	allOK := ""
	for _, n := range names {
		allOK += n + ": OK\n"
	}
	starred := strings.ReplaceAll(plain, "  ", " *")
	tests := []struct {
		name, stdin string
		args        []string
		code        int
		stdout      string
		stderr      string // a substring
	}{
		{"-H0 list", "", []string{".test.xxh32"}, 0, allOK, ""},
		{"-H0 --tag list", "", []string{".test.xxh32_tag"}, 0, allOK, ""},
		{"-H0 list on standard input", plain, []string{"-"}, 0, allOK, "matched as XXH32"},
		{"'*' marker", starred, []string{"-"}, 0, allOK, "matched as XXH32"},
		{"an improperly formatted line", plain + "12345678 \n", []string{"-"}, 0, allOK, "not a checksum line"},
		{"an improperly formatted line, --strict", plain + "12345678 \n", []string{"--strict", "-"}, 1, allOK, "not a checksum line"},
		{"FAILED", "00000000  LICENSE\n", []string{"-"}, 1, "LICENSE: FAILED\n", ""},
		{"not found", "00000000  test-expects-file-not-found\n", []string{"-"}, 1, "test-expects-file-not-found: MISSING\n", "no file was verified"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := vRunIn(tt.stdin, append([]string{"check"}, tt.args...)...)
			if code != tt.code || stdout != tt.stdout || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, want %d\n%s\nwant\n%s\n%s\n(want %q)", code, tt.code, stdout, tt.stdout, stderr, tt.stderr)
			}
		})
	}
}
