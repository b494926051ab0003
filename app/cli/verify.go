package cli

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["verify"] = command{"the window's verdict on files, folders and checksum files", (*cli).verify}
}

// Exit code of verify when Hashdrop cannot say (amber): nothing was
// published for the files, a file could not be read, only algorithms
// Hashdrop lacks were published.
const ExitCannotSay = 3

// verify implements "hashdrop verify [--json] [--quiet] [--digest DIGEST]
// [--allow-outside] [--keyring FILE] PATH...": the window's verdict on the
// files given (a folder is a release: its checksum files are found and
// used; a checksum file given checks the files it lists; a file alone is
// checked against the checksum files beside it, the CRC32 in its name and
// its own signature; with --fetch, a file nothing beside it publishes for
// also against its publisher's signed checksums, fetched over HTTPS:
// without --fetch, verify never touches the network). One line a file, "NAME: STATUS (why)", then the
// headline. Exit 0 when the headline is green, 1 when red, 3 when Hashdrop
// cannot say, 2 on bad usage.
func (c *cli) verify(args []string) int {
	fs := c.flags("verify", "[--json] [--quiet] [--digest DIGEST] [--fetch] [--allow-outside] [--keyring FILE] PATH...")
	asJSON := fs.Bool("json", false, "print one JSON object: the headline and every file's verdict")
	quiet := fs.Bool("quiet", false, "print only the files that are not OK, and the headline")
	digest := fs.String("digest", "", "compare the files with `DIGEST`, as one pasted in the window (sha256:..., or hex of a known length)")
	fetchSums := fs.Bool("fetch", false, "for a file nothing beside it publishes for, fetch its publisher's signed checksums over HTTPS, when Hashdrop knows the publisher by the file's name (the only use of the network)")
	outside := fs.Bool("allow-outside", false, "also check files outside a checksum file's folder (absolute paths, ..)")
	var keyrings []string
	fs.Func("keyring", "also trust the public keys in `FILE` (OpenPGP, minisign or signify; may be repeated)", func(v string) error {
		keyrings = append(keyrings, v)
		return nil
	})
	paths, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(paths) == 0 {
		fmt.Fprintln(c.stderr, "hashdrop verify: no file or folder given")
		return ExitUsage
	}
	for _, p := range paths {
		if p == "-" {
			fmt.Fprintln(c.stderr, "hashdrop verify: standard input cannot be verified: name the file (or use hashdrop sum -)")
			return ExitUsage
		}
	}
	var pasted *checksum.ExpectedDigest
	if *digest != "" {
		e, err := checksum.ParseExpected(*digest)
		if err != nil {
			c.errorf("hashdrop verify: --digest: %v", err)
			return ExitUsage
		}
		pasted = e
	}
	ring, ok := c.keyring(keyrings)
	if !ok {
		return ExitUsage
	}
	ctx := context.Background()
	// The files found in folders are looked at once, as they are read:
	// reading one tells its size (hashAll); the checksum files are parsed
	// once.
	rel := release.Gather(ctx, paths, release.Options{Ring: ring, AllowOutside: *outside, SizesLater: true, KeepEntries: true})
	for _, err := range rel.Problems {
		c.errorf("hashdrop: %v", err)
	}
	for _, x := range rel.Sums {
		c.warnProblems(x.File()) // as check does: no line is dropped silently
	}
	if *fetchSums {
		fetched := c.fetchPublished(ctx, rel)
		defer func() {
			for _, f := range fetched {
				f.Close()
			}
		}()
	}
	ev := verdict.Evidence{Files: rel.Files, Sources: rel.Sources}
	if pasted != nil {
		ev.Pasted = &verdict.Pasted{Digest: pasted, Of: -1}
		var pastedFor []int // the files judged that can be read
		var paths []string
		for i, f := range rel.Files {
			if !f.Companion && f.Read.Readable() {
				pastedFor = append(pastedFor, i)
				paths = append(paths, f.Path)
			}
		}
		for _, i := range verdict.PastedTargets(pasted, paths) {
			ev.Pasted.Targets = append(ev.Pasted.Targets, pastedFor[i])
		}
	}
	rep := Verify(ctx, &ev)
	if *asJSON {
		c.verifyJSON(rel, &ev, &rep)
	} else {
		c.verifyLines(rel, &ev, &rep, *quiet)
	}
	return rep.Headline.Exit()
}

