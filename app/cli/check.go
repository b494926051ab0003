package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
)

func init() {
	commands["check"] = command{"verify the files listed in checksum files", (*cli).check}
}

// checkMemoryLimit is the soft memory limit of hashdrop check: above the
// largest checksum file accepted (64 MiB of text and its index), below the
// 200 MB the command should need whatever the file.
const checkMemoryLimit = 150 << 20

// maxWarnings bounds the malformed-line warnings printed per checksum file.
const maxWarnings = 20

// check implements "hashdrop check [--quiet] [--ignore-missing]
// [--require-all] [--strict] [--allow-outside] [--require-signature]
// [--keyring FILE] SUMFILE...": first "SIGFILE: VERDICT" per signature over
// the checksum file (its own, then SHA256SUMS.gpg and the like beside it),
// then "NAME: STATUS" per entry on stdout; warnings and a summary on
// stderr. Exit 0 when every entry of every SUMFILE is OK or MISSING, at
// least one OK in each (an ISO beside a SHA256SUMS that lists others too;
// --require-all: every entry OK) and, with --require-signature, a trusted
// key signed every checksum file; 1 when not, or when a signature is BAD
// (--strict: or a line was not understood, or an entry was not checked:
// MISSING too, unless --ignore-missing, as in coreutils); 2 when a SUMFILE or a
// --keyring FILE cannot be read or a SUMFILE holds no valid line. SUMFILE
// "-" is standard input.
func (c *cli) check(args []string) int {
	fs := c.flags("check", "[--quiet] [--ignore-missing | --require-all] [--strict] [--allow-outside] [--require-signature] [--keyring FILE] SUMFILE...")
	quiet := fs.Bool("quiet", false, "do not print a line for each file that is OK")
	ignoreMissing := fs.Bool("ignore-missing", false, "do not print a line for each file that is missing")
	requireAll := fs.Bool("require-all", false, "exit 1 when a file listed is missing (by default the files present are checked, and at least one must be)")
	strict := fs.Bool("strict", false, "exit 1 when a line of a checksum file is not understood or a file it lists is not checked (missing too, unless --ignore-missing)")
	outside := fs.Bool("allow-outside", false, "also check files outside the checksum file's folder (absolute paths, ..)")
	requireSig := fs.Bool("require-signature", false, "exit 1 unless a trusted key signed every checksum file")
	var keyrings []string
	fs.Func("keyring", "also trust the public keys in `FILE` (OpenPGP, minisign or signify; may be repeated)", func(v string) error {
		keyrings = append(keyrings, v)
		return nil
	})
	files, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(c.stderr, "hashdrop check: no checksum file given")
		return ExitUsage
	}
	// --strict: every line checked, as coreutils' --strict with its
	// default of a missing file being an error.
	*requireAll = *requireAll || *strict && !*ignoreMissing
	if *ignoreMissing && *requireAll {
		fmt.Fprintln(c.stderr, "hashdrop check: --ignore-missing and --require-all cannot be given together")
		return ExitUsage
	}
	if countStdin(files) > 1 {
		fmt.Fprintln(c.stderr, "hashdrop check: standard input (-) can be named only once")
		return ExitUsage
	}
	ring, ok := c.keyring(keyrings)
	if !ok {
		return ExitUsage
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A checksum file of millions of lines is held as its text and
		// 12 bytes a line; collect garbage sooner rather than let the heap
		// double past that.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(checkMemoryLimit))
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var total [checksum.NumStatus]int
	unusable, malformed, unverified, unsigned, badSig, checked := false, false, false, false, false, 0
	for _, name := range files {
		sf, err := c.readSums(name, ring)
		if err != nil {
			c.errorf("hashdrop: %v", err)
			unusable = true
			continue
		}
		c.warnProblems(sf)
		malformed = malformed || sf.ProblemCount > 0
		if err := sf.Usable(); err != nil {
			c.errorf("hashdrop: %v", err)
			unusable = true
			continue
		}
		if !c.printSignatures(sf, *quiet) {
			unsigned = true
		}
		badSig = badSig || sf.Authenticity != nil && sf.Authenticity.Verdict.Kind == signature.Bad
		rep, err := sf.Check(ctx, checksum.CheckOptions{
			AllowOutside: *outside,
			OnEntry: func(r checksum.EntryResult, _, _ int) {
				if r.Status == checksum.StatusMissing && *ignoreMissing {
					return
				}
				if r.Status != checksum.StatusOK || !*quiet {
					fmt.Fprintf(c.stdout, "%s: %s\n", quoteName(r.Path), r.Status)
				}
				if r.Status != checksum.StatusOK && r.Status != checksum.StatusFailed {
					c.errorf("hashdrop: %s:%d: %s: %s", filepath.FromSlash(name), r.Entry.Line, r.Path, checksum.EntryWords(&r))
				}
				if w := checksum.MatchWords(&r); w != "" && !*quiet {
					c.errorf("hashdrop: %s:%d: %s: %s", filepath.FromSlash(name), r.Entry.Line, r.Path, w)
				}
				if c.failed() {
					stop() // stdout is gone: the rest would be lost too
				}
			},
		})
		if c.failed() {
			return ExitFail
		}
		if err != nil {
			c.errorf("hashdrop: %v", err)
			unusable = true
		}
		switch missing := rep.Files[checksum.StatusMissing]; {
		case err != nil:
		case rep.Counts[checksum.StatusOK]+rep.Counts[checksum.StatusFailed] == 0:
			c.errorf("hashdrop: %s: no file was verified", filepath.FromSlash(name))
			unverified = true
		case missing > 0 && !*requireAll && !*ignoreMissing:
			what := fmt.Sprintf("%d files it lists are", missing)
			if missing == 1 {
				what = "1 file it lists is"
			}
			c.errorf("hashdrop: %s: %s not here (not an error; --require-all requires every file listed)", filepath.FromSlash(name), what)
		}
		for s, n := range rep.Counts {
			total[s] += n
		}
		checked++
	}
	if checked > 0 {
		fmt.Fprintln(c.stderr, checksum.SummaryWords(total))
	}
	bad := sumCounts(total[:]) - total[checksum.StatusOK]
	if !*requireAll {
		bad -= total[checksum.StatusMissing]
	}
	switch {
	case unusable:
		return ExitUsage
	case bad > 0 || unverified || badSig || *strict && malformed || *requireSig && unsigned:
		return ExitFail
	}
	return ExitOK
}

