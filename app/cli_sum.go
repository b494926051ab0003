package app

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["sum"] = command{"print the digests of files", (*cli).sum}
}

func (c *cli) sum(args []string) int {
	fs := c.flags("sum", "[-a ALGOS] [--tag] [-j N] [-o OUT] FILE...|-")
	algoList := fs.String("a", "sha256", "algorithms: comma list of names, or all")
	tag := fs.Bool("tag", false, "BSD-style lines \"TAG (NAME) = HEX\" even for one algorithm")
	jobs := fs.Int("j", 0, "at most N files read at once (0: automatic, suits one disk)")
	out := fs.String("o", "", "write the lines to OUT instead of standard output")
	files, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	algs, err := hashing.ParseList(*algoList)
	if err != nil {
		fmt.Fprintf(c.stderr, "hashdrop sum: %v\n", err)
		return ExitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(c.stderr, "hashdrop sum: no file given (use - for standard input)")
		return ExitUsage
	}
	if *jobs < 0 {
		fmt.Fprintln(c.stderr, "hashdrop sum: -j must be 0 or more")
		return ExitUsage
	}
	bsd := *tag || len(algs) > 1

	// Every file is queued at once; results are printed in the order given,
	// each as soon as it and the ones before it are done.
	q := NewQueue(Options{Readers: *jobs, Open: sumOpen})
	defer q.Close()
	queued := make([]*Job, len(files))
	for i, name := range files {
		if name == "-" {
			queued[i] = q.AddReader(name, c.stdin, algs)
		} else {
			queued[i] = q.Add(name, algs)
		}
	}

	var buf bytes.Buffer
	w := bufio.NewWriter(c.stdout)
	if *out != "" {
		w = bufio.NewWriter(&buf)
	}
	code := ExitOK
	for _, j := range queued {
		res := j.Wait()
		if res.Err != nil {
			w.Flush() // keep stdout and stderr in order on a terminal
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", res.Err)
			code = ExitFail
			continue
		}
		for _, d := range res.Digests {
			a, h := d.Algorithm, hex.EncodeToString(d.Sum)
			if bsd {
				fmt.Fprintln(w, BSDLine(a.Tag, h, res.Path))
			} else {
				fmt.Fprintln(w, GNULine(h, res.Path))
			}
		}
		w.Flush()
	}
	if *out != "" {
		if err := WriteFileAtomic(*out, buf.Bytes(), true); err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			return ExitFail
		}
	}
	return code
}

// sumOpen opens the files of `hashdrop sum`; nil means os.Open. Tests replace
// it to simulate unreadable files when running as root.
var sumOpen func(name string) (File, error)