// Verify reads the files of ev with what their verdict needs, the
// likeliest algorithm of each digest first and the other candidates of a
// digest only when it does not match, and returns the verdict. A file that
// cannot be read is marked so in ev.
func Verify(ctx context.Context, ev *verdict.Evidence) verdict.Report {
	first := make([][]*hashing.Algorithm, len(ev.Files))
	firsts := release.NewFirsts(ev.Sources)
	for i := range ev.Files {
		if f := &ev.Files[i]; !f.Companion && f.Read.Readable() {
			first[i] = firsts.Of(f)
			if ev.Pasted != nil && ev.Pasted.Digest != nil {
				for _, a := range ev.Pasted.Digest.ReadFirst() {
					first[i] = appendNew(first[i], a)
				}
			}
		}
	}
	hashAll(ctx, ev, first)
	for range 4 { // each round asks for the candidates the last did not match
		rep := verdict.Decide(*ev)
		more := make([][]*hashing.Algorithm, len(ev.Files))
		any := false
		for i, v := range rep.Files {
			if len(v.Needs) > 0 && ev.Files[i].Read == verdict.FileDone {
				more[i], any = v.Needs, true
			}
		}
		if !any {
			return rep
		}
		hashAll(ctx, ev, more)
	}
	return verdict.Decide(*ev)
}

func appendNew(algs []*hashing.Algorithm, a *hashing.Algorithm) []*hashing.Algorithm {
	for _, b := range algs {
		if a == b {
			return algs
		}
	}
	return append(algs, a)
}

// hashAll reads every file i with algs[i] and adds the digests to ev: in
// batches over the cores (app's Batch: a small file is opened, read and
// hashed by one worker, with no hand-over), in list order.
func hashAll(ctx context.Context, ev *verdict.Evidence, algs [][]*hashing.Algorithm) {
	var idx []int
	var names []string
	for i := range ev.Files {
		f := &ev.Files[i]
		if len(algs[i]) == 0 {
			if !f.Companion && f.Read.Readable() {
				f.Read = verdict.FileDone // nothing to compute for it: nothing was published
			}
			continue
		}
		idx = append(idx, i)
		names = append(names, f.Path)
	}
	app.SharedQueue().HashEach(ctx, names, func(k int) []*hashing.Algorithm { return algs[idx[k]] }, 0, func(k int, res app.Result) bool {
		f := &ev.Files[idx[k]]
		if res.Err != nil {
			f.Read, f.Err = verdict.FileUnreadable, res.Err
			return true
		}
		f.Digests = append(f.Digests, res.Digests...)
		f.Read, f.Size = verdict.FileDone, res.Size
		return true
	})
}

// verifyLines prints "NAME: STATUS (why)" a file, then the headline.
func (c *cli) verifyLines(rel *release.Release, ev *verdict.Evidence, rep *verdict.Report, quiet bool) {
	for i, v := range rep.Files {
		if v.Companion || quiet && v.Status == verdict.OK {
			continue
		}
		line := fmt.Sprintf("%s: %s", quoteName(rel.Names[i]), statusWords[v.Status])
		if why := fileWhy(&ev.Files[i], &v); why != "" {
			line += " (" + why + ")"
		}
		fmt.Fprintln(c.stdout, line)
	}
	fmt.Fprintln(c.stdout, headlineWords(rel, ev, rep))
}

