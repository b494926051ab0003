// Package release turns what a person gave Hashdrop (files, folders,
// checksum files) into the evidence the verdict weighs (app/verdict): the
// files to judge, with the digests published for them. A folder is a
// release: the checksum files in it are found and their entries, at any
// depth, become the files' published digests; an entry whose file is not
// there is a row that says so. A file given alone is judged against the
// checksum files beside it. Gather reads checksum files and signatures,
// never the files themselves (but for a signature over a file itself,
// which it checks): the caller hashes them with what the verdict needs.
package release

import (
	"context"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// Options tune Gather.
type Options struct {
	Ring *signature.Keyring // the keys signatures are checked against; nil: none checked
	// AllowOutside lets checksum files name files outside their folder
	// (absolute paths, ".."); otherwise those entries are REFUSED.
	AllowOutside bool
	// Given are checksum files given before, for the files given later
	// (the window keeps them until Clear): like the checksum files given
	// now, they list a file by its path or, from another folder, by its
	// bare name (checksum.Index.Published).
	Given []*checksum.Index
	// Found, when set, is told how many files the walks found so far,
	// about every 100 ms, and once at the end.
	Found func(n int)
	// OwnSignaturesLater leaves the files' own signatures (ubuntu.iso.sig)
	// unchecked: checking one reads the whole file, and the window does
	// it in the background (checksum.VerifyFile).
	OwnSignaturesLater bool
	// SizesLater leaves the Size of a file found in a folder -1 (not
	// known) rather than stat it: the caller learns it as it reads the
	// file (verify). The walk's own look at each name tells a regular
	// file from the rest.
	SizesLater bool
	// KeepEntries keeps in memory the entries of the checksum files read
	// (up to checksum.KeptMax bytes each; Sums then holds them): each is
	// parsed once, not once to be counted and once more to be gone
	// through (verify, which keeps no Sums for later).
	KeepEntries bool
}

// Release is what Gather found.
type Release struct {
	Files []verdict.File
	// Names are what to call each file: as given, or its path from the
	// folder given ("iso/a.iso"), or as its checksum file names it.
	Names []string
	// Walked[i]: Files[i] was found in a folder given, not given itself.
	Walked []bool
	// Sources are the checksum files in play.
	Sources []verdict.Source
	// Sums are the checksum files read (given, or found in the folders
	// given), indexed: a window keeps them for the files given later.
	Sums []*checksum.Index
	// Problems are checksum files and folders that could not be read.
	Problems []error
}

// item is a path given or found in a folder given.
type item struct {
	path, name string
	walked     bool // found in a folder: its checksum files are the release's
	// plain: the walk saw a regular file here, no link, and came to it
	// from the folder root (absolute) through folders, not links.
	plain bool
	root  string
	size  int64 // of a link to a file, from the walk's stat; else -1
	sums  bool  // its name is a checksum file's (checksum.IsSumsName), the walk says
}

// Gather expands paths into the release's files and what was published
// for them. It is the one gatherer: hashdrop verify and the window both
// take their evidence from it, and add only what they alone have (a
// pasted digest, a comparison).
func Gather(ctx context.Context, paths []string, opts Options) *Release {
	r := &Release{}
	var items itemList
	found := foundCounter(opts.Found)
	// The current folder, once: filepath.Abs asks for it (two stats) at
	// every call, and every file's path is made absolute.
	wd, _ := os.Getwd()
	g := gatherer{r: r, opts: opts, wd: wd, rows: make(map[string]int), entryRow: make(map[entryKey]int)}
	// The checksum files the walks find are read while they go on, on the
	// other core: a walk of many files and the reading of the checksum
	// file that lists them take about as long.
	g.early = newEarly(g.read, opts.Ring)
	defer g.early.wait()
	for _, p := range paths {
		if ctx.Err() != nil {
			break
		}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			r.walk(ctx, p, g.abs(p), found, g.early.start, &items)
		} else {
			items.add(item{path: p, name: p, size: -1})
			found(1)
		}
	}
	found(0)
	// The rows: the files found, and those the checksum files name that
	// are not there, fewer as a rule.
	r.Files, r.Names, r.Walked = make([]verdict.File, 0, items.n), make([]string, 0, items.n), make([]bool, 0, items.n)
	g.plain = make([]string, 0, items.n)
	g.rows = make(map[string]int, items.n)
	var sums []item
	for it := range items.all() {
		var i int
		switch {
		case isSignature(it.path):
			i = g.add(it.path, it.name, verdict.File{Companion: true}, nil)
		case it.sums || !it.walked && checksum.IsSumsName(filepath.Base(it.path)):
			i = g.add(it.path, it.name, verdict.File{Companion: true}, &it)
			sums = append(sums, it)
		default:
			i = g.add(it.path, it.name, verdict.File{}, &it)
		}
		r.Walked[i] = r.Walked[i] || it.walked
	}
	var listed []bool // listed[i]: a checksum file read lists r.Files[i]
	given := slices.Clone(opts.Given)
	for _, it := range sums {
		if x := g.entries(it.path, &listed); x != nil && !it.walked {
			given = append(given, x)
		}
	}
	g.early.wait() // nothing reads the ring beside the rest
	claimed := make(map[int]bool)
	for i := range r.Files {
		f := &r.Files[i]
		if f.Companion || i < len(listed) && listed[i] || r.Walked[i] || !f.Read.Readable() {
			continue
		}
		// A file given itself that no entry names by its path: a checksum
		// file given from another folder may name it by its bare name,
		// and the row that said it is not there is this file.
		g.byName(i, given, claimed)
	}
	for i := range r.Files {
		f := &r.Files[i]
		// A file found in a folder is judged by the folder's checksum
		// files, read already; one given itself, by those beside it too.
		if f.Companion || r.Walked[i] || !f.Read.Readable() {
			continue
		}
		g.beside(i)
	}
	g.drop(claimed)
	// A file found in a folder has a signature of its own only if the walk
	// found one beside it: no file a folder holds is looked for five times.
	signed := make(map[string]bool)
	for i, f := range r.Files {
		if r.Walked[i] && f.Companion {
			if p := checksum.SignedPath(f.Path); p != "" {
				signed[filepath.Clean(p)] = true
			}
		}
	}
	for i := range r.Files {
		f := &r.Files[i]
		if f.Companion || !f.Read.Readable() || ctx.Err() != nil {
			continue
		}
		f.InName = checksum.InName(f.Path)
		if opts.OwnSignaturesLater || r.Walked[i] && !signed[filepath.Clean(f.Path)] {
			continue
		}
		if a, err := checksum.VerifyFile(f.Path, opts.Ring); err == nil {
			f.Signature = a
		}
	}
	return r
}

