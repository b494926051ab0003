package hashing

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
)

// The reference tools of the newer algorithms and how each prints one
// algorithm: b2sum (GNU coreutils), b3sum (the BLAKE3 team's), xxhsum
// (Debian's xxhash; -H0 XXH32, -H1 XXH64, -H3 XXH3-64, -H2 XXH3-128).
var toolCommands = []struct {
	id   string
	args []string
}{
	{"blake2b", []string{"b2sum"}},
	{"blake2b-256", []string{"b2sum", "-l", "256"}},
	{"blake3", []string{"b3sum"}},
	{"xxh32", []string{"xxhsum", "-H0"}},
	{"xxh64", []string{"xxhsum", "-H1"}},
	{"xxh3", []string{"xxhsum", "-H3"}},
	{"xxh128", []string{"xxhsum", "-H2"}},
}

// toolSizes are every length from 0 to 2 KiB and a few MiB around the
// groups, blocks and stripes of the cores.
func toolSizes() []int {
	var sizes []int
	for n := 0; n <= 2048; n++ {
		sizes = append(sizes, n)
	}
	return append(sizes, 1<<20+1, 3<<20-1, 4<<20, 5<<20+4097)
}

// runTool runs a reference tool over files in dir and returns the digest it
// printed for each, from GNU lines ("HEX  NAME") or BSD ones ("TAG (NAME) =
// HEX", which xxhsum -H3 prints).
func runTool(t *testing.T, dir string, args []string, files []string) map[string]string {
	t.Helper()
	cmd := exec.Command(args[0], append(args[1:], files...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", strings.Join(args, " "), err)
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if open, eq := strings.Index(line, " ("), strings.LastIndex(line, ") = "); open > 0 && eq > open {
			sums[line[open+2:eq]] = line[eq+4:]
		} else if hexPart, name, ok := strings.Cut(line, "  "); ok {
			sums[name] = hexPart
		}
	}
	return sums
}

// TestAgainstTools compares every core of the newer algorithms with the
// reference tools on every size from 0 to 2 KiB and a few MiB, and BLAKE3's
// parallel hash too. A tool that is not installed is a visible skip.
func TestAgainstTools(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(17, 18))
	sizes := toolSizes()
	data := make([]byte, sizes[len(sizes)-1])
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	files := make([]string, len(sizes))
	for i, n := range sizes {
		files[i] = fmt.Sprintf("f%07d", n)
		if err := os.WriteFile(filepath.Join(dir, files[i]), data[:n], 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range toolCommands {
		t.Run(tc.id, func(t *testing.T) {
			if _, err := exec.LookPath(tc.args[0]); err != nil {
				t.Skipf("%s is not installed: %v", tc.args[0], err)
			}
			want := runTool(t, dir, tc.args, files)
			a, _ := Lookup(tc.id)
			check := func(t *testing.T, what string, mk func() []byte, n int) {
				if got := hex.EncodeToString(mk()); got != want[files[n]] {
					t.Fatalf("%s, %d bytes: %s, %s printed %q", what, sizes[n], got, tc.args[0], want[files[n]])
				}
			}
			hashtest.TestAllImplementations(t, a.family, func(t *testing.T) {
				for i, n := range sizes {
					check(t, a.ID, func() []byte { h := a.New(); h.Write(data[:n]); return h.Sum(nil) }, i)
					if a.Parallel != nil && n > 2048 {
						check(t, a.ID+" on 2 goroutines", func() []byte { h := a.Parallel(2); h.Write(data[:n]); return h.Sum(nil) }, i)
					}
				}
			})
		})
	}
}
