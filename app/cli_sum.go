package app

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"

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
		sums, err := c.hashOne(name, algs)
		if err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			code = ExitFail
			continue
		}
		for i, a := range algs {
			h := hex.EncodeToString(sums[i])
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

// hashOne hashes one file (or standard input for "-") with every algorithm.
func (c *cli) hashOne(name string, algs []*hashing.Algorithm) ([][]byte, error) {
	var r io.Reader = c.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fileError(name, err)
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return nil, &FileError{Name: name, Cause: "is a folder"}
		}
		r = f
	}
	hs := make([]io.Writer, len(algs))
	for i, a := range algs {
		hs[i] = a.New()
	}
	if _, err := io.CopyBuffer(io.MultiWriter(hs...), r, make([]byte, 1<<20)); err != nil {
		return nil, fileError(name, err)
	}
	sums := make([][]byte, len(algs))
	for i, h := range hs {
		sums[i] = h.(interface{ Sum([]byte) []byte }).Sum(nil)
	}
	return sums, nil
}
