package app

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["sum"] = command{"print the digests of files", (*cli).sum}
}

func (c *cli) sum(args []string) int {
	fs := c.flags("sum", "[-a ALGOS] [--tag] [-j N] [-o OUT] FILE...|-")
	algoList := fs.String("a", "sha256", "algorithms: comma list of names, or all")
	tag := fs.Bool("tag", false, "BSD-style lines \"TAG (NAME) = HEX\" even for one algorithm")
	jobs := fs.Int("j", 0, "files hashed at once (0: automatic)")
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

	var buf bytes.Buffer
	w := io.Writer(c.stdout)
	if *out != "" {
		w = &buf
	}
	code := ExitOK
	for _, name := range files {
		res := HashFile(context.Background(), name, algs, c.stdin)
		if res.Err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", res.Err)
			code = ExitFail
			continue
		}
		for _, d := range res.Digests {
			a, h := d.Algorithm, hex.EncodeToString(d.Sum)
			if bsd {
				fmt.Fprintln(w, BSDLine(a.Tag, h, name))
			} else {
				fmt.Fprintln(w, GNULine(h, name))
			}
		}
	}
	if *out != "" {
		if err := WriteFileAtomic(*out, buf.Bytes(), true); err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			return ExitFail
		}
	}
	return code
}
