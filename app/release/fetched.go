package release

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/fetch"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// A file given alone whose name a publisher's row knows (app/publisher)
// may have that publisher's signed checksums fetched for it, with the
// user's consent (issue 40): the checksum file and its signature are
// written to a temporary folder and read from there exactly as if they had
// been beside the file, against the keys of that publisher's row alone.
// Fetching is the only thing here that touches the network, through
// app/fetch, under the hosts the row names.

// Getter fetches one HTTPS URL, contacting no host but hosts (fetch.Get
// under a fetch.Policy; a test's server).
type Getter func(ctx context.Context, rawURL string, hosts []string) ([]byte, error)

// Get is the Getter of app/fetch, with its default limits.
func Get(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
	return fetch.Get(ctx, rawURL, fetch.Policy{Hosts: hosts})
}

// Fetched is what was fetched for a file.
type Fetched struct {
	Guess *publisher.Guess
	// Dir is the temporary folder the files were written to: Close
	// removes it.
	Dir string
	// From is the URL of the checksum file used (or of the signature over
	// the file, when the publisher signs the file itself).
	From string
	// Sums is the checksum file's copy in Dir ("" when none was fetched).
	Sums string
	// Published are the digests it publishes for the file, by its name.
	Published []checksum.Published
	// Sources are its entries, for a download the browser renamed: none
	// of them names a file in Dir.
	Sources []verdict.Source
	// Signature is the verdict on a signature over the file itself.
	Signature *checksum.Authenticity
	// Signs: the publisher signs the checksum file fetched (its row names
	// a signature beside it or inside it), so a missing one is a fault.
	Signs bool
}

// FetchedFrom tells, of a checksum file's path, whether it is a copy
// Fetch or FetchSums made, and the host it came from.
func FetchedFrom(path string) (host string, ok bool) {
	dir := filepath.Dir(path)
	top := filepath.Dir(dir)
	if !strings.HasPrefix(filepath.Base(top), fetchedPrefix) || filepath.Dir(top) != filepath.Clean(os.TempDir()) {
		return "", false
	}
	return filepath.Base(dir), true
}

// fetchedPrefix begins the name of the temporary folders of what was
// fetched.
const fetchedPrefix = "hashdrop-fetched-"

// Close removes what was fetched from the disk.
func (f *Fetched) Close() error { return os.RemoveAll(f.Dir) }

// MovedError says that none of the places the publisher's row names has the
// release any more: the user must find its checksum file.
type MovedError struct {
	Publisher, Version string
	Tried              []string // the URLs that were not there
}

func (e *MovedError) Error() string {
	return fmt.Sprintf("%s no longer lists %s where Hashdrop looks (%s); open its checksum file yourself", e.Publisher, e.Version, hostOf(e.Tried[0]))
}

// Fetch fetches the checksums g says the publisher keeps for the file at
// path, and reads them against ring: the publisher's keys
// (RowKeyring(g.Keys)). Each of g's places is tried in turn while the last
// was not there (404) or did not list the file by its name; any other
// failure ends the fetch with its error. It reads the disk and the
// network: not on the window's goroutine.
func Fetch(ctx context.Context, path string, g *publisher.Guess, ring *signature.Keyring, get Getter) (*Fetched, error) {
	var tried []string
	var unlisted *Fetched // the first place there that does not list the file by its name
	for _, t := range g.Tries {
		f, err := fetchTry(ctx, path, g, t, ring, get)
		switch {
		case err == nil && (len(f.Published) > 0 || f.Signature != nil):
			if unlisted != nil {
				unlisted.Close()
			}
			return f, nil
		case err == nil:
			// A series' folder lists only its newest point release: the
			// next place (the archive) may list this one.
			if unlisted == nil {
				unlisted = f
			} else {
				f.Close()
			}
		case !notThere(err):
			if unlisted != nil {
				unlisted.Close()
			}
			return nil, err
		default:
			tried = append(tried, firstNonEmpty(t.Sums, t.Signature))
		}
	}
	if unlisted != nil {
		return unlisted, nil // its entries may still match a renamed download by digest
	}
	if len(tried) == 0 {
		return nil, errors.New(g.Publisher + ": no place to fetch from")
	}
	return nil, &MovedError{Publisher: g.Publisher, Version: g.Version, Tried: tried}
}

