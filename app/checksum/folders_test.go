package checksum

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// A check opens each file it reads once and asks what it is once (fstat),
// with nothing looked at before: a release of files in sub-folders, its
// lines untagged (the first few judged before the others are read) or
// tagged (read ahead from the first). They are reported in file order.
func TestCheckOpensAndStatsEachFileOnce(t *testing.T) {
	files := map[string]string{}
	var untagged, tagged []string
	for i := range 300 {
		name := fmt.Sprintf("d%d/f%03d", i%3, i)
		files[name] = name
		untagged = append(untagged, apptest.Hex("sha256", []byte(name))+"  "+name)
		tagged = append(tagged, "SHA256 ("+name+") = "+apptest.Hex("sha256", []byte(name)))
	}
	dir := apptest.Tree(t, files)
	for _, tc := range []struct{ name, sums string }{
		{"checksums.txt", strings.Join(untagged, "\n")},
		{"CHECKSUMS", strings.Join(tagged, "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			calls := map[string]map[string]int{}
			opened = func(path, op string) {
				mu.Lock()
				defer mu.Unlock()
				if calls[path] == nil {
					calls[path] = map[string]int{}
				}
				calls[path][op]++
			}
			defer func() { opened = nil }()
			sf, err := Parse(filepath.Join(dir, tc.name), []byte(tc.sums+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			next := 0 // entries are reported in file order, whatever was read first
			rep, err := sf.Check(context.Background(), CheckOptions{OnEntry: func(r EntryResult, done, _ int) {
				if r.Index != next || done != next+1 {
					t.Errorf("entry %d reported as the %d-th, want entry %d", r.Index, done, next)
				}
				next++
			}})
			if err != nil || !rep.AllOK() || rep.Checked != 300 {
				t.Fatalf("%v, %d checked: %q", err, rep.Checked, statuses(rep)[:3])
			}
			for name := range files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if n := calls[path]; n["open"] != 1 || n["fstat"] != 1 {
					t.Errorf("%s: %d opens, %d fstats; want 1 of each", name, n["open"], n["fstat"])
				}
			}
			if len(calls) != len(files) {
				t.Errorf("%d files opened, %d listed", len(calls), len(files))
			}
		})
	}
}
