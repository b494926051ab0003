package watch

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// Step is what a finished download was checked against: the first of
// these that has something for it, in this order (issue 52).
type Step int

const (
	// Nothing: no checksum file beside it lists it, no publisher's row
	// knows its name, its name carries no CRC32. No verdict, no noise.
	Nothing Step = iota
	// Beside: a checksum file (or its own signature) beside it.
	Beside
	// Publisher: its publisher's signed checksums, fetched with consent.
	Publisher
	// Offered: a publisher's row knows it, but fetching was not allowed:
	// the notification offers it. Report is empty unless the name carries
	// a CRC32 as well.
	Offered
	// InName: the CRC32 in its name.
	InName
)

// Checker checks one finished download with the window's gatherer
// (release.Gather) and verdict (Verify): no rules of its own.
type Checker struct {
	Ring *signature.Keyring
	// Verify hashes what the verdict needs and decides (app/cli.Verify).
	Verify func(context.Context, *verdict.Evidence) verdict.Report
	// Fetch is the user's consent to fetch a known publisher's checksums
	// ("Always fetch for known publishers", hashdrop watch --fetch).
	Fetch bool
	// Get fetches (release.Get; a test's server in tests).
	Get release.Getter
	// Origin reads where a file came from (ReadOrigin; tests set their own).
	Origin func(path string) Origin
}

// Result is a check of one download.
type Result struct {
	Path string
	Step Step
	// Release, Evidence and Report are the verdict's, as hashdrop verify
	// has them (nil Release when there is none).
	Release  *release.Release
	Evidence verdict.Evidence
	Report   verdict.Report
	// Guess is the publisher's row (Publisher, Offered).
	Guess *publisher.Guess
	// Origin is where the download says it came from.
	Origin Origin
	// Disagrees is set when the origin's host belongs to another
	// publisher than the row the name matched: nothing is fetched then.
	Disagrees string
	// FetchErr says why the fetch failed.
	FetchErr error
}

// Judged reports whether r has a verdict to tell.
func (r *Result) Judged() bool { return r.Step == Beside || r.Step == Publisher || r.Step == InName }

// Offers reports whether a publisher's checksums could be fetched for
// r's file, and were not: the notification offers them.
func (r *Result) Offers() bool {
	return r.Guess != nil && r.Step != Publisher && r.Step != Beside && r.Disagrees == "" && r.FetchErr == nil
}

// Check checks the download at path. A checksum file or a signature is
// evidence, never checked itself: Nothing.
func (c *Checker) Check(ctx context.Context, path string) Result {
	res := Result{Path: path}
	rel := release.Gather(ctx, []string{path}, release.Options{Ring: c.Ring})
	i := slices.IndexFunc(rel.Files, func(f verdict.File) bool { return !f.Companion && f.Path == path })
	if i < 0 || !rel.Files[i].Read.Readable() {
		return res
	}
	f := &rel.Files[i]
	res.Release = rel
	var fetched *release.Fetched
	defer func() {
		if fetched != nil {
			fetched.Close()
		}
	}()
	switch {
	case len(f.Published) > 0 || f.Signature != nil:
		res.Step = Beside
	default:
		res.Step = c.publisher(ctx, f, rel, &res, &fetched)
	}
	if res.Step == Nothing || res.Step == Offered {
		if f.InName == nil {
			return res
		}
		if res.Step == Nothing {
			res.Step = InName
		}
	}
	// Only this file is judged: a checksum file in the release is evidence.
	res.Evidence = verdict.Evidence{Files: rel.Files, Sources: rel.Sources}
	res.Report = c.Verify(ctx, &res.Evidence)
	if res.Step == Offered {
		res.Step = InName // judged by its name's CRC32, and still offered (Guess)
	}
	return res
}

// publisher fetches the signed checksums of f's publisher, when a row
// knows its name and the user allowed it.
func (c *Checker) publisher(ctx context.Context, f *verdict.File, rel *release.Release, res *Result, fetched **release.Fetched) Step {
	g, ok := publisher.Lookup(filepath.Base(f.Path))
	if !ok {
		return Nothing
	}
	res.Guess = g
	if c.Origin != nil {
		res.Origin = c.Origin(f.Path)
	}
	for _, h := range res.Origin.Hosts() {
		// The origin only chooses; when it names another publisher's
		// host, Hashdrop does not pick either silently.
		if row, ok := publisher.ForHost(h); ok && row.Publisher != g.Publisher {
			res.Disagrees = row.Publisher
			return Nothing
		}
	}
	if !c.Fetch {
		return Offered
	}
	get := c.Get
	if get == nil {
		get = release.Get
	}
	got, err := release.Fetch(ctx, f.Path, g, release.RowKeyring(g.Keys), get)
	if err != nil {
		res.FetchErr = err
		return Nothing
	}
	*fetched = got
	f.Published = append(f.Published, got.Published...)
	if got.Signature != nil {
		f.Signature = got.Signature
	}
	rel.Sources = append(rel.Sources, got.Sources...)
	return Publisher
}

// IsEvidence reports whether name is a checksum file or a signature: when
// one arrives, downloads waiting without a verdict are checked again.
func IsEvidence(name string) bool {
	return checksum.IsSumsName(name) || slices.Contains([]string{".sig", ".asc", ".minisig", ".sha256", ".sha512", ".md5", ".sfv"}, filepath.Ext(name))
}
