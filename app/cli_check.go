package app

import (
	"context"
	"fmt"
	"io"
	"strings"
)

func init() {
	commands["check"] = command{"verify the files listed in checksum files", (*cli).check}
}

// maxWarnings bounds the malformed-line warnings printed per checksum file.
const maxWarnings = 20

// check implements "hashdrop check [--quiet] [--allow-outside] SUMFILE...":
// "NAME: STATUS" per entry on stdout, warnings and a summary on stderr; exit
// 0 when every entry is OK, 1 when any is not, 2 when a SUMFILE cannot be
// read or holds no valid line. SUMFILE "-" is standard input.
func (c *cli) check(args []string) int {
	fs := c.flags("check", "[--quiet] [--allow-outside] SUMFILE...")
	quiet := fs.Bool("quiet", false, "do not print a line for each file that is OK")
	outside := fs.Bool("allow-outside", false, "also check files outside the checksum file's folder (absolute paths, ..)")
	files, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(c.stderr, "hashdrop check: no checksum file given")
		return ExitUsage
	}
	var total [len(statusNames)]int
	unusable, checked := false, 0
	for _, name := range files {
		sf, err := c.readSums(name)
		if err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			unusable = true
			continue
		}
		c.warnProblems(sf)
		if err := sf.Usable(); err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			unusable = true
			continue
		}
		if sf.Signed {
			fmt.Fprintf(c.stderr, "hashdrop: %s: %s\n", name, SignatureNote)
		}
		rep, err := sf.Check(context.Background(), CheckOptions{
			AllowOutside: *outside,
			OnEntry: func(r EntryResult, _, _ int) {
				if r.Status != StatusOK || !*quiet {
					fmt.Fprintf(c.stdout, "%s: %s\n", quoteName(r.Path), r.Status)
				}
				if r.Status != StatusOK && r.Status != StatusFailed {
					fmt.Fprintf(c.stderr, "hashdrop: %s:%d: %s: %s\n", name, r.Entry.Line, quoteName(r.Path), r.Reason)
				}
			},
		})
		if err != nil {
			fmt.Fprintf(c.stderr, "hashdrop: %v\n", err)
			unusable = true
		}
		for s, n := range rep.Counts {
			total[s] += n
		}
		checked++
	}
	if checked > 0 {
		fmt.Fprintln(c.stderr, summarize(total))
	}
	switch {
	case unusable:
		return ExitUsage
	case total[StatusOK] == sumCounts(total[:]):
		return ExitOK
	}
	return ExitFail
}

// readSums reads a checksum file, or standard input for "-" (names are then
// relative to the current folder).
func (c *cli) readSums(name string) (*SumsFile, error) {
	if name != "-" {
		return ReadSumsFile(name)
	}
	data, err := io.ReadAll(io.LimitReader(c.stdin, MaxSumsFileSize+1))
	if err != nil {
		return nil, &SumsError{Path: "standard input", Reason: cause(err), Err: err}
	}
	return ParseSums("-", data)
}

// warnProblems prints the lines of sf that were not understood, with their
// line numbers, so that none is dropped silently.
func (c *cli) warnProblems(sf *SumsFile) {
	for i, p := range sf.Problems {
		if i == maxWarnings {
			fmt.Fprintf(c.stderr, "hashdrop: %s: %d more lines not understood\n", sf.Path, len(sf.Problems)-i)
			break
		}
		fmt.Fprintf(c.stderr, "hashdrop: %s:%d: %s\n", sf.Path, p.Line, p.Reason)
	}
	if n := len(sf.Problems); n > 0 {
		what := fmt.Sprintf("%d lines were", n)
		if n == 1 {
			what = "1 line was"
		}
		fmt.Fprintf(c.stderr, "hashdrop: WARNING: %s: %s not understood, so not checked\n", sf.Path, what)
	}
}

// quoteName prints a name like coreutils does: a name holding a newline or
// carriage return is escaped and starts with a backslash, so that every
// status stays on one line.
func quoteName(name string) string {
	if !strings.ContainsAny(name, "\n\r") {
		return name
	}
	return `\` + nameEscaper.Replace(name)
}

func sumCounts(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}