// fetchTry fetches one place: a checksum file (and its signature), or a
// signature over the file itself.
func fetchTry(ctx context.Context, path string, g *publisher.Guess, t publisher.Try, ring *signature.Keyring, get Getter) (*Fetched, error) {
	dir, err := os.MkdirTemp("", fetchedPrefix)
	if err != nil {
		return nil, err
	}
	f := &Fetched{Guess: g, Dir: dir}
	ok := false
	defer func() {
		if !ok {
			f.Close()
		}
	}()
	if g.Shape == publisher.OverFile { // the publisher signs the file itself (Arch, Alpine, Qubes)
		sig, err := get(ctx, t.Signature, g.Hosts)
		if err != nil {
			return nil, err
		}
		f.From = t.Signature
		if f.Signature, err = verifyOver(path, sig, t.Signature, ring); err != nil {
			return nil, err
		}
		f.count(f.Signature)
		if t.Sums != "" { // and publishes unsigned digests beside it
			if err := f.readSums(ctx, path, t.Sums, "", ring, get); err != nil && !notThere(err) {
				return nil, err
			}
			f.From = t.Signature
		}
		ok = true
		return f, nil
	}
	if err := f.readSums(ctx, path, t.Sums, t.Signature, ring, get); err != nil {
		return nil, err
	}
	ok = true
	return f, nil
}

// readSums fetches the checksum file at sumsURL and the signature over it
// at sigURL ("" for none, or one inside it), and reads what it publishes
// for the file at path.
func (f *Fetched) readSums(ctx context.Context, path, sumsURL, sigURL string, ring *signature.Keyring, get Getter) error {
	sums, err := get(ctx, sumsURL, f.Guess.Hosts)
	if err != nil {
		return err
	}
	sumsPath, err := f.keepSums(ctx, sumsURL, sums, []string{sigURL}, get)
	if err != nil {
		return err
	}
	x, err := checksum.ReadIndex(sumsPath, ring)
	if err != nil {
		return err
	}
	f.From = sumsURL
	// The row says whether the publisher signs this checksum file (a
	// signature beside it, or inside it): then a missing one is a fault.
	f.Signs = sigURL != "" || f.Guess.Shape == publisher.ClearSigned || f.Guess.Shape == publisher.Detached
	x.File().Fetched, x.File().Signs = sumsURL, f.Signs
	f.count(x.File().Authenticity)
	f.Published = checksum.PublishedFor(path, nil, []*checksum.Index{x})
	if len(f.Published) == 0 {
		// Its entries, for a download the browser renamed to match by
		// digest: from the file read above, whatever its name (Node's
		// SHASUMS256.txt.asc, Monero's hashes.txt are no names a folder's
		// checksum files go by).
		if orphans := f.sameName(Absent(x.File())); len(orphans) > 0 {
			f.Sources = append(f.Sources, verdict.Source{Path: sumsPath, Orphans: orphans})
		}
	}
	return nil
}

// count says in a how many distinct keys of the row signed what was
// fetched, and holds it to the row's min_signers: with fewer good
// signatures than the row needs (Bitcoin Core's 3 builders), it is not
// genuine (signature.AtLeast).
func (f *Fetched) count(a *checksum.Authenticity) {
	if a == nil {
		return
	}
	a.Signers = signature.GoodSigners(a.Results)
	if n := f.Guess.MinSigners; n > 1 {
		a.Needs = n
		a.Verdict = signature.AtLeast(a.Results, n)
	}
}

// sameName keeps, of the entries of a checksum file that lists every
// platform and language by its path ("win64/en-US/Firefox Setup
// 128.0.exe"), those whose last part is the download's name: its digest
// then picks the one it is, and the verdict names that entry. None of
// that name (a download renamed past recognition, or a guess without a
// name): all of them, for the digest alone to find.
func (f *Fetched) sameName(orphans []verdict.Orphan) []verdict.Orphan {
	if f.Guess.File == "" {
		return orphans
	}
	var same []verdict.Orphan
	for _, o := range orphans {
		if path.Base(filepath.ToSlash(o.Name)) == f.Guess.File {
			same = append(same, o)
		}
	}
	if len(same) == 0 {
		return orphans
	}
	return same
}

