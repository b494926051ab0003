package ui

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// drop takes what was dropped on the window: local files and folders.
func (w *Window) drop(uris []fyne.URI) {
	var paths []string
	for _, u := range uris {
		if u.Scheme() == "file" {
			paths = append(paths, u.Path())
		}
	}
	w.tracef("dropped %q", paths)
	w.Add(paths)
}

// Add queues paths: files are hashed, folders walked (in the background,
// with a count shown) and their files hashed, and a checksum file
// (SHA256SUMS, *.sha256, ...) given on its own lists the files it names
// (sumsGiven), and a public key file (.asc, .gpg, .pub) given on its own
// is offered for import.
func (w *Window) Add(paths []string) {
	if len(paths) == 0 {
		return
	}
	w.show(nil)
	ctx, gen := w.startWalk()
	remembered := slices.Clone(w.given)
	w.background(func() {
		if len(paths) == 1 {
			if keys, store := readKeyFile(paths[0]); keys != nil {
				w.do(func() {
					if gen == w.gen {
						w.walkDone()
						w.confirmKeys(keys, store)
					}
				})
				return
			}
		}
		paths = withoutTheirSignatures(paths)
		if onlySums(paths) {
			xs := make([]*checksum.Index, len(paths))
			for i, p := range paths {
				xs[i] = readGiven(p)
			}
			w.do(func() {
				if gen == w.gen {
					w.walkDone()
					w.sumsGiven(paths, xs)
				}
			})
			return
		}
		changed, again := readChangedGiven(remembered)
		remembered = slices.DeleteFunc(remembered, func(x *checksum.Index) bool { return slices.Contains(changed, x) }) // again replaces them
		// The evidence is gathered by app/release, as for hashdrop verify:
		// a folder is a release (its checksum files are used for its files
		// at any depth, not hashed, and what they list that is not there is
		// a row that says so); a checksum file dropped with files is used
		// for them; a file given itself is also judged by the checksum
		// files beside it. The digests published for the files are known
		// before they are queued, so that the algorithms the verdict needs
		// are read first.
		restore := thrifty()
		rel := release.Gather(ctx, paths, release.Options{Ring: trustedKeys.get(), Given: append(remembered, again...),
			OwnSignaturesLater: true, Found: func(n int) {
				w.do(func() {
					if gen == w.gen {
						w.walkFound = n
						w.refreshStatus()
					}
				})
			}})
		restore()
		w.do(func() {
			if gen != w.gen {
				return
			}
			w.walkFound = 0
			w.forgetGiven(changed...)
			given := append(again, rel.Sums...)
			w.afterIndexing(given, func() { w.took(ctx, given, rel) })
		})
	})
}

