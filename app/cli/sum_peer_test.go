package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// peerSizes are around the block and padding boundaries of every algorithm
// (55/56 and 111/112: where MD padding spills into another block), plus a
// file of more than one pipeline chunk whose size is not a multiple of it.
var peerSizes = []int{0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 1048583}

// A peer is an independent tool and how it names our algorithms.
type peer struct {
	tool  string
	args  func(name string) []string // command line for algorithm name, before the files
	names map[string]string          // our id -> the tool's name
	parse func(line string) string   // the hex digest in one output line
}

var peers = []peer{
	{
		tool: "openssl",
		args: func(name string) []string {
			if name == "ripemd160" || name == "whirlpool" { // in the legacy provider on OpenSSL 3
				return []string{"dgst", "-provider", "legacy", "-provider", "default", "-r", "-" + name}
			}
			return []string{"dgst", "-r", "-" + name}
		},
		names: map[string]string{"md5": "md5", "sha1": "sha1", "sha224": "sha224", "sha256": "sha256",
			"sha384": "sha384", "sha512": "sha512", "sha3-224": "sha3-224", "sha3-256": "sha3-256",
			"sha3-384": "sha3-384", "sha3-512": "sha3-512", "ripemd160": "ripemd160", "whirlpool": "whirlpool"},
		parse: func(line string) string { return strings.Fields(line)[0] }, // "HEX *NAME"
	},
	{
		tool: "rhash",
		args: func(name string) []string { return []string{"--printf", "%x{" + name + "}\n"} },
		names: map[string]string{"crc32": "crc32", "md5": "md5", "sha1": "sha1", "sha224": "sha-224",
			"sha256": "sha-256", "sha384": "sha-384", "sha512": "sha-512", "sha3-224": "sha3-224",
			"sha3-256": "sha3-256", "sha3-384": "sha3-384", "sha3-512": "sha3-512",
			"ripemd160": "ripemd160", "whirlpool": "whirlpool"},
		parse: strings.TrimSpace,
	},
}

// TestSumAgreesWithIndependentTools checks `hashdrop sum -a ALGO` against
// OpenSSL and RHash (installed by `make test`) for every algorithm they know.
// RIPEMD-128/256/320 have no such peer; their package tests use the authors'
// vectors.
func TestSumAgreesWithIndependentTools(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i, size := range peerSizes {
		p := filepath.Join(dir, fmt.Sprintf("%d.bin", size))
		if err := os.WriteFile(p, apptest.RandomBytes(size, uint64(1000+i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, pr := range peers {
		t.Run(pr.tool, func(t *testing.T) {
			if _, err := exec.LookPath(pr.tool); err != nil {
				t.Skipf("%s is not installed (make test installs it)", pr.tool)
			}
			for id, name := range pr.names {
				out, errs, code := run(nil, append([]string{"sum", "-a", id}, paths...)...)
				if code != ExitOK {
					t.Fatalf("sum -a %s: exit %d: %s", id, code, errs)
				}
				ours := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				theirs, err := exec.Command(pr.tool, append(pr.args(name), paths...)...).CombinedOutput()
				if err != nil {
					t.Fatalf("%s %s: %v\n%s", pr.tool, name, err, theirs)
				}
				lines := strings.Split(strings.TrimSuffix(string(theirs), "\n"), "\n")
				if len(lines) != len(paths) || len(ours) != len(paths) {
					t.Fatalf("%s: %d lines from %s, %d from sum, want %d:\n%s", id, len(lines), pr.tool, len(ours), len(paths), theirs)
				}
				for i, p := range paths {
					want := pr.parse(lines[i]) + "  " + filepath.ToSlash(p)
					if ours[i] != want {
						t.Errorf("%s of %d bytes: sum says %q, %s says %q", id, peerSizes[i], ours[i], pr.tool, want)
					}
				}
			}
		})
	}
}

// What `hashdrop sum -a ALGO` writes, the tool that publishes ALGO's
// checksum files reads back with its --check: b2sum, b3sum and xxhsum
// (Debian's b3sum and xxhash, installed by `make test`).
func TestSumWritesWhatTheToolsCheck(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i, size := range peerSizes {
		p := filepath.Join(dir, fmt.Sprintf("%d.bin", size))
		if err := os.WriteFile(p, apptest.RandomBytes(size, uint64(2000+i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, tc := range []struct {
		id   string
		tool []string // the check command, before the checksum file
	}{
		{"blake2b", []string{"b2sum", "--check"}},
		{"blake2b-256", []string{"b2sum", "--length", "256", "--check"}},
		{"blake3", []string{"b3sum", "--check"}},
		{"xxh32", []string{"xxhsum", "--check"}},
		{"xxh64", []string{"xxhsum", "--check"}},
		{"xxh3", []string{"xxhsum", "--check"}},
		{"xxh128", []string{"xxhsum", "--check"}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			if _, err := exec.LookPath(tc.tool[0]); err != nil {
				t.Skipf("%s is not installed (make test installs it)", tc.tool[0])
			}
			sums := filepath.Join(dir, tc.id+".sums")
			if _, errs, code := run(nil, append([]string{"sum", "-a", tc.id, "-o", sums, "--force"}, paths...)...); code != ExitOK {
				t.Fatalf("sum -a %s: exit %d: %s", tc.id, code, errs)
			}
			cmd := exec.Command(tc.tool[0], append(tc.tool[1:], sums)...)
			cmd.Dir = dir // -o writes names relative to the checksum file's folder
			out, err := cmd.CombinedOutput()
			if err != nil || strings.Count(string(out), ": OK") != len(paths) {
				data, _ := os.ReadFile(sums)
				t.Errorf("%s --check of sum -a %s: %v\n%s\n%s", tc.tool[0], tc.id, err, out, data)
			}
		})
	}
}