// foundCounter returns what counts the files found and tells found about
// every 100 ms; counting 0 tells it the total.
func foundCounter(found func(int)) func(n int) {
	if found == nil {
		return func(int) {}
	}
	total, last := 0, time.Now()
	return func(n int) {
		total += n
		if n == 0 || time.Since(last) >= 100*time.Millisecond {
			last = time.Now()
			found(total)
		}
	}
}

// isSignature reports whether path is a signature file over another file
// that exists (SHA256SUMS.gpg, ubuntu.iso.sig).
func isSignature(path string) bool {
	signed := checksum.SignedPath(path)
	if signed == "" {
		return false
	}
	_, err := os.Stat(signed)
	return err == nil
}

// itemList is a list of items in chunks of a fixed size: a walk of many
// files adds to it without copying what it holds as it grows.
type itemList struct {
	chunks [][]item
	n      int
}

const itemChunk = 1024

func (l *itemList) add(it item) {
	if k := len(l.chunks); k == 0 || len(l.chunks[k-1]) == itemChunk {
		l.chunks = append(l.chunks, make([]item, 0, itemChunk))
	}
	k := len(l.chunks) - 1
	l.chunks[k] = append(l.chunks[k], it)
	l.n++
}

// all yields the items in the order they were added.
func (l *itemList) all() iter.Seq[item] {
	return func(yield func(item) bool) {
		for _, c := range l.chunks {
			for _, it := range c {
				if !yield(it) {
					return
				}
			}
		}
	}
}