// readSums reads a checksum file and checks its signatures against ring,
// or standard input for "-" (names are then relative to the current folder,
// and only a signature inside the text can be checked).
func (c *cli) readSums(name string, ring *signature.Keyring) (*checksum.File, error) {
	if name != "-" {
		return checksum.ReadSignedForCheck(name, ring) // planned as it is read
	}
	data, err := io.ReadAll(io.LimitReader(c.stdin, checksum.MaxFileSize+1))
	if err != nil {
		return nil, checksum.ReadErrorOf("standard input", err)
	}
	return checksum.ParseSignedForCheck("-", data, ring)
}

// keyring is the shipped keys, the user's and those of --keyring files;
// false after a --keyring file could not be read.
func (c *cli) keyring(files []string) (*signature.Keyring, bool) {
	ring, errs := checksum.TrustedKeysLater() // the shipped keys parsed when a signature is checked
	for _, err := range errs {
		c.errorf("hashdrop: warning: a key of yours cannot be read: %v", err)
	}
	for _, f := range files {
		if _, err := checksum.AddKeyFile(ring, f); err != nil {
			c.errorf("hashdrop check: --keyring: %v", err)
			return nil, false
		}
	}
	return ring, true
}

// printSignatures prints one line per signature over sf ("SHA256SUMS.gpg:
// GENUINE: signed by ...", quiet: only those that are not genuine), or a
// note on stderr when nothing signs it. It reports whether a trusted key
// signed sf.
func (c *cli) printSignatures(sf *checksum.File, quiet bool) bool {
	a := sf.Authenticity
	if a == nil || len(a.Results) == 0 {
		c.errorf("hashdrop: %s: %s", filepath.FromSlash(sf.Path), noSignatureNote)
		return false
	}
	for _, r := range a.Results {
		if quiet && r.Kind.Trusted() {
			continue
		}
		fmt.Fprintf(c.stdout, "%s: %s\n", quoteName(filepath.FromSlash(r.Source)), escapeControls(signatureLine(r, "the checksum file")))
	}
	if a.Verdict.Kind == signature.Bad {
		c.errorf("hashdrop: WARNING: %s: a BAD signature: whatever its files' digests say, do not trust them", filepath.FromSlash(sf.Path))
	}
	return a.Trusted()
}

// warnProblems prints the lines of sf that were not understood, with their
// line numbers, so that none is dropped silently.
func (c *cli) warnProblems(sf *checksum.File) {
	for i, p := range sf.Problems {
		if i == maxWarnings {
			c.errorf("hashdrop: %s: %d more lines not understood", filepath.FromSlash(sf.Path), sf.ProblemCount-i)
			break
		}
		c.errorf("hashdrop: %s:%d: %s", filepath.FromSlash(sf.Path), p.Line, checksum.LineWords(p))
	}
	if n := sf.ProblemCount; n > 0 {
		what := fmt.Sprintf("%d lines were", n)
		if n == 1 {
			what = "1 line was"
		}
		c.errorf("hashdrop: WARNING: %s: %s not understood, so not checked", filepath.FromSlash(sf.Path), what)
	}
}

func sumCounts(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}