// verifyJSON prints the verdict as one JSON object.
func (c *cli) verifyJSON(rel *release.Release, ev *verdict.Evidence, rep *verdict.Report) {
	type fileJSON struct {
		Path      string `json:"path"`
		Name      string `json:"name"`
		Status    string `json:"status"`
		Algorithm string `json:"algorithm,omitempty"`
		Digest    string `json:"digest,omitempty"`
		Source    string `json:"source,omitempty"`
		Line      int    `json:"line,omitempty"`
		Genuine   bool   `json:"genuine"`
		Why       string `json:"why,omitempty"`
		Trust     string `json:"trust,omitempty"`
		Companion bool   `json:"companion,omitempty"`
	}
	out := struct {
		Outcome  string         `json:"outcome"`
		Colour   string         `json:"colour"`
		Reason   string         `json:"reason"`
		Headline string         `json:"headline"`
		Exit     int            `json:"exit"`
		Counts   map[string]int `json:"counts"`
		Files    []fileJSON     `json:"files"`
	}{Outcome: rep.Headline.Outcome.String(), Colour: rep.Headline.Colour().String(), Reason: rep.Headline.Reason.String(), Headline: headlineWords(rel, ev, rep),
		Exit: rep.Headline.Exit(), Counts: make(map[string]int), Files: []fileJSON{}}
	for s, n := range rep.Count {
		if n > 0 {
			out.Counts[verdict.Status(s).String()] = n
		}
	}
	for i, v := range rep.Files {
		f := &ev.Files[i]
		j := fileJSON{Path: f.Path, Name: rel.Names[i], Status: v.Status.String(), Genuine: v.Genuine, Companion: v.Companion, Why: fileWhy(f, &v),
			Trust: v.Trust.String()}
		if d := v.Decision; len(d.By) > 0 && d.Verdict.Algorithm != nil {
			j.Algorithm, j.Source, j.Line = d.Verdict.Algorithm.ID, d.By[0].Source, d.By[0].Line
			if d.By[0].Fetched != "" {
				j.Source = d.By[0].Fetched // its copy was a temporary file, deleted by now
			}
			if sum := digestOf(f, d.Verdict.Algorithm); sum != nil {
				j.Digest = hex.EncodeToString(sum)
			}
		}
		out.Files = append(out.Files, j)
	}
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	enc.Encode(out)
}

func digestOf(f *verdict.File, a *hashing.Algorithm) []byte {
	for _, d := range f.Digests {
		if d.Algorithm == a {
			return d.Sum
		}
	}
	return nil
}

// sourceName names a checksum file for a line about a file: its base
// name when it lies beside the file, else its path.
// fetchGetter fetches for verify --fetch (a test's server in its tests).
var fetchGetter release.Getter = release.Get

// fetchPublished fetches, for each file of rel that nothing beside it
// publishes digests for and whose name a publisher's row knows, that
// publisher's signed checksums (release.Fetch), and adds them to rel as
// if they had been beside it. A failure is said on stderr and leaves the
// file as it was: it never makes the verdict red. Close what it returns.
func (c *cli) fetchPublished(ctx context.Context, rel *release.Release) []*release.Fetched {
	var out []*release.Fetched
	for i := range rel.Files {
		f := &rel.Files[i]
		if f.Companion || !f.Read.Readable() || len(f.Published) > 0 {
			continue
		}
		name := app.VisibleText(rel.Names[i])
		g, ok := publisher.Lookup(filepath.Base(f.Path))
		if !ok {
			c.errorf("hashdrop: %s: Hashdrop knows no publisher that names files so: nothing fetched", name)
			continue
		}
		c.errorf("hashdrop: %s: fetching %s's checksums from %s", name, g.Publisher, g.Host)
		got, err := release.Fetch(ctx, f.Path, g, release.RowKeyring(g.Keys), fetchGetter)
		if err != nil {
			c.errorf("hashdrop: %s: %v", name, err)
			continue
		}
		out = append(out, got)
		f.Published = append(f.Published, got.Published...)
		if got.Signature != nil {
			f.Signature = got.Signature
		}
		rel.Sources = append(rel.Sources, got.Sources...)
	}
	return out
}

func sourceName(f *verdict.File, p checksum.Published) string {
	if p.InName {
		return "the CRC32 in its name"
	}
	if p.Fetched != "" {
		return app.VisibleText(p.Fetched)
	}
	if filepath.Dir(p.Source) == filepath.Dir(f.Path) {
		return app.VisibleText(filepath.Base(p.Source))
	}
	return app.VisibleText(p.Source)
}