// walk adds to out the regular files of the folder root, whose absolute
// path is abs, in name order (links to files followed, links to folders
// not: they could loop). sums is told the path of each checksum file
// found.
func (r *Release) walk(ctx context.Context, root, abs string, found func(int), sums func(string), out *itemList) {
	parent := filepath.Dir(filepath.Clean(root))
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return fs.SkipAll
		}
		if err != nil {
			r.Problems = append(r.Problems, app.FileErrorOf(path, err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		it := item{path: path, walked: true, size: -1}
		if d.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(path)
			if err != nil || !st.Mode().IsRegular() {
				return nil
			}
			it.size = st.Size()
		} else if !d.Type().IsRegular() {
			return nil
		} else {
			it.plain, it.root = true, abs
		}
		name, err := filepath.Rel(parent, path)
		if err != nil {
			name = path
		}
		it.name = name
		it.sums = checksum.IsSumsName(d.Name())
		out.add(it)
		found(1)
		if it.sums {
			sums(path)
		}
		return nil
	})
}

// gatherer builds a Release.
type gatherer struct {
	r        *Release
	opts     Options
	wd       string           // the current folder ("": unknown)
	rows     map[string]int   // absolute path -> index in r.Files
	entryRow map[entryKey]int // an entry whose file is not there -> its row
	// plain[i] is, for a row the walk saw as a regular file that is no
	// link, the folder the walk started from; "" for the others.
	plain []string
	early *early // the checksum files read while the walks went on
}

// read reads the checksum file at path as opts say.
func (g *gatherer) read(path string, ring *signature.Keyring) (*checksum.Index, error) {
	if g.opts.KeepEntries {
		return checksum.ReadIndexKept(path, ring)
	}
	return checksum.ReadIndex(path, ring)
}

// earlyMax bounds the checksum files read ahead in one Gather; the others
// are read in turn, as before. (A variable for tests.)
var earlyMax = 64

// early reads checksum files ahead, one at a time, on a goroutine of its
// own: entries takes what it read, or reads the file itself. The reading
// is the one entries would make (the same function, path and ring); only
// its moment differs.
type early struct {
	read  func(string, *signature.Keyring) (*checksum.Index, error)
	ring  *signature.Keyring
	turn  chan struct{} // one reading at a time
	wg    sync.WaitGroup
	mu    sync.Mutex
	files map[string]*earlyRead
	n     int
}

type earlyRead struct {
	done chan struct{}
	x    *checksum.Index
	err  error
	read bool // false: it was a signature, not read
}

func newEarly(read func(string, *signature.Keyring) (*checksum.Index, error), ring *signature.Keyring) *early {
	return &early{read: read, ring: ring, turn: make(chan struct{}, 1), files: make(map[string]*earlyRead)}
}

// start reads the checksum file at path ahead, unless earlyMax are read
// ahead already or path is being read.
func (e *early) start(path string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.n >= earlyMax || e.files[path] != nil {
		return
	}
	e.n++
	r := &earlyRead{done: make(chan struct{})}
	e.files[path] = r
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		defer close(r.done)
		e.turn <- struct{}{}
		defer func() { <-e.turn }()
		if isSignature(path) { // as Gather tells them, not read as checksums
			return
		}
		r.read = true
		r.x, r.err = e.read(path, e.ring)
	}()
}

// take returns what was read ahead of path, once, waiting for it; ok is
// false when it was not read ahead.
func (e *early) take(path string) (x *checksum.Index, err error, ok bool) {
	e.mu.Lock()
	r := e.files[path]
	delete(e.files, path)
	e.mu.Unlock()
	if r == nil {
		return nil, nil, false
	}
	<-r.done
	return r.x, r.err, r.read
}

// wait waits for every reading ahead to end.
func (e *early) wait() { e.wg.Wait() }

// entryKey is an entry of a checksum file: the file's absolute path, and
// the entry's line.
type entryKey struct {
	source string
	line   int
}

// add lists the file at path once, and returns its index. it is what a
// walk or the paths given said of it, if anything: a file the walk saw is
// not looked at again when opts.SizesLater leaves its size for later.
func (g *gatherer) add(path, name string, f verdict.File, it *item) int {
	key := g.abs(path)
	if i, ok := g.rows[key]; ok {
		return i
	}
	return g.addAt(key, path, name, f, it)
}