// keepSums writes the checksum file fetched from sumsURL to f.Dir, with
// the first of sigURLs that is there as its signature ("" are skipped;
// none there: it is read unsigned, and the verdict says the publisher is
// not verified). It returns the checksum file's path.
func (f *Fetched) keepSums(ctx context.Context, sumsURL string, sums []byte, sigURLs []string, get Getter) (string, error) {
	// In a folder named after its host, which says where it came from
	// (FetchedFrom).
	folder := filepath.Join(f.Dir, hostOf(sumsURL))
	if err := os.Mkdir(folder, 0o700); err != nil {
		return "", err
	}
	f.Sums = filepath.Join(folder, baseOf(sumsURL))
	if err := os.WriteFile(f.Sums, sums, 0o600); err != nil {
		return "", err
	}
	for _, sigURL := range sigURLs {
		if sigURL == "" {
			continue
		}
		sig, err := get(ctx, sigURL, f.Guess.Hosts)
		switch {
		case err == nil:
			return f.Sums, os.WriteFile(filepath.Join(folder, signatureName(f.Sums, sigURL)), sig, 0o600)
		case !notThere(err):
			return "", err
		}
	}
	return f.Sums, nil
}

// FetchSums fetches the checksum file at g's first Sums URL (one a user
// named), with the first of g's Signature URLs that is there as its
// signature; the caller reads f.Sums against the row's keys, as a
// checksum file given. Close it when done.
func FetchSums(ctx context.Context, g *publisher.Guess, get Getter) (*Fetched, error) {
	if len(g.Tries) == 0 || g.Tries[0].Sums == "" {
		return nil, errors.New("no checksum file to fetch")
	}
	sums, err := get(ctx, g.Tries[0].Sums, g.Hosts)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", fetchedPrefix)
	if err != nil {
		return nil, err
	}
	f := &Fetched{Guess: g, Dir: dir, From: g.Tries[0].Sums, Signs: g.Shape == publisher.ClearSigned || g.Shape == publisher.Detached}
	var sigs []string
	for _, t := range g.Tries {
		sigs = append(sigs, t.Signature)
		f.Signs = f.Signs || t.Signature != ""
	}
	if _, err := f.keepSums(ctx, f.From, sums, sigs, get); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// signatureName is the name the signature fetched from sigURL is written
// under beside the checksum file at sumsPath, so that it is read as its
// signature (SHA256SUMS.gpg, CHECKSUM.asc): the URL's own name when it
// is one, else the checksum file's name and the URL's extension.
func signatureName(sumsPath, sigURL string) string {
	name := baseOf(sigURL)
	if checksum.SignedPath(filepath.Join(filepath.Dir(sumsPath), name)) == sumsPath {
		return name
	}
	return filepath.Base(sumsPath) + path.Ext(name)
}

// verifyOver checks a signature over the file at path itself.
func verifyOver(path string, sig []byte, source string, ring *signature.Keyring) (*checksum.Authenticity, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	rs, err := ring.Verify(file, sig)
	if err != nil {
		rs = []signature.Result{{Kind: signature.Unreadable, Source: source, Err: err}}
	}
	for i := range rs {
		rs[i].Source = source
	}
	return &checksum.Authenticity{Results: rs, Verdict: signature.Verdict(rs), Fetched: source}, nil
}

// RowKeyring is the keyring of a publisher's row: the shipped keys whose
// fingerprints it names, and no other (a signature by any other key, even
// one the user trusts, is not the publisher's).
func RowKeyring(fingerprints []string) *signature.Keyring {
	shipped, _ := checksum.ShippedKeys() // an error is a broken build: its test fails
	return KeyringOf(fingerprints, shipped)
}

// KeyringOf is a keyring of those of keys whose fingerprints are named.
func KeyringOf(fingerprints []string, keys []*signature.Key) *signature.Keyring {
	ring := &signature.Keyring{}
	for _, k := range keys {
		if slices.ContainsFunc(fingerprints, func(f string) bool { return strings.EqualFold(f, k.Fingerprint) }) {
			ring.Add(k)
		}
	}
	return ring
}

// notThere reports whether err says the URL has nothing (404, 410).
func notThere(err error) bool {
	var fe *fetch.Error
	return errors.As(err, &fe) && fe.Kind == fetch.NotFound
}

func baseOf(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil {
		return path.Base(u.Path)
	}
	return path.Base(rawURL)
}

func hostOf(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil {
		return u.Host
	}
	return rawURL
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
