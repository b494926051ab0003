package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app"
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

// IsCommand reports whether args are for the headless command line rather
// than the window: a subcommand, or a first argument that is neither a
// subcommand nor an existing file (a mistyped "hashdrop frob"), which Main
// then reports as bad usage instead of handing it to a window.
func IsCommand(args []string) bool {
	if len(args) == 0 {
		return false
	}
	_, ok := commands[args[0]]
	return ok || args[0] == "help" || args[0] == "-h" || args[0] == "--help" ||
		args[0] != "-" && !exists(args[0]) && !looksLikePath(args[0])
}

// looksLikePath reports whether arg, which names no command and no file,
// is still meant as a file (a file manager's path to a file deleted since,
// "ubuntu.iso" typed wrong): it has a folder or an extension. The window
// opens and says the file is not there; a word like "frob" is an unknown
// command.
func looksLikePath(arg string) bool {
	if strings.HasPrefix(arg, "-") {
		return false
	}
	return strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, filepath.Separator) || strings.Contains(strings.TrimPrefix(arg, "."), ".")
}

// exists reports whether there is a file (of any kind, a dangling link
// too) at path; an error other than "no such file" counts as one, so that
// the window reports it.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// cli carries the streams of one command-line run.
type cli struct {
	stdin  io.Reader
	stdout io.Writer // an *outputWriter: remembers the first write error
	stderr io.Writer
}

// Main runs the subcommand args[0] and returns the process exit code. A
// failed write to stdout (a full disk, /dev/full) is reported as "write
// error" and the exit code is then at least ExitFail, as with coreutils.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outputWriter{w: stdout}
	c := &cli{stdin: stdin, stdout: out, stderr: stderr}
	code := c.main(args)
	if out.err != nil {
		fmt.Fprintf(stderr, "hashdrop: write error: %s\n", app.ErrorWords(out.err))
		code = max(code, ExitFail)
	}
	return code
}

func (c *cli) main(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		c.usage(c.stdout)
		return ExitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		c.errorf("hashdrop: unknown command %q, and no file of that name", args[0])
		c.usage(c.stderr)
		return ExitUsage
	}
	return cmd.run(c, args[1:])
}

// outputWriter passes writes on until the first one fails, and remembers
// that error: output cut short must not end in exit 0.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return n, err
}

// failed reports whether a write to stdout has failed: the command stops
// early, since the rest would be lost too.
func (c *cli) failed() bool {
	o, ok := c.stdout.(*outputWriter)
	return ok && o.err != nil
}

// CloseStdout closes the process's standard output once Main has returned,
// so that an error reported only on close (a full disk over NFS) is not
// lost either; it returns the exit code to use.
func CloseStdout(code int, stdout io.Closer, stderr io.Writer) int {
	if err := stdout.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		fmt.Fprintf(stderr, "hashdrop: write error: %s\n", app.ErrorWords(err))
		code = max(code, ExitFail)
	}
	return code
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprint(w, `Usage:
  hashdrop                      open the window
  hashdrop FILE...              open the window with FILE... queued
  hashdrop sum [-a ALGOS] [--tag] [-j N] [-o OUT [--force]] FILE...|-
  hashdrop check [--quiet] [--ignore-missing | --require-all] [--strict] [--allow-outside]
                 [--require-signature] [--keyring FILE] SUMFILE...
  hashdrop verify [--json] [--quiet] [--digest DIGEST] [--fetch] [--allow-outside]
                  [--keyring FILE] PATH...
                                one verdict on downloads, folders or checksum files;
                                --fetch downloads a known publisher's signed checksums
                                (the only use of the network)
  hashdrop compare [-a ALGOS] [-j N] FILE FILE...
  hashdrop keys list | import [--yes] FILE... | import --gpg KEYID | remove FINGERPRINT
  hashdrop watch [--json] [--fetch] [--notify] [--keyring FILE] [FOLDER]
  hashdrop bench [-a ALGOS] [--size MiB] [--json]
  hashdrop algos

ALGOS is a comma list of algorithm names or aliases, or "all" (see hashdrop algos).
`)
}

// flags returns a flag set for subcommand name that reports errors on stderr.
func (c *cli) flags(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(visibleLines{c.stderr})
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