// addAt is add for a file not listed yet, whose absolute path is key.
func (g *gatherer) addAt(key, path, name string, f verdict.File, it *item) int {
	f.Path, f.Size = path, -1
	plain := ""
	if it != nil && f.Read == verdict.FileWaiting {
		if it.plain {
			plain = it.root
		}
		f.Size = it.size // of a link the walk followed to a regular file; else -1
	}
	// A file the walk saw as a regular one is not looked at again when
	// reading it will tell its size.
	if f.Read == verdict.FileWaiting && f.Size < 0 && (plain == "" || !g.opts.SizesLater) {
		if looked != nil {
			looked(path, "stat")
		}
		st, err := os.Stat(path)
		switch {
		case err != nil:
			// A file the user named that is not there could not be read; one
			// a checksum file names is Missing (entries says so).
			f.Read, f.Err = verdict.FileUnreadable, app.FileErrorOf(path, err)
		case !st.Mode().IsRegular():
			f.Read, f.Err = verdict.FileRefused, &app.FileError{Name: path, Kind: refusal(st)}
		default:
			f.Size = st.Size()
		}
	}
	g.rows[key] = len(g.r.Files)
	g.plain = append(g.plain, plain)
	g.r.Files = append(g.r.Files, f)
	g.r.Names = append(g.r.Names, name)
	g.r.Walked = append(g.r.Walked, false)
	return len(g.r.Files) - 1
}

func refusal(st fs.FileInfo) app.Cause {
	if st.IsDir() {
		return app.CauseFolder
	}
	return app.CauseSpecial
}

// entries makes the entries of the checksum file at path the published
// digests of the files they name, listing those not listed yet (a
// checksum file given alone: its files; an entry whose file is missing:
// a row that says so). It returns the checksum file, indexed, or nil when
// it cannot be read.
func (g *gatherer) entries(path string, listed *[]bool) *checksum.Index {
	x, err, ok := g.early.take(path)
	if readChecksums != nil {
		readChecksums(path, ok)
	}
	if !ok {
		x, err = g.read(path, g.opts.Ring)
	}
	if err != nil {
		g.r.Problems = append(g.r.Problems, err)
		return nil
	}
	sf := x.File()
	loc, err := sf.Locator(g.opts.AllowOutside)
	if err != nil {
		g.r.Problems = append(g.r.Problems, err)
		return nil
	}
	defer loc.Close()
	g.r.Sums = append(g.r.Sums, x)
	src := verdict.Source{Path: path}
	// An entry naming a file the walk saw, a regular file reached from a
	// folder that holds this checksum file through folders alone, is that
	// file: it is not looked up again (os.Root would find it so).
	dir := g.abs(sf.Dir)
	knownRow := -1
	known := func(p string) bool {
		i, ok := g.rows[g.abs(p)]
		if !ok || g.plain[i] == "" || !within(dir, g.plain[i]) {
			if looked != nil {
				looked(p, "locate")
			}
			return false
		}
		knownRow = i
		return true
	}
	for _, e := range sf.All() {
		knownRow = -1
		var (
			target string
			status checksum.Status
			err    error
		)
		if strings.Contains(e.Name, "..") {
			if looked != nil {
				looked(e.Name, "locate")
			}
			target, status, err = loc.Locate(e) // ".." after a link is not where the walk was
		} else {
			target, status, err = loc.LocateKnown(e, known)
		}
		f := verdict.File{}
		switch status {
		case checksum.StatusMissing:
			f.Read, f.Err = verdict.FileMissing, err
		case checksum.StatusRefused:
			f.Read, f.Err = verdict.FileRefused, err
		case checksum.StatusUnreadable:
			f.Read, f.Err = verdict.FileUnreadable, err
		}
		i := knownRow
		if i < 0 {
			i = g.add(target, target, f, nil)
		}
		if n := len(g.r.Files); len(*listed) < n {
			*listed = slices.Grow(*listed, n-len(*listed))[:n]
		}
		(*listed)[i] = true
		row := &g.r.Files[i]
		if e.Unsupported != "" {
			if !slices.Contains(row.Unsupported, e.Unsupported) {
				row.Unsupported = append(row.Unsupported, e.Unsupported)
			}
			continue
		}
		p := checksum.Published{Expected: e.Expected(), Source: path, Line: e.Line, Signed: sf.Signed, Authenticity: sf.Authenticity, Fetched: sf.Fetched, Signs: sf.Signs}
		row.Published = append(row.Published, p)
		if status == checksum.StatusMissing {
			src.Orphans = append(src.Orphans, verdict.Orphan{Name: e.Name, Path: target, Published: p})
			g.entryRow[entryKey{g.abs(path), e.Line}] = i
		}
	}
	g.r.Sources = append(g.r.Sources, src)
	return x
}

