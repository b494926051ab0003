package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/hashdrop/hashdrop/app/cli"
)

// The window and hashdrop verify take their evidence from one gatherer
// (app/release) and their verdict from one engine (app/verdict): given the
// same paths, the window's headline (what its trace logs as "reason") and
// verify --json's have the same reason, colour and exit status, for every
// kind of folder a user drops.
func TestWindowAndVerifyAgree(t *testing.T) {
	sha512Hex := func(s string) string { return fmt.Sprintf("%x", hashOf(mustAlg("sha512"), s)) }
	for _, tc := range []struct {
		name  string
		files map[string]string // path under the folder -> content
		given []string          // what is given, under the folder ("" the folder itself)
		want  string            // the reason both must give
	}{
		{"renamed download, the folder given", map[string]string{
			"dl/ubuntu-24.04 (1).iso": "abc",
			"dl/SHA256SUMS":           sha256Hex("abc") + "  ubuntu-24.04.iso\n" + sha256Hex("x") + "  ubuntu-server.iso\n",
		}, []string{"dl"}, "published-match"},
		{"renamed download given alone", map[string]string{
			"dl/ubuntu-24.04 (1).iso": "abc",
			"dl/SHA256SUMS":           sha256Hex("abc") + "  ubuntu-24.04.iso\n",
		}, []string{"dl/ubuntu-24.04 (1).iso"}, "published-match"},
		{"checksums in a sub-folder, entries from the release's top", map[string]string{
			"rel/iso/file.iso":         "abc",
			"rel/checksums/SHA256SUMS": sha256Hex("abc") + "  iso/file.iso\n",
		}, []string{"rel"}, "published-match"},
		{"nested release, one file damaged", map[string]string{
			"rel/a/x.bin":    "x",
			"rel/a/b/y.bin":  "damaged",
			"rel/a/b/c/z":    "z",
			"rel/SHA256SUMS": sha256Hex("x") + "  a/x.bin\n" + sha256Hex("y") + "  a/b/y.bin\n" + sha256Hex("z") + "  a/b/c/z\n",
		}, []string{"rel"}, "published-mismatch"},
		{"two checksum files that disagree", map[string]string{
			"dl/ubuntu.iso": "abc",
			"dl/SHA512SUMS": sha512Hex("abc") + "  ubuntu.iso\n",
			"dl/SHA256SUMS": sha256Hex("abd") + "  ubuntu.iso\n",
		}, []string{"dl/ubuntu.iso"}, "published-conflict"},
		{"two checksum files that disagree, the folder given", map[string]string{
			"dl/ubuntu.iso": "abc",
			"dl/SHA512SUMS": sha512Hex("abc") + "  ubuntu.iso\n",
			"dl/SHA256SUMS": sha256Hex("abd") + "  ubuntu.iso\n",
		}, []string{"dl"}, "published-conflict"},
		{"entries missing beside the one downloaded", map[string]string{
			"dl/a.iso":      "abc",
			"dl/SHA256SUMS": sha256Hex("abc") + "  a.iso\n" + sha256Hex("b") + "  b.iso\n" + sha256Hex("c") + "  c.iso\n",
		}, []string{"dl"}, "published-match"},
		{"a damaged ISO and a checksum file from another folder", map[string]string{
			"Downloads/debian.iso": "abd",
			"Desktop/SHA256SUMS":   sha256Hex("abc") + "  debian.iso\n",
		}, []string{"Downloads/debian.iso", "Desktop/SHA256SUMS"}, "published-mismatch"},
		{"nothing published", map[string]string{"dl/a.bin": "a"}, []string{"dl"}, "no-verdict"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, data := range tc.files {
				writeFile(t, filepath.Join(root, filepath.FromSlash(name)), data)
			}
			var paths []string
			for _, g := range tc.given {
				paths = append(paths, filepath.Join(root, filepath.FromSlash(g)))
			}

			h := newHarness(t)
			h.w.Add(paths)
			h.waitFor("every file checked", func() bool { return h.allFinished() && h.w.Idle() && len(h.queue) == 0 })
			h.settle()
			win := h.w.report.Headline

			var out, errs bytes.Buffer
			code := cli.Main(append([]string{"verify", "--json"}, paths...), nil, &out, &errs)
			var got struct {
				Reason string `json:"reason"`
				Colour string `json:"colour"`
				Exit   int    `json:"exit"`
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("verify --json: %v\n%s%s", err, out.String(), errs.String())
			}
			if got.Reason != tc.want || win.Reason.String() != tc.want {
				t.Errorf("reasons: window %s, verify %s; want %s\nverify: %s", win.Reason, got.Reason, tc.want, out.String())
			}
			if got.Colour != win.Colour().String() || got.Exit != win.Exit() || code != got.Exit {
				t.Errorf("window %s, exit %d; verify %s, exit %d (process %d)", win.Colour(), win.Exit(), got.Colour, got.Exit, code)
			}
		})
	}
}
