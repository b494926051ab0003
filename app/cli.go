// Package app is Hashdrop's core without any user interface: the hashing
// pipeline, progress, verification and the command-line subcommands.
package app

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit codes of the command line.
const (
	ExitOK    = 0 // everything hashed / verified
	ExitFail  = 1 // a file could not be hashed, or did not verify
	ExitUsage = 2 // bad usage, or an unreadable checksum file
)

// A command is one subcommand of the headless command line.
type command struct {
	summary string
	run     func(c *cli, args []string) int
}

var commands = map[string]command{}

// IsCommand reports whether args ask for a headless subcommand rather than the
// window.
func IsCommand(args []string) bool {
	if len(args) == 0 {
		return false
	}
	_, ok := commands[args[0]]
	return ok || args[0] == "help" || args[0] == "-h" || args[0] == "--help"
}

// cli carries the streams of one command-line run.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Main runs the subcommand args[0] and returns the process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		c.usage(stdout)
		return ExitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "hashdrop: unknown command %q\n", args[0])
		c.usage(stderr)
		return ExitUsage
	}
	return cmd.run(c, args[1:])
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprint(w, `Usage:
  hashdrop                      open the window
  hashdrop FILE...              open the window with FILE... queued
  hashdrop sum [-a ALGOS] [--tag] [-j N] [-o OUT] FILE...|-
  hashdrop check [--quiet] [--allow-outside] SUMFILE...
  hashdrop bench [-a ALGOS] [--size MiB] [--json]
  hashdrop algos

ALGOS is a comma list of algorithm names or aliases, or "all" (see hashdrop algos).
`)
}

// flags returns a flag set for subcommand name that reports errors on stderr.
func (c *cli) flags(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stderr, "Usage: hashdrop %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args allowing flags after the operands ("sum FILE -a md5"), as
// people type them; "--" ends the flags and "-" alone is an operand (standard
// input). It returns the operands, or false after the flag package printed the
// problem.
func (c *cli) parse(fs *flag.FlagSet, args []string) ([]string, bool) {
	var operands []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(operands, rest...), true
		}
		i := 0
		for i < len(rest) && (rest[i] == "-" || !strings.HasPrefix(rest[i], "-")) {
			i++
		}
		operands = append(operands, rest[:i]...)
		args = rest[i:]
	}
	return operands, true
}