// took lists what a release's gathering found, and uses for its files the
// checksum files given with them (given: read by the gathering, or
// remembered and read again because they changed). All are indexed.
func (w *Window) took(ctx context.Context, given []*checksum.Index, rel *release.Release) {
	defer w.walkDone()
	if ctx.Err() != nil {
		// Esc during the walk: say so, rather than leave the window as if
		// nothing had been dropped.
		n := 0
		for _, f := range rel.Files {
			if !f.Companion {
				n++
			}
		}
		w.flash(trn(n, "Cancelled: the {{.N}} file found so far was not added. Drop it again to hash it.",
			"Cancelled: the {{.N}} files found so far were not added. Drop them again to hash them.", "N", units.Thousands(n)))
		return
	}
	w.addGiven(given...)
	w.addSources(rel.Sources)
	// A file found in a folder has a signature of its own only if the walk
	// found one beside it (as for hashdrop verify): no file a folder holds
	// is looked for five times.
	signed := make(map[string]bool)
	for i, f := range rel.Files {
		if rel.Walked[i] && f.Companion {
			if p := checksum.SignedPath(f.Path); p != "" {
				signed[filepath.Clean(p)] = true
			}
		}
	}
	var files []found
	var pubs [][]checksum.Published
	var rows []listedRow
	unsupported := make(map[string][]string)
	for i, f := range rel.Files {
		name := filepath.Base(f.Path)
		if rel.Walked[i] {
			name = rel.Names[i]
		} else if f.Read == verdict.FileMissing || f.Read == verdict.FileRefused {
			name = listedName(sumsDirs(f.Published), f.Path)
		}
		switch {
		case f.Companion:
			w.tracef("%s is a checksum file or a signature: used as one, not hashed", f.Path)
		case f.Read == verdict.FileMissing:
			rows = append(rows, listedRow{path: f.Path, name: name, state: stateMissing, err: f.Err, published: f.Published, unsupported: f.Unsupported})
		case f.Read == verdict.FileRefused:
			rows = append(rows, listedRow{path: f.Path, name: name, state: stateFailed, refused: true, err: f.Err,
				published: f.Published, unsupported: f.Unsupported})
		default: // a file to read, or one that cannot be: its card says why
			files = append(files, found{Path: f.Path, Name: name, Size: f.Size, Unsigned: rel.Walked[i] && !signed[filepath.Clean(f.Path)]})
			pubs = append(pubs, f.Published)
			if len(f.Unsupported) > 0 {
				unsupported[f.Path] = f.Unsupported
			}
		}
	}
	w.addFiles(files, pubs)
	if len(unsupported) > 0 {
		for _, it := range w.files.items {
			if u := unsupported[it.path]; u != nil {
				it.unsupported = u
			}
		}
	}
	w.addRows(rows)
	w.noteLines(rel.Sums, rel.Problems) // lines not understood, files not read: none dropped silently
}

