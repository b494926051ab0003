package cli

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync/atomic"
	"syscall"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["sum"] = command{"print the digests of files", (*cli).sum}
}

// sumAhead is how many files `hashdrop sum` queues beyond the one it prints
// next: enough to keep every reader busy, few enough that memory does not
// grow with the number of files.
const sumAhead = 256

func (c *cli) sum(args []string) (code int) {
	fs := c.flags("sum", "[-a ALGOS] [--tag] [-j N] [-o OUT [--force]] FILE...|-")
	algoList := fs.String("a", "sha256", "algorithms: comma list of names, or all")
	tag := fs.Bool("tag", false, "BSD-style lines \"TAG (NAME) = HEX\" even for one algorithm")
	jobs := fs.Int("j", 0, "at most N files read at once (0: automatic, suits one disk)")
	out := fs.String("o", "", "write the lines to OUT instead of standard output, names relative to OUT's folder")
	force := fs.Bool("force", false, "with -o: replace OUT if it exists")
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
	if countStdin(files) > 1 {
		fmt.Fprintln(c.stderr, "hashdrop sum: standard input (-) can be named only once")
		return ExitUsage
	}
	if *jobs < 0 {
		fmt.Fprintln(c.stderr, "hashdrop sum: -j must be 0 or more")
		return ExitUsage
	}
	if *force && *out == "" {
		fmt.Fprintln(c.stderr, "hashdrop sum: --force goes with -o OUT")
		return ExitUsage
	}
	bsd := checksum.BSDLines(algs, *tag)

	// The lines go to stdout, or to OUT's temporary file, renamed into place
	// at the end; names are then written relative to OUT's folder.
	var dst io.Writer = c.stdout
	var outFile *app.AtomicFile
	var interrupted <-chan os.Signal
	dir := ""
	if *out != "" {
		// Ctrl+C (or a kill) must not leave OUT's temporary file behind:
		// caught before the file exists, it stops the reading and removes
		// the file, and the exit code says which signal, as a shell does.
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(sigs)
		interrupted = sigs
		f, err := c.createOut(*out, *force, files)
		if err != nil {
			c.errorf("hashdrop: %v", err)
			return ExitFail
		}
		defer f.Abort() // unless committed
		outFile, dst, dir = f, f, filepath.Dir(f.Target())
	}
	w := bufio.NewWriter(dst)
	terminal := outFile == nil && isTerminal(c.stdout)

	// Files are handed out a few hundred ahead of the one printed, in
	// groups (app.Batch: a small file is opened, read and hashed by the
	// worker that took it, a large one goes to the queue); results are
	// printed in the order given, each as soon as it and the ones before it
	// are done.
	q := app.NewQueue(app.Options{Readers: *jobs, Open: sumOpen})
	defer q.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var caught atomic.Value // the signal that interrupted
	if interrupted != nil {
		go func() {
			select {
			case sig := <-interrupted:
				caught.Store(sig)
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	stop := func() int {
		sig := caught.Load().(os.Signal)
		q.Close()
		outFile.Abort()
		c.errorf("hashdrop: interrupted: %s not written", *out)
		return signalCode(sig)
	}
	b := q.NewBatch(ctx, nil)
	defer b.Close()
	queued := make([]pending, len(files))
	added := 0
	for i := range files {
		for ; added < len(files) && added <= i+sumAhead; added++ {
			if name := files[added]; name == "-" {
				queued[added].job = q.AddReader(name, c.stdin, algs, nil)
			} else {
				queued[added].ticket = b.Add(name, nil, algs)
			}
		}
		res := queued[i].wait(ctx)
		queued[i] = pending{}
		if caught.Load() != nil {
			return stop()
		}
		if res.Err != nil {
			w.Flush() // keep stdout and stderr in order on a terminal
			c.errorf("hashdrop: %v", res.Err)
			code = ExitFail
			continue
		}
		name := res.Path
		if dir != "" {
			if name, err = checksum.RelativeName(dir, res.Path); err != nil {
				w.Flush()
				c.errorf("hashdrop: %v", err)
				code = ExitFail
				continue
			}
		}
		for _, d := range res.Digests {
			a, h := d.Algorithm, hex.EncodeToString(d.Sum)
			line := checksum.GNULine(h, name)
			if bsd {
				line = checksum.BSDLine(a.Tag, h, name)
			}
			if terminal && app.HasHidden(name) {
				line = shownLine(bsd, a.Tag, h, name)
			}
			w.WriteString(line)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			if outFile != nil {
				c.errorf("hashdrop: %v", err)
			}
			return ExitFail // a failed stdout is reported by Main
		}
	}
	b.Close()
	q.Close()                 // nothing more is read: OUT may now replace a file
	cancel()                  // the signal's watch ends; one caught before is seen below
	if caught.Load() != nil { // during the last file's lines
		return stop()
	}
	if outFile != nil {
		if err := outFile.Commit(); err != nil {
			c.errorf("hashdrop: %v", err)
			return ExitFail
		}
	}
	return code
}

// pending is a file of `hashdrop sum` on its way: a ticket of the batch,
// or standard input's job.
type pending struct {
	ticket *app.Ticket
	job    *app.Job
}

func (p pending) wait(ctx context.Context) app.Result {
	if p.ticket != nil {
		return p.ticket.Wait()
	}
	select {
	case <-p.job.Done():
	case <-ctx.Done():
		p.job.Cancel()
	}
	return p.job.Wait()
}

// shownLine is sum's line on a terminal for a name with control, invisible
// or bidirectional characters: marked escaped as coreutils marks it (a
// leading backslash, the name's backslashes doubled), those characters
// written as escapes, so that it draws nothing and hides nothing. Only a
// terminal sees it: a file or pipe gets checksum.GNULine's, with the
// name's own characters, which coreutils reads back.
func shownLine(bsd bool, tag, hex, name string) string {
	shown := quoteName(filepath.ToSlash(name))[1:]
	if bsd {
		return `\` + tag + " (" + shown + ") = " + hex
	}
	return `\` + hex + "  " + shown
}

// signalCode is the exit code of a command stopped by sig: 128 and its
// number, as a shell reports a command killed by it (130 for Ctrl+C).
func signalCode(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 128 + int(syscall.SIGINT)
}

// createOut starts writing OUT for `sum -o`: it refuses an existing OUT
// unless force is set, and always refuses OUT when it is one of the files
// to be read.
func (c *cli) createOut(out string, force bool, inputs []string) (*app.AtomicFile, error) {
	if target, err := app.FollowLinks(out); err == nil {
		if ost, err := os.Stat(target); err == nil {
			for _, in := range inputs {
				if in == "-" {
					continue
				}
				if ist, err := os.Stat(in); err == nil && os.SameFile(ist, ost) {
					return nil, &app.WriteError{Name: out, Kind: app.CauseIsInput, Input: in}
				}
			}
		}
	}
	f, err := app.CreateAtomic(out, force)
	if err != nil && !force && errors.Is(err, app.ErrExists) {
		return nil, fmt.Errorf("%w (--force replaces it)", err)
	}
	return f, err
}

func countStdin(names []string) int {
	n := 0
	for _, name := range names {
		if name == "-" {
			n++
		}
	}
	return n
}

// sumOpen opens the files of `hashdrop sum`; nil means os.Open. Tests replace
// it to simulate unreadable files when running as root.
var sumOpen func(name string) (app.File, error)
