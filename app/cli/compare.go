package cli

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/compare"
	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["compare"] = command{"say whether files are the same", (*cli).compare}
}

// compare is `hashdrop compare FILE FILE...`: one line a file, "GROUP  HEX
// NAME", the files of one group the same, then what that means on stderr.
// Sizes are compared first, and sizes that differ are said at once; the
// files are still hashed, so that every line has its digest and, of three
// or more, the groups say which are copies of which.
func (c *cli) compare(args []string) int {
	fs := c.flags("compare", "[-a ALGOS] [-j N] FILE FILE...")
	algoList := fs.String("a", "sha256", "algorithms: comma list of names, or all; the strongest decides")
	jobs := fs.Int("j", 0, "at most N files read at once (0: automatic, suits one disk)")
	names, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	algs, err := hashing.ParseList(*algoList)
	switch {
	case err != nil:
		fmt.Fprintf(c.stderr, "hashdrop compare: %v\n", err)
		return ExitUsage
	case len(names) < 2:
		fmt.Fprintln(c.stderr, "hashdrop compare: give two files or more to compare (use - for standard input)")
		return ExitUsage
	case countStdin(names) > 1:
		fmt.Fprintln(c.stderr, "hashdrop compare: standard input (-) can be named only once")
		return ExitUsage
	case *jobs < 0:
		fmt.Fprintln(c.stderr, "hashdrop compare: -j must be 0 or more")
		return ExitUsage
	}

	files := make([]compare.File, len(names))
	sizes := make([]int64, len(names))
	for i, name := range names {
		sizes[i] = -1
		if st, err := os.Stat(name); name != "-" && err == nil && st.Mode().IsRegular() {
			sizes[i] = st.Size()
		}
		files[i].Size = sizes[i]
	}
	if r := compare.Compare(files); r.SizesDiffer {
		c.errorf("hashdrop compare: %s", compare.SizesWords(sizes, names))
	}

	q := app.NewQueue(app.Options{Readers: *jobs, Open: sumOpen})
	defer q.Close()
	queued := make([]*app.Job, len(names))
	for i, name := range names {
		if name == "-" {
			queued[i] = q.AddReader(name, c.stdin, algs, nil)
		} else {
			queued[i] = q.Add(name, algs, nil)
		}
	}
	code := ExitOK
	for i, j := range queued {
		res := j.Wait()
		files[i].Done = true
		if res.Err != nil {
			c.errorf("hashdrop: %v", res.Err)
			files[i].Failed = true
			code = ExitUsage
			continue
		}
		files[i].Digests = res.Digests
	}
	q.Close()

	r := compare.Compare(files)
	w := bufio.NewWriter(c.stdout)
	terminal := isTerminal(c.stdout)
	for i, f := range files {
		if f.Failed {
			continue
		}
		group := "-"
		if g := r.GroupOf(i); g >= 0 {
			group = strconv.Itoa(g + 1)
		}
		digest := f.Digests[0]
		for _, d := range f.Digests {
			if d.Algorithm == r.Algorithm {
				digest = d
			}
		}
		name := names[i]
		if terminal {
			name = quoteName(name)
		}
		fmt.Fprintf(w, "%s  %s  %s\n", group, hex.EncodeToString(digest.Sum), name)
	}
	if w.Flush() != nil {
		return ExitFail // reported by Main
	}
	c.errorf("hashdrop compare: %s", compare.Summary(r, names))
	switch {
	case code != ExitOK || r.Outcome == compare.TooFew:
		return ExitUsage
	case r.Outcome == compare.Identical:
		return ExitOK
	}
	return ExitFail
}