// sumsDirs are the folders of the checksum files of pubs.
func sumsDirs(pubs []checksum.Published) []string {
	var dirs []string
	for _, p := range pubs {
		if d := filepath.Dir(p.Source); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// readChangedGiven reads again the checksum files remembered for later
// files (xs) that changed on the disk since (a new SHA256SUMS downloaded
// over the old one): a checksum file read again from the disk gives
// nothing of what changed. It returns the changed ones and what they are now (the usable
// ones). It reads the disk: not on the Fyne goroutine.
func readChangedGiven(xs []*checksum.Index) (changed, again []*checksum.Index) {
	for _, x := range xs {
		if x.Changed() {
			changed = append(changed, x)
			if y := readGiven(x.Path()); y != nil {
				again = append(again, y)
			}
		}
	}
	return changed, again
}

// forgetGiven forgets checksum files remembered for later files.
func (w *Window) forgetGiven(xs ...*checksum.Index) {
	w.given = slices.DeleteFunc(w.given, func(x *checksum.Index) bool { return slices.Contains(xs, x) })
}

// startWalk counts a walk begun (Esc cancels its context; walkDone ends
// it) and returns its context and the list's generation.
func (w *Window) startWalk() (context.Context, int) {
	if w.walkCancel == nil {
		ctx, cancel := context.WithCancel(context.Background())
		w.walkCancel = cancel
		w.walkCtx = ctx
	}
	w.walking++
	w.refreshChrome()
	return w.walkCtx, w.gen
}

// walkDone counts a finished walk; the last one releases the walks' context.
func (w *Window) walkDone() {
	w.walking--
	if w.walking == 0 && w.walkCancel != nil {
		w.walkCancel()
		w.walkCancel = nil
	}
	w.refreshChrome()
}

// addFiles lists files and queues them with the chosen algorithms; pubs
// are the digests published next to the first of them, to which those of
// the checksum files given (w.given) are added.
func (w *Window) addFiles(files []found, pubs [][]checksum.Published) {
	if len(files) == 0 {
		return
	}
	algs := w.picker.selected()
	if w.files.allFinished() {
		w.started = w.now()
	}
	// A file listed already is not listed twice: dropped again, it is read
	// again if it was cancelled or could not be read.
	listed := make(map[string]*fileItem, len(w.files.items))
	for _, it := range w.files.items {
		listed[it.path] = it
	}
	var items, signable []*fileItem
	var fresh []found
	var freshPubs [][]checksum.Published
	missing := w.missingRows()
	found := make(map[*fileItem]bool) // rows of files listed as not here, found elsewhere
	for i, f := range files {
		if it, ok := listed[f.Path]; ok {
			if it != nil && it.finished() && (it.state == stateCancelled || it.state == stateFailed) {
				it.refused = false // dropped itself: the user asks for it
				w.retry(it)
			}
			continue
		}
		listed[f.Path] = nil
		it := newFileItem(f.Path, f.Size, algs)
		if f.Name != "" {
			it.name = app.VisibleText(f.Name)
		}
		if len(missing) > 0 {
			// A file a checksum file lists and that was not beside it,
			// dropped from elsewhere: it takes the row that said so.
			var beside []checksum.Published
			if i < len(pubs) {
				beside = pubs[i]
			}
			if row := missing.of(checksum.PublishedFor(f.Path, beside, w.given)); row != nil && !found[row] {
				row.path, row.name, row.size, row.base, row.rows = it.path, it.name, it.size, it.base, it.rows
				row.state, row.err, row.published = stateWaiting, nil, nil
				found[row] = true
				w.files.changed(row)
				it = row
			}
		}
		items = append(items, it)
		if !f.Unsigned {
			signable = append(signable, it)
		}
		fresh = append(fresh, f)
		if i < len(pubs) {
			freshPubs = append(freshPubs, pubs[i])
		}
	}
	files, pubs = fresh, freshPubs
	w.expected.adopt(items)
	var small smallStart
	for i := range files {
		it := items[i]
		if i < len(pubs) {
			it.beside = pubs[i]
		}
		it.published = checksum.PublishedFor(it.path, it.beside, w.given)
		if len(it.published) > 0 {
			w.tracef("published digest for %s in %s", it.path, it.published[0].Source)
			if a := it.published[0].Authenticity; a != nil {
				w.tracef("signature of %s: %s", filepath.Base(it.published[0].Source), a.Verdict.Kind)
			}
		}
		if !found[it] {
			it.index = len(w.files.items)
			w.files.items = append(w.files.items, it)
		}
		first, later := w.verdictFirst(it, algs)
		for _, a := range first {
			if !containsAlg(it.rows, a) {
				it.rows = append(it.rows, a)
			}
		}
		it.later = later
		w.verdictPass(it)
		w.files.fit(it)
		if len(files) > 1 && small.fits(it) {
			small.add(it, first)
		} else {
			w.startJob(it, first)
		}
	}
	w.startSmall(small)
	if len(w.files.items) >= thriftyFiles {
		w.unthrift()
		w.thrift = thriftyList(len(w.files.items)) // until they are read (Tick)
	}
	w.files.refresh()
	w.stale = true // a digest pasted before the files came is judged at the next tick
	w.refreshChrome()
	w.checkOwnSignatures(signable)
}

// thriftyFiles is the length of a list read with the garbage collector
// thrifty (thriftyList): each row keeps about a kilobyte, and judging them
// makes as much again, which the default percentage lets pile up to twice
// that before collecting.
const thriftyFiles = 5000

// listMemory is the Go memory a long list is read within (a soft limit,
// debug.SetMemoryLimit): the collector runs as usual below it, and more
// often near it, so that a list of 50,000 files stays within about 256
// MiB of heap, not twice what it keeps. A longer list keeps about 3.5 KiB
// a file (its row, its entry, its verdict): it is given rowMemory a file,
// lest the collector run without end under a limit below what is kept.
const (
	listMemory = 256 << 20
	rowMemory  = 5 << 10
)

// thriftyList sets the soft memory limit while a list of n files is read;
// the function it returns restores the limit that was.
func thriftyList(n int) (restore func()) {
	was := debug.SetMemoryLimit(max(listMemory, int64(n)*rowMemory))
	return func() { debug.SetMemoryLimit(was) }
}

// entryRows finds the rows of files a checksum file lists and that are not
// there, by the entries that list them.
type entryRows map[entryKey]*fileItem

type entryKey struct {
	source string
	line   int
}

// missingRows are the rows of the list that say a listed file is not there.
func (w *Window) missingRows() entryRows {
	rows := make(entryRows)
	for _, it := range w.files.items {
		if it.state == stateMissing {
			for _, p := range it.published {
				rows[entryKey{p.Source, p.Line}] = it
			}
		}
	}
	return rows
}

// of is the row of a file not there that one of the entries pubs lists.
func (r entryRows) of(pubs []checksum.Published) *fileItem {
	for _, p := range pubs {
		if it := r[entryKey{p.Source, p.Line}]; it != nil {
			return it
		}
	}
	return nil
}

// expectedFor is the digest the verdict on it compares with: the pasted
// one when it applies to the file, else the one published next to it.
func (w *Window) expectedFor(it *fileItem) *checksum.ExpectedDigest {
	if w.expected.appliesTo(it) {
		return w.expected.parsed
	}
	if len(it.published) > 0 {
		return it.published[0].Expected
	}
	return nil
}

// verdictFirst splits algs for a file whose expected digest is known: the
// algorithm the verdict needs first, read alone at its own full speed, the
// others after (nil when nothing is to be compared). Of several candidates
// (64 digits: SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 or BLAKE3) the
// likeliest is read first (checksum's ReadFirst); the others are read
// with the preset's when it does not match (neededToo), and so are the
// algorithms of the other digests published for the file: until they are
// compared the banner says what matched and what is still being checked,
// never green (the engine's rule 6).
func (w *Window) verdictFirst(it *fileItem, algs []*hashing.Algorithm) (first, later []*hashing.Algorithm) {
	e := w.expectedFor(it)
	if e == nil {
		return algs, nil
	}
	first = slices.Clone(e.ReadFirst())
	// The CRC32 in its name costs next to nothing read with it, and a
	// disagreement is then known with the verdict, not after a green.
	if p := w.inName(it); p != nil && !containsAlg(first, p.Expected.Candidates[0]) {
		first = append(first, p.Expected.Candidates[0])
	}
	for _, a := range algs {
		if !containsAlg(first, a) {
			later = append(later, a)
		}
	}
	return first, later
}

// neededToo adds to later, the preset's algorithms still to read after
// the verdict's first pass, what the verdict needs besides: the
// algorithms of the other digests published for the file (a SHA256SUMS
// beside the SHA512SUMS that decided, whatever the preset), and the
// candidates of a digest that did not match (64 digits that are not
// SHA-256: SHA3-256, ...): one more reading for all, not two. A pasted
// digest adds its candidates only when it may have the file read again
// (expectedField.rereads).
func (w *Window) neededToo(it *fileItem, later []*hashing.Algorithm) []*hashing.Algorithm {
	out := slices.Clone(later)
	add := func(needs []*hashing.Algorithm) {
		for _, a := range needs {
			if it.digests[a] == nil && !containsAlg(out, a) && !containsAlg(it.declined, a) {
				out = append(out, a)
			}
		}
	}
	computed := it.computed()
	if pubs := it.published; len(pubs) > 0 {
		if p := w.inName(it); p != nil {
			pubs = append(slices.Clone(pubs), *p)
		}
		add(checksum.Decide(pubs, computed).Needs)
	}
	if w.expected.appliesTo(it) && w.expected.rereads(it) {
		if v := w.expected.parsed.Judge(computed); v.Outcome == checksum.Pending {
			add(v.Needs)
		}
	}
	return out
}

// prioritise gives the algorithm a digest pasted (or a checksum file
// given) during hashing needs the same priority: a file hashed with other
// algorithms, less than half read, is read again with that one first and
// the others after it.
func (w *Window) prioritise(it *fileItem) {
	if it.finished() || len(it.later) > 0 || it.prog.Fraction() >= 0.5 {
		return
	}
	first, later := w.verdictFirst(it, it.jobAlgs)
	if len(later) == 0 && slices.Equal(first, it.jobAlgs) ||
		!slices.ContainsFunc(first, func(a *hashing.Algorithm) bool { return it.digests[a] == nil }) {
		return // already first, or already known
	}
	w.tracef("%s: %s first, for the pasted digest", it.path, algNames(first))
	old := it.job
	it.jobSeq++ // its result is of no use now
	it.job = nil
	old.Cancel()
	for _, a := range first {
		if !containsAlg(it.rows, a) {
			it.rows = append(it.rows, a)
		}
	}
	it.later = later
	w.verdictPass(it)
	w.startJob(it, first)
	w.files.fit(it)
}

// withoutTheirSignatures leaves out the signature files dropped with the
// file they sign (SHA256SUMS.gpg with SHA256SUMS, ubuntu.iso.sig with
// ubuntu.iso): each is read as that file's signature, not hashed.
func withoutTheirSignatures(paths []string) []string {
	if len(paths) < 2 {
		return paths
	}
	dropped := make(map[string]bool, len(paths))
	for _, p := range paths {
		dropped[filepath.Clean(p)] = true
	}
	var out []string
	for _, p := range paths {
		if signed := checksum.SignedPath(filepath.Clean(p)); signed == "" || !dropped[signed] {
			out = append(out, p)
		}
	}
	return out
}

// onlySums reports whether every path is a checksum file: given on their
// own, they are checked.
func onlySums(paths []string) bool {
	for _, p := range paths {
		if !isSumsFile(p) {
			return false
		}
	}
	return len(paths) > 0
}

// isSumsFile reports whether path is a regular file with a checksum file's
// name (SHA256SUMS, *.sha256, ...).
func isSumsFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && looksLikeSums(path)
}

// looksLikeSums reports whether the file's name says it is a checksum
// file, which the window opens in its checksum-file view instead of
// hashing it.
func looksLikeSums(path string) bool {
	return checksum.IsSumsName(filepath.Base(strings.TrimSpace(path)))
}

// found is a file to list: its path, what to call it (its base name, or
// for a file found in a folder its path from there: "iso/a.iso") and its
// size (-1 when it could not be told; its card then says why).
type found struct {
	Path string
	Name string
	Size int64
	// Unsigned: found in a folder with no signature beside it, so none of
	// its own is looked for (checkOwnSignatures).
	Unsigned bool
}

// hashMore reads a finished file again for the algorithms in more, adding
// their rows to its card.
func (w *Window) hashMore(it *fileItem, more []*hashing.Algorithm) {
	if len(more) == 0 {
		return
	}
	for _, a := range more {
		if !containsAlg(it.rows, a) {
			it.rows = append(it.rows, a)
		}
	}
	w.files.again[it] = true
	if w.moreSmall != nil && w.moreSmall.fits(it) {
		w.moreSmall.add(it, more) // started with the others of its group (smallDone)
	} else {
		w.startJob(it, more)
	}
	it.state = stateHashing
	w.files.fit(it)
}

// smallStart gathers small files to start together (startSmall), each
// with its algorithms.
type smallStart struct {
	items []*fileItem
	algs  [][]*hashing.Algorithm
}

// fits reports whether it is small enough to be read with others, by the
// size its listing found.
func (s *smallStart) fits(it *fileItem) bool { return it.size >= 0 && it.size <= app.SmallFileSize }

func (s *smallStart) add(it *fileItem, algs []*hashing.Algorithm) {
	s.items = append(s.items, it)
	s.algs = append(s.algs, algs)
}

// startSmall hashes small files together (Core.HashSmall): a folder's
// thousands of files cost a few handoffs a group, and their results come
// to the window a group at a time.
func (w *Window) startSmall(s smallStart) {
	if len(s.items) == 0 {
		return
	}
	paths := make([]string, len(s.items))
	seqs := make([]int, len(s.items))
	for i, it := range s.items {
		w.queued(it, s.algs[i])
		seqs[i], paths[i] = it.jobSeq, it.path
	}
	items := s.items
	jobs := w.core.HashSmall(paths, s.algs, func(fs []Finished) {
		w.do(func() { w.smallDone(items, seqs, fs) })
	})
	for i, it := range items {
		it.job = jobs[i]
		w.files.changed(it)
	}
}

// smallDone records the results of small files read together; the files
// that are to be read again (the preset's other algorithms, after the
// verdict's) are started together too.
func (w *Window) smallDone(items []*fileItem, seqs []int, fs []Finished) {
	var more smallStart
	w.moreSmall = &more
	for _, f := range fs {
		w.jobDone(items[f.I], seqs[f.I], f.R)
	}
	w.moreSmall = nil
	w.startSmall(more)
}

// missing returns the chosen algorithms a finished file has no digest for:
// they were chosen after it was hashed.
func missing(it *fileItem, chosen []*hashing.Algorithm) []*hashing.Algorithm {
	if it.state != stateDone || !it.finished() {
		return nil
	}
	var out []*hashing.Algorithm
	for _, a := range chosen {
		if it.digests[a] == nil {
			out = append(out, a)
		}
	}
	return out
}

// computeBatch is how many files "Compute new algorithms" queues at a time
// on the Fyne goroutine, which draws and answers clicks between batches.
const computeBatch = 200

// computeNew hashes every finished file again for the algorithms chosen
// since it was hashed ("Compute new algorithms"), queued a batch at a time
// so that the window stays responsive, and Cancel all stops it.
func (w *Window) computeNew() {
	w.computeGen++
	w.queueMore(slices.Clone(w.files.items), w.picker.selected(), w.computeGen)
}

func (w *Window) queueMore(items []*fileItem, chosen []*hashing.Algorithm, gen int) {
	if gen != w.computeGen {
		return // cancelled, or cleared
	}
	n := min(len(items), computeBatch)
	for _, it := range items[:n] {
		w.hashMore(it, missing(it, chosen))
	}
	w.files.refresh()
	w.refreshChrome()
	if rest := items[n:]; len(rest) > 0 {
		go w.do(func() { w.queueMore(rest, chosen, gen) })
	}
}

// startJob hashes it with algs.
func (w *Window) startJob(it *fileItem, algs []*hashing.Algorithm) {
	w.queued(it, algs)
	seq := it.jobSeq
	it.job = w.core.Hash(it.path, algs, func(r app.Result) {
		read := time.Now() // before the window's goroutine takes the result
		w.do(func() {
			w.readEnded(it, read)
			w.jobDone(it, seq, r)
		})
	})
	w.files.changed(it)
}

// verdictPass counts it, whose next job reads what its verdict needs
// first (it.later holds the rest), among the passes the list's verdict
// waits for (judgeDue).
func (w *Window) verdictPass(it *fileItem) {
	if len(it.later) > 0 && !it.verdictPass {
		it.verdictPass = true
		w.verdictPasses++
	}
}

// queued readies it for a new job reading algs.
func (w *Window) queued(it *fileItem, algs []*hashing.Algorithm) {
	it.jobSeq++
	it.jobAlgs = algs
	it.state = stateWaiting
	it.started = time.Time{}
	it.prog = app.Progress{Total: it.size}
	w.tracef("queued %s (%s)", it.path, algNames(algs))
	if w.trace != nil && it.size >= tracedRead {
		if w.reads == nil {
			w.reads = make(map[*fileItem]readMark)
		}
		w.reads[it] = readMark{at: time.Now(), cpu: cpuTime(), thread: threadCPUTime(), ticks: w.ticks, tickCPU: w.tickCPU}
	}
}

// tracedRead is the least size of a file whose reading is traced: the
// time from queued to done, and the CPU the window's thread and the
// process spent meanwhile (the hashing's, and the window's beside it).
const tracedRead = 64 << 20

// readMark is when a traced read was queued, and the CPU times then; read
// is when its job ended, on the job's goroutine (readEnded).
type readMark struct {
	at, read             time.Time
	cpu, thread, tickCPU time.Duration
	ticks                int
}

// readEnded notes when the job reading it ended, before the result was
// handed to the window's goroutine, if its read is traced.
func (w *Window) readEnded(it *fileItem, read time.Time) {
	if m, ok := w.reads[it]; ok {
		m.read = read
		w.reads[it] = m
	}
}

// traceRead logs a traced read's times (HASHDROP_TRACE).
func (w *Window) traceRead(it *fileItem, r app.Result) {
	m, ok := w.reads[it]
	if !ok {
		return
	}
	delete(w.reads, it)
	now := time.Now()
	if m.read.IsZero() {
		m.read = now
	}
	d := m.read.Sub(m.at)
	w.tracef("read %s: %d MiB in %v, %.0f MB/s, with %s, taken by the window's goroutine %v later; CPU: the process %v, the window's thread %v, of which %d ticks %v", it.path, r.Size>>20,
		d.Round(time.Millisecond), float64(r.Size)/d.Seconds()/1e6, algNames(it.jobAlgs), now.Sub(m.read).Round(100*time.Microsecond),
		(cpuTime() - m.cpu).Round(time.Millisecond), (threadCPUTime() - m.thread).Round(time.Millisecond),
		w.ticks-m.ticks, (w.tickCPU - m.tickCPU).Round(time.Millisecond))
}

// jobDone records the result of a job of it.
func (w *Window) jobDone(it *fileItem, seq int, r app.Result) {
	if it.jobSeq != seq || it.job == nil {
		return // cleared, or replaced
	}
	had := len(it.digests) > 0
	it.job = nil
	it.prog.Algorithms = nil
	if it.verdictPass {
		it.verdictPass = false
		if w.verdictPasses--; w.verdictPasses == 0 {
			w.passesRead = true // the verdicts can be given: judged at the next tick, whatever the list's length
		}
	}
	switch {
	case r.Err == nil:
		for _, d := range r.Digests {
			it.digests[d.Algorithm] = d.Sum
		}
		it.state = stateDone
		// "Hashed in": the bytes and the reading time of the same passes;
		// a pass over before the ticker saw it start counts in neither.
		if !it.started.IsZero() {
			it.elapsed += w.now().Sub(it.started)
			it.hashed += r.Size
			it.started = time.Time{}
		}
		if later := it.later; len(later) > 0 {
			it.later = nil
			it.extra = later
			// This pass was read for the verdict: it is shown now, not at
			// the next tick (up to tickEvery later), when the list is short
			// enough for a pass over it per such file.
			if len(w.files.items) <= maxJudgedAtOnce {
				defer w.judgeNow() // deferred first: runs after hashMore
			}
			defer w.hashMore(it, w.neededToo(it, later)) // after the verdict
		}
		if r.Size > 0 || it.size < 0 {
			it.size = max(it.size, r.Size)
		}
		if w.trace != nil {
			w.tracef("done %s %s", it.path, digestTrace(r.Digests))
			w.traceRead(it, r)
		}
	case had:
		it.state = stateDone // the first digests stand; the extra ones failed
		if cancelled(r.Err) {
			it.declined = append(it.declined, it.jobAlgs...) // not read again unasked
		}
		w.tracef("extra digests of %s: %v", it.path, r.Err)
	case cancelled(r.Err):
		it.later = nil
		it.state = stateCancelled
		w.tracef("cancelled %s", it.path)
	default:
		it.state = stateFailed
		it.err = r.Err
		w.tracef("failed %s: %v", it.path, r.Err)
	}
	w.files.changed(it)
	w.stale = true // judged and counted at the next tick: one pass for many files
}

// retry reads a cancelled or failed file again with the algorithms it was
// added with; a file read already, whose other algorithms were cancelled
// after its verdict, is read for those only.
func (w *Window) retry(it *fileItem) {
	if !it.finished() {
		return
	}
	if rest := it.unfinished(); it.state == stateDone && len(rest) > 0 {
		it.declined = nil
		w.hashMore(it, rest)
		w.files.changed(it)
		w.files.redraw()
		w.refreshChrome()
		return
	}
	it.err, it.declined = nil, nil
	first, later := w.verdictFirst(it, it.base)
	it.later = later
	w.verdictPass(it)
	w.startJob(it, first)
	w.files.changed(it)
	w.files.redraw()
	w.refreshChrome()
}

// cancelItem stops the file's job; its card then says "cancelled".
func (w *Window) cancelItem(it *fileItem) {
	if it.job != nil {
		it.job.Cancel()
	}
}

// CancelAll stops every job and folder walk (Esc).
func (w *Window) CancelAll() {
	w.computeGen++ // "Compute new algorithms" queues no more
	if w.walkCancel != nil {
		w.walkCancel()
		w.walkCancel = nil // walks started after this get a context of their own
	}
	if w.sums != nil && w.sums.running() {
		w.sums.cancel()
	}
	if w.offer.stop != nil {
		w.offer.stop() // a fetch of a publisher's checksums
	}
	w.core.CancelAll()
	w.tracef("cancel all")
}

// Clear cancels everything and empties the list, the digest field and the
// verdict.
func (w *Window) Clear() {
	w.CancelAll()
	w.expected.SetText("")
	w.given = nil
	w.sources = nil
	w.gatheredFiles = nil
	w.sumsNext = nil
	w.offer.reset()
	for _, f := range w.fetched {
		f.Close()
	}
	w.fetched = nil
	w.gen++
	w.walking, w.walkFound, w.walkCancel = 0, 0, nil
	for _, it := range w.files.items {
		it.jobSeq++ // late results are ignored
	}
	w.files.reset(w.picker.selected())
	w.verdictPasses, w.passesRead = 0, false
	w.unthrift()
	w.cmp.reset()
	w.judge()
	w.refreshChrome()
}

// unthrift ends the thrift of a long list being read.
func (w *Window) unthrift() {
	if w.thrift != nil {
		w.thrift()
		w.thrift = nil
	}
}

// checkOwnSignatures checks, in the background, the signatures of the
// files themselves (ubuntu.iso.sig beside ubuntu.iso): each such file is
// read once more, and the verdict goes on its card.
func (w *Window) checkOwnSignatures(items []*fileItem) {
	if len(items) == 0 {
		return
	}
	gen := w.gen
	paths := make([]string, len(items))
	for i, it := range items {
		paths[i] = it.path
	}
	go func() {
		for i, p := range paths {
			if len(checksum.SignatureFiles(p)) == 0 {
				continue
			}
			a, err := checksum.VerifyFile(p, trustedKeys.get())
			if err != nil || a == nil {
				continue
			}
			it := items[i]
			w.do(func() {
				if gen != w.gen {
					return
				}
				it.ownSig = a
				w.tracef("own signature of %s: %s", it.path, a.Verdict.Kind)
				w.files.changed(it)
				w.files.fit(it)
				w.stale = true
			})
		}
	}()
}

// allFinished reports whether no file of the list is waiting or hashing.
func (l *fileList) allFinished() bool {
	return !slices.ContainsFunc(l.items, func(it *fileItem) bool { return !it.finished() })
}