// byName adds to the i-th file the entries of the checksum files given
// that list it (by its path, or by its bare name from another folder), and
// claims the rows those entries made for a file not there: it is this one.
func (g *gatherer) byName(i int, given []*checksum.Index, claimed map[int]bool) {
	f := &g.r.Files[i]
	for _, x := range given {
		for _, p := range x.Published(f.Path) {
			if g.has(f, p) {
				continue
			}
			f.Published = append(f.Published, p)
			if row, ok := g.entryRow[entryKey{g.abs(p.Source), p.Line}]; ok && row != i {
				claimed[row] = true
			}
		}
	}
}

// has reports whether f has the entry p already.
func (g *gatherer) has(f *verdict.File, p checksum.Published) bool {
	return slices.ContainsFunc(f.Published, func(q checksum.Published) bool {
		return q.Line == p.Line && g.abs(q.Source) == g.abs(p.Source)
	})
}

// drop removes the claimed rows (entries whose file was given from
// elsewhere), and their entries from the sources' orphans.
func (g *gatherer) drop(claimed map[int]bool) {
	if len(claimed) == 0 {
		return
	}
	r := g.r
	gone := make(map[entryKey]bool)
	var files []verdict.File
	var names []string
	var walked []bool
	for i, f := range r.Files {
		if claimed[i] {
			for _, p := range f.Published {
				gone[entryKey{g.abs(p.Source), p.Line}] = true
			}
			continue
		}
		files, names, walked = append(files, f), append(names, r.Names[i]), append(walked, r.Walked[i])
	}
	r.Files, r.Names, r.Walked = files, names, walked
	for k := range r.Sources {
		src := &r.Sources[k]
		src.Orphans = slices.DeleteFunc(src.Orphans, func(o verdict.Orphan) bool {
			return gone[entryKey{g.abs(o.Published.Source), o.Published.Line}]
		})
	}
}

// beside finds the digests published for the i-th file in the checksum
// files beside it, and the entries of those that name no file there (a
// download the browser renamed may match one by its digest).
func (g *gatherer) beside(i int) {
	f := &g.r.Files[i]
	pubs, errs := checksum.FindPublishedSigned(f.Path, g.opts.Ring)
	for _, p := range pubs {
		if !g.has(f, p) {
			f.Published = append(f.Published, p)
		}
	}
	g.r.Problems = append(g.r.Problems, errs...)
	if len(f.Published) > 0 {
		return
	}
	for _, src := range Orphans(filepath.Dir(f.Path), g.opts.Ring) {
		if !g.known(src.Path) {
			g.r.Sources = append(g.r.Sources, src)
		}
	}
}

// Orphans reads the checksum files of the folder dir and returns, for each
// that has some, the entries that name no file there: a download the
// browser renamed ("ubuntu (1).iso") may match one by its digest. It reads
// the disk.
func Orphans(dir string, ring *signature.Keyring) []verdict.Source {
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []verdict.Source
	for _, de := range list {
		path := filepath.Join(dir, de.Name())
		if de.IsDir() || !checksum.IsSumsName(de.Name()) || isSignature(path) {
			continue
		}
		sf, err := checksum.ReadSignedStreamed(path, ring)
		if err != nil {
			continue // the file's own lookup says so
		}
		src := verdict.Source{Path: path, Orphans: Absent(sf)}
		if len(src.Orphans) > 0 {
			out = append(out, src)
		}
	}
	return out
}

// Absent returns the entries of sf whose files are not there (MISSING), in
// file order, those of algorithms Hashdrop lacks left out. It looks at the
// disk.
func Absent(sf *checksum.File) []verdict.Orphan {
	loc, err := sf.Locator(false)
	if err != nil {
		return nil
	}
	defer loc.Close()
	var out []verdict.Orphan
	for _, e := range sf.All() {
		if e.Unsupported != "" {
			continue
		}
		if path, status, _ := loc.Locate(e); status == checksum.StatusMissing {
			out = append(out, verdict.Orphan{Name: e.Name, Path: path,
				Published: checksum.Published{Expected: e.Expected(), Source: sf.Path, Line: e.Line, Signed: sf.Signed, Authenticity: sf.Authenticity, Fetched: sf.Fetched, Signs: sf.Signs}})
		}
	}
	return out
}

// known reports whether the checksum file at path is a source already.
func (g *gatherer) known(path string) bool {
	return slices.ContainsFunc(g.r.Sources, func(s verdict.Source) bool { return g.abs(s.Path) == g.abs(path) })
}

// looked, when set (tests), is told of every look Gather takes at a file
// listed: a stat, or the lookup of a checksum file's entry (Locate).
var looked func(path, how string)

// readChecksums, when set (tests), is told of every checksum file entries
// goes through, and whether it was read while the walks went on.
var readChecksums func(path string, early bool)

// abs is filepath.Abs(path) without asking for the current folder again.
func (g *gatherer) abs(path string) string {
	switch {
	case filepath.IsAbs(path):
		return filepath.Clean(path)
	case g.wd == "" || runtime.GOOS == "windows": // drive-relative names: the system's rules
		if p, err := filepath.Abs(path); err == nil {
			return p
		}
		return path
	}
	return filepath.Join(g.wd, path)
}

// within reports whether the folder dir is root or inside it (both
// absolute and clean).
func within(dir, root string) bool {
	if dir == root {
		return true
	}
	if !strings.HasSuffix(root, string(filepath.Separator)) {
		root += string(filepath.Separator)
	}
	return strings.HasPrefix(dir, root)
}

// FirstAlgorithms are the algorithms to read the file with first: the
// likeliest algorithm of each digest published for it (ReadFirst: SHA-256
// for 64 hex digits, MD5 for 32, or what its checksum file says), CRC32 for its name,
// and for a file nothing names, those of the entries it may be a renamed
// copy of. A digest that does not match its likeliest algorithm asks for
// the others through the verdict's Needs. For many files, Firsts.
func FirstAlgorithms(f *verdict.File, sources []verdict.Source) []*hashing.Algorithm {
	return NewFirsts(sources).Of(f)
}

// Firsts gives the FirstAlgorithms of the files of one release: the
// algorithms of the entries a file nothing names may be a renamed copy of
// are gathered once, so that a release of many such files and many
// entries costs a pass over each, not one over the entries a file.
type Firsts struct {
	sources []verdict.Source
	orphans []*hashing.Algorithm
	done    bool
}

// NewFirsts returns the Firsts of a release whose sources are sources.
func NewFirsts(sources []verdict.Source) *Firsts { return &Firsts{sources: sources} }

// Of returns FirstAlgorithms(f, the sources).
func (x *Firsts) Of(f *verdict.File) []*hashing.Algorithm {
	var out []*hashing.Algorithm
	for _, p := range f.Published {
		out = addReadFirst(out, p.Expected)
	}
	if f.InName != nil {
		out = addReadFirst(out, f.InName.Expected)
	}
	if len(f.Published) == 0 {
		if !x.done {
			x.done = true
			for _, s := range x.sources {
				for _, o := range s.Orphans {
					if !strings.HasPrefix(o.Published.Expected.Candidates[0].ID, "crc") {
						x.orphans = addReadFirst(x.orphans, o.Published.Expected)
					}
				}
			}
		}
		for _, a := range x.orphans {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// addReadFirst adds to out the algorithms e is read with first, those
// not in it already.
func addReadFirst(out []*hashing.Algorithm, e *checksum.ExpectedDigest) []*hashing.Algorithm {
	if e == nil {
		return out
	}
	for _, a := range e.ReadFirst() {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}
