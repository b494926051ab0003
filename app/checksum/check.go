package checksum

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// Status is the outcome of checking one entry of a checksum file.
type Status int

const (
	StatusOK         Status = iota // the file's digest equals the listed one
	StatusFailed                   // it does not: the file is damaged or different
	StatusMissing                  // no such file
	StatusUnreadable               // the file exists but could not be read
	StatusRefused                  // outside the checksum file's folder, or not a regular file
	StatusSkipped                  // the algorithm is not supported

	NumStatus = iota
)

// EntryResult is the outcome for one entry.
type EntryResult struct {
	Index  int    // index into SumsFile.Entries
	Entry  *Entry // the entry checked
	Path   string // the file on disk that was (or would have been) read
	Status Status
	// Algorithm is the algorithm that matched (OK), or was compared.
	Algorithm *hashing.Algorithm
	// Kind is the cause of a MISSING, UNREADABLE, REFUSED or SKIPPED
	// status (a FAILED one needs none: Entry.Algorithms differ).
	Kind app.Cause
	Err  error       // the error behind an UNREADABLE or MISSING status, if any
	Type fs.FileMode // the kind of file (a pipe, a socket, a device), for CauseSpecial
}

// CheckOptions tune File.Check.
type CheckOptions struct {
	// AllowOutside lets entries name files outside the checksum file's
	// folder (absolute paths, ".."); otherwise they are REFUSED. The window
	// asks the user first.
	AllowOutside bool
	// Queue hashes the files; nil means the queue HashFile uses. The window
	// passes its own, so that checking shares the cores with its other files.
	Queue *app.Queue
	// OnStart, if set, is called with the job of every file read by a job
	// of the queue as it is queued (a large file: small ones are read
	// and hashed at once, without a job), from a goroutine of the check:
	// the window shows its progress.
	OnStart func(*app.Job)
	// OnEntry, if set, is called for every entry as soon as its status is
	// known, in file order, from the goroutine running Check. done counts
	// the entries reported so far (1..total).
	OnEntry func(r EntryResult, done, total int)
	// OnlyOnEntry leaves CheckReport.Results empty: OnEntry has them all
	// (a window keeps its own; millions of entries need not be kept twice).
	OnlyOnEntry bool
	// Plan is sf's plan (File.Plan), made by whoever read every entry
	// already; nil: Check reads them once more to make it.
	Plan *CheckPlan
}

// CheckPlan is what Check must know of every entry before it reads the
// first file: 8 bytes a file named.
type CheckPlan struct {
	sf    *File
	p     targetPlan
	files int
}

// Plan reads every entry of sf once to plan its check, and calls each with
// every entry on the way (the window asks about files outside the folder
// in the same reading). Without each, the plan made as sf was read
// (ReadSignedForCheck) is returned, when there is one.
func (sf *File) Plan(each func(*Entry)) *CheckPlan {
	if each == nil && sf.planned != nil {
		return sf.planned
	}
	named := 0 // entries Hashdrop can check
	p := planTargets(sf, func(e *Entry) {
		if e.Unsupported == "" {
			named++
		}
		if each != nil {
			each(e)
		}
	})
	return &CheckPlan{sf: sf, p: p, files: named - p.repeats()}
}

// planner plans a check as the entries are parsed (parseStreamed), as
// planTargets does in one reading.
type planner struct {
	p     targetPlan
	named int
}

func (pl *planner) add(sf *File, e *Entry) {
	if e.Unsupported != "" {
		return
	}
	if pl.named++; pl.named <= planOnePassMax { // more: Check plans in two readings
		pl.p = append(pl.p, planSlot(sf, e))
	}
}

// plan is the plan of the entries added.
func (pl *planner) plan(sf *File) *CheckPlan {
	p := pl.p.named()
	return &CheckPlan{sf: sf, p: p, files: pl.named - p.repeats()}
}

// Files is how many files the entries name, as CheckReport.Files counts
// them: Qubes' DIGESTS, four digests of one ISO, names one; entries of an
// algorithm Hashdrop lacks are left out. Two names whose hashes share
// their top 32 bits count as one, and a name listed more than 255 times
// more than once: neither is met in a checksum file.
func (p *CheckPlan) Files() int { return p.files }

// CheckReport is the outcome of checking every entry of a checksum file.
type CheckReport struct {
	File *File
	// Results has one result per entry checked, in file order; a streamed
	// file's (see File.EntryCount) are given to OnEntry only.
	Results []EntryResult
	Checked int // the entries checked
	Counts  [NumStatus]int
	// Files counts the files the entries checked name, by the worst
	// status of their entries (FAILED, then UNREADABLE, REFUSED, MISSING,
	// OK): Qubes' DIGESTS, four digests of one ISO, is one file. Entries
	// of an algorithm Hashdrop lacks are not counted here (Unsupported).
	Files [NumStatus]int
	// Unsupported are the algorithms of the SKIPPED entries, each once, in
	// file order.
	Unsupported []string
}

// worse reports whether a file whose entry is a is worse off than one
// whose entry is b: FAILED, then UNREADABLE, REFUSED, MISSING, OK.
func worse(a, b Status) bool {
	rank := [NumStatus]int{StatusOK: 0, StatusMissing: 1, StatusRefused: 2, StatusUnreadable: 3, StatusFailed: 4}
	return rank[a] > rank[b]
}

// FileOutcome is the report's verdict on the files, counted as files:
//   - Mismatch when any FAILED (a file differs);
//   - Unknown when any is UNREADABLE or REFUSED, or none was checked
//     because their algorithms are all unsupported (Unsupported), or
//     nothing at all is listed;
//   - Match when at least one file is OK and the others are OK or
//     MISSING (a SHA256SUMS lists the other ISOs one did not download).
func (r *CheckReport) FileOutcome() Outcome {
	switch {
	case r.Files[StatusFailed] > 0:
		return Mismatch
	case r.Files[StatusUnreadable] > 0 || r.Files[StatusRefused] > 0 || r.Files[StatusOK] == 0:
		return Unknown
	}
	return Match
}

// AllOK reports whether every entry was checked and is OK.
func (r *CheckReport) AllOK() bool {
	return r.Checked > 0 && r.Checked == r.File.EntryCount && r.Counts[StatusOK] == r.Checked
}

// Check verifies every entry of sf. Each file on disk is read once for
// all the algorithms its entries name (a Gentoo DIGESTS file lists a file
// under SHA-512 and Whirlpool) and, for an untagged line whose length
// several algorithms share, its likeliest candidate (64 digits: SHA-256,
// or what the lines before it say: see neighbours); only when that one
// does not match is the file read once more, for all the other
// candidates, before it is called FAILED. Files are read checkAhead
// entries ahead of the one reported, a group at a time by one worker a
// core (app.Batch: a small file is opened, read and hashed by the worker
// that took it, a large one goes to the queue); entries are reported in
// file order. The report holds the entries checked before ctx was
// cancelled; the error is then ctx.Err(). Memory stays a few bytes an
// entry beyond the entries themselves: a file's result is kept only until
// the last entry naming it.
func (sf *File) Check(ctx context.Context, opts CheckOptions) (*CheckReport, error) {
	q := opts.Queue
	if q == nil {
		q = app.SharedQueue()
	}
	rep := &CheckReport{File: sf}
	// Entries are looked up through an os.Root of the folder, which also
	// stops symbolic links that lead out of it; nil allows outside files.
	var root *os.Root
	if !opts.AllowOutside {
		r, err := os.OpenRoot(rootDir(sf.Dir))
		if err != nil {
			return rep, &ReadError{Path: sf.Path, Kind: app.CauseOf(err), Err: err, Folder: true}
		}
		defer r.Close()
		root = r
	}
	// What each file needs, so that it is read once: the algorithms of all
	// its entries (the likeliest of each), and how many entries name it.
	c := &checker{sf: sf, rep: rep, opts: opts, q: q, root: root, kept: map[string]*target{}, sure: map[int]int{}}
	switch {
	case opts.Plan != nil && opts.Plan.sf == sf:
		c.plan = opts.Plan.p
	case sf.planned != nil:
		c.plan = sf.planned.p // made as sf was read
	default:
		c.plan = planTargets(sf, nil)
	}
	c.folders = newFolders(root)
	defer c.folders.close() // after the batch: its workers open through them
	c.batch = q.NewBatch(ctx, opts.OnStart)
	defer c.batch.Close()
	// A file is counted once its last entry is checked (or at the end).
	defer func() {
		for _, t := range c.kept {
			if t.judged {
				c.count(t)
			}
		}
	}()

	var (
		err   error
		ahead []*pending // read ahead, to be judged and reported in order
		next  int        // the first of ahead not reported yet
	)
	sf.entries(func(i int, e *Entry) bool {
		if err = ctx.Err(); err != nil {
			return false
		}
		if c.unsure(e) {
			// Which candidate to read first depends on the entries
			// before it: judge them all first.
			for ; next < len(ahead); next++ {
				if err = c.finish(ctx, ahead[next]); err != nil {
					return false
				}
				ahead[next] = nil
			}
			ahead, next = ahead[:0], 0
			c.guess = neighbours{seen: maps.Clone(c.near.seen)}
		}
		ahead = append(ahead, c.start(i, e))
		for len(ahead)-next >= checkAhead {
			if err = c.finish(ctx, ahead[next]); err != nil {
				return false
			}
			ahead[next] = nil
			if next++; next >= checkAhead {
				ahead = append(ahead[:0], ahead[next:]...)
				next = 0
			}
		}
		return true
	})
	for ; err == nil && next < len(ahead); next++ {
		err = c.finish(ctx, ahead[next])
	}
	if err == nil {
		err = sf.TextErr() // it changed: the entries after are missing
	}
	return rep, err
}

// checkAhead is how many entries Check reads ahead of the one it reports:
// enough to keep a worker a core busy with groups of small files, few
// enough that memory does not grow with the number of entries.
const checkAhead = 256

// checker is the state of one Check.
type checker struct {
	sf      *File
	rep     *CheckReport
	opts    CheckOptions
	q       *app.Queue
	root    *os.Root
	folders *folders
	batch   *app.Batch
	plan    targetPlan
	near    neighbours         // what the lines reported so far say of each length
	kept    map[string]*target // files named again further down
	// guess is near as it will be once the entries read ahead are
	// reported, if each untagged one matches the candidate read first;
	// sure counts, for each digest size, the untagged entries in a row
	// that did (see unsure).
	guess neighbours
	sure  map[int]int
}

// unsure reports whether e is an untagged entry whose file is not read
// yet, and whose likeliest candidate cannot be guessed before the entries
// read ahead are judged: the last few entries of its digest size did not
// all match their first candidate (the first of a file, a b3sum line among
// sha256sum ones). Check then judges those entries first, so that a file
// is read exactly as it would be one entry at a time.
func (c *checker) unsure(e *Entry) bool {
	return len(e.Algorithms) > 1 && e.Unsupported == "" && c.sure[len(e.Sum)] < sureAfter && c.kept[c.sf.targetKey(e)] == nil
}

// sureAfter is how many untagged entries of a digest size in a row must
// match their first candidate before Check reads ahead of their kind.
const sureAfter = 2

// pending is an entry read ahead, waiting to be judged.
type pending struct {
	i   int
	e   *Entry
	key string
	t   *target
}

func (c *checker) count(t *target) { c.rep.Files[t.worst]++ }

// start looks up the file of e and hands it to the batch, unless an
// entry before named it too.
func (c *checker) start(i int, e *Entry) *pending {
	if c.sf.stream != nil {
		own := *e // the parser's is reused for the next entry
		e = &own
	}
	p := &pending{i: i, e: e}
	if e.Unsupported != "" {
		return p
	}
	p.key = c.sf.targetKey(e)
	t := c.kept[p.key]
	if t == nil {
		// The likeliest candidate as the lines reported so far say: finish
		// reads the others too if it does not match.
		cands := c.guess.order(e)
		algs, n := c.plan.lookup(p.key, e)
		switch {
		case n == 1: // the plan's is the parser's order, not what the lines before it said
			algs = cands[:1]
		case !slices.Contains(algs, cands[0]):
			algs = algsOf(algMask(algs) | algMask(cands[:1]))
		}
		t = &target{left: n}
		t.path, t.rel, t.status, t.why = c.sf.place(e, c.root)
		if t.status == StatusOK {
			t.ticket = c.batch.Add(t.path, c.opener(t), algs)
		}
		if n != 1 {
			c.kept[p.key] = t
		}
	}
	p.t = t
	if len(e.Algorithms) == 1 {
		c.guess.learn(&EntryResult{Entry: e}) // a tagged line teaches whatever its status
	}
	return p
}

// opener opens t's file for the batch: what was opened decides, and a
// file that is not a regular one inside the folder gets its status in t.
func (c *checker) opener(t *target) func() (app.File, fs.FileInfo, error) {
	return func() (app.File, fs.FileInfo, error) {
		f, st, status, why := c.folders.open(t.path, t.rel)
		if status != StatusOK {
			t.status, t.why = status, why
			return nil, nil, errNotRead
		}
		return f, st, nil
	}
}

// errNotRead is the batch's error for a file the check refused to read:
// its status says why.
var errNotRead = errors.New("not read")

// finish judges the entry of p once its file is read, and reports it.
func (c *checker) finish(ctx context.Context, p *pending) error {
	if err := ctx.Err(); err != nil {
		return err // the entries read ahead are not reported
	}
	sf, rep, e := c.sf, c.rep, p.e
	r := EntryResult{Index: p.i, Entry: e}
	if e.Unsupported != "" {
		r.Status, r.Kind = StatusSkipped, app.CauseUnsupported
		r.Path = sf.displayPath(e.Name)
		if !slices.Contains(rep.Unsupported, e.Unsupported) {
			rep.Unsupported = append(rep.Unsupported, e.Unsupported)
		}
	} else {
		t := p.t
		if t.ticket != nil {
			res := t.ticket.Wait()
			t.ticket = nil
			if res.Err != nil && ctx.Err() != nil {
				return ctx.Err()
			}
			t.res = &res
		}
		// The likeliest candidate was read; the others only when it
		// does not match, in one more reading.
		cands := c.near.order(e)
		for t.status == StatusOK && t.res.Err == nil && t.again == StatusOK && !matches(cands, e.Sum, t.res) {
			more := Next(cands, func(a *hashing.Algorithm) bool { return t.res.Sum(a) != nil })
			if len(more) == 0 {
				break
			}
			if err := c.readMore(ctx, t, more); err != nil {
				return err
			}
		}
		r.Path = t.path
		judgeEntry(&r, t, cands)
		size := len(e.Sum)
		was := c.near.seen[size]
		c.near.learn(&r)
		if len(e.Algorithms) > 1 && r.Status == StatusOK {
			if c.near.seen[size] != was || r.Algorithm != cands[0] {
				c.sure[size] = 0
				c.guess.learn(&r)
			} else {
				c.sure[size]++
			}
		}
		if worse(r.Status, t.worst) {
			t.worst = r.Status
		}
		t.judged = true
		if t.left > 0 {
			if t.left--; t.left == 0 {
				delete(c.kept, p.key)
				c.count(t)
			}
		} else if c.kept[p.key] == nil {
			c.count(t) // named once
		}
	}
	if sf.stream == nil && !c.opts.OnlyOnEntry {
		rep.Results = append(rep.Results, r)
	}
	rep.Checked++
	rep.Counts[r.Status]++
	if c.opts.OnEntry != nil {
		c.opts.OnEntry(r, rep.Checked, sf.EntryCount)
	}
	return nil
}

// target is a file entries name, while they are checked.
type target struct {
	path, rel string      // on disk, and inside the folder (folders.open)
	ticket    *app.Ticket // its reading, until finish takes the result
	// status is StatusOK while it may be read; otherwise the entries'
	// status. Written by the batch's worker until the ticket is waited.
	status Status
	why    why
	res    *app.Result // its digests so far
	// again is the status of reading it again for more candidates, and
	// why it could not be: StatusOK while it could.
	again    Status
	againWhy why
	left     int    // entries still to come that name it; -1: too many to count
	worst    Status // of its entries so far (worse)
	judged   bool   // an entry naming it was judged
}

// readMore reads t's file again for algs, adding their digests to those
// it has: the candidates after the likeliest, which did not match. The
// error is ctx's, when it was cancelled.
func (c *checker) readMore(ctx context.Context, t *target, algs []*hashing.Algorithm) error {
	f, st, status, w := c.folders.open(t.path, t.rel)
	if status != StatusOK {
		t.again, t.againWhy = status, w
		return nil
	}
	res := c.q.HashOpened(ctx, t.path, f, st, algs, c.opts.OnStart)
	switch {
	case res.Err != nil && ctx.Err() != nil:
		return ctx.Err()
	case res.Err != nil:
		t.again, t.againWhy = StatusUnreadable, why{kind: app.CauseOf(res.Err), err: res.Err}
		if errors.Is(res.Err, fs.ErrNotExist) {
			t.again = StatusMissing
		}
	default:
		t.res.Digests = append(slices.Clip(t.res.Digests), res.Digests...)
	}
	return nil
}

// matches reports whether one of the candidates computed in res gives sum.
func matches(cands []*hashing.Algorithm, sum []byte, res *app.Result) bool {
	return slices.ContainsFunc(cands, func(a *hashing.Algorithm) bool {
		s := res.Sum(a)
		return s != nil && bytes.Equal(s, sum)
	})
}

// targetKey is the file an entry names, for finding the entries that name
// the same one.
func (sf *File) targetKey(e *Entry) string {
	return filepath.Clean(sf.displayPath(e.Name))
}

// targetPlan says, for each file a checksum file names more than once,
// which algorithms its entries need and how many entries name it, in 8
// bytes a file: 32 bits of a hash of its name, 24 bits of algorithms, 8
// bits of count. A file not in the plan is named by one entry. Two names
// with the same hash bits share one slot: one more algorithm is computed, a
// result kept a little longer; nothing is judged wrong.
type targetPlan []uint64

const (
	planCountBits = 8
	planAlgBits   = 24
	planCountMax  = 1<<planCountBits - 1
	planAlgMask   = (1<<planAlgBits - 1) << planCountBits
	// planSeenBits is the bits an entry of planTargets' first reading.
	planSeenBits = 8
)

// planTargets reads the entries of sf to plan the check, calling each, if
// set, with every entry on the way. A checksum file of up to
// planOnePassMax entries is read once: every entry's slot is kept (8 bytes
// an entry while planning), sorted, and those named once are dropped.
// A larger one is read twice, in about a byte an entry: the first reading
// finds the names that may be named again, in a bit a name (planSeenBits
// an entry, so that few names share one): an entry whose bit is set
// already may name the file of an entry before it. The second keeps a slot
// for the entries of those names only.
func planTargets(sf *File, each func(*Entry)) targetPlan {
	if sf.EntryCount <= planOnePassMax {
		var p targetPlan
		sf.entries(func(_ int, e *Entry) bool {
			if each != nil {
				each(e)
			}
			if e.Unsupported == "" {
				p = append(p, planSlot(sf, e))
			}
			return true
		})
		return p.named()
	}
	seen := make([]uint64, max(1, sf.EntryCount*planSeenBits/64))
	var again []uint32 // the top bits of the names' hashes whose bit was set already
	sf.entries(func(_ int, e *Entry) bool {
		if each != nil {
			each(e)
		}
		if e.Unsupported == "" {
			h := mix(planHash(sf.targetKey(e)))
			b := h % uint64(len(seen)*64)
			if seen[b/64]&(1<<(b%64)) != 0 {
				again = append(again, uint32(h>>32))
			}
			seen[b/64] |= 1 << (b % 64)
		}
		return true
	})
	seen = nil
	if len(again) == 0 {
		return nil
	}
	slices.Sort(again)
	again = slices.Compact(again)
	var p targetPlan
	sf.entries(func(_ int, e *Entry) bool {
		if e.Unsupported == "" {
			h := planHash(sf.targetKey(e))
			if _, ok := slices.BinarySearch(again, uint32(mix(h)>>32)); ok {
				p = append(p, h|algMask(e.Algorithms[:1])<<planCountBits|1) // the likeliest candidate: the others only if needed
			}
		}
		return true
	})
	return slices.Clip(p.merge())
}

// planSlot is e's slot in a plan: its file's name hash, the likeliest of
// its candidates (the others are read only if needed), named once.
func planSlot(sf *File, e *Entry) uint64 {
	return planHash(sf.targetKey(e)) | algMask(e.Algorithms[:1])<<planCountBits | 1
}

// named merges the slots of p, one an entry, and keeps those of the names
// named more than once: the others need no slot.
func (p targetPlan) named() targetPlan {
	p = p.merge()
	return slices.Clip(slices.DeleteFunc(p, func(v uint64) bool { return v&planCountMax == 1 }))
}

// planOnePassMax is the most entries planTargets plans in one reading of
// the checksum file: 16 MiB of slots while it plans. A variable for the
// tests, which plan both ways.
var planOnePassMax = 2 << 20

// merge sorts the slots of p and merges those of each name: algorithms
// or'ed, counts added.
func (p targetPlan) merge() targetPlan {
	slices.Sort(p)
	out := p[:0]
	for _, v := range p {
		if n := len(out); n > 0 && out[n-1]>>(planAlgBits+planCountBits) == v>>(planAlgBits+planCountBits) {
			last := out[n-1]
			count := min(last&planCountMax+1, planCountMax)
			out[n-1] = last&^planCountMax | v&planAlgMask | count
			continue
		}
		out = append(out, v)
	}
	return out
}

// repeats is how many entries name a file an entry before them named.
func (p targetPlan) repeats() int {
	n := 0
	for _, v := range p {
		n += int(v&planCountMax) - 1
	}
	return n
}

// lookup returns the algorithms to compute first for the file key, which
// entry e names (the likeliest candidate of each entry), and how many
// entries name it (-1: more than the plan counts).
func (p targetPlan) lookup(key string, e *Entry) ([]*hashing.Algorithm, int) {
	h := planHash(key)
	i, _ := slices.BinarySearchFunc(p, h, func(v, h uint64) int {
		return cmpUint(v>>(planAlgBits+planCountBits), h>>(planAlgBits+planCountBits))
	})
	if i == len(p) || p[i]>>(planAlgBits+planCountBits) != h>>(planAlgBits+planCountBits) {
		return e.Algorithms[:1:1], 1 // named by e alone
	}
	v := p[i]
	n := int(v & planCountMax)
	if n == planCountMax {
		n = -1
	}
	return algsOf(v & planAlgMask >> planCountBits), n
}

// algsOf are the algorithms of an algMask, in hashing.All's order.
func algsOf(mask uint64) []*hashing.Algorithm {
	var algs []*hashing.Algorithm
	for k, a := range allAlgorithms {
		if k < planAlgBits && mask>>k&1 != 0 {
			algs = append(algs, a)
		}
	}
	return algs
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// planHash is the top 32 bits of the FNV-1a hash of key, in place.
func planHash(key string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	return h &^ (1<<(planAlgBits+planCountBits) - 1)
}

// mix spreads the bits of a planHash over all 64 (the finalizer of
// MurmurHash3): FNV-1a's top bits differ little between names that differ
// in their last characters only, as f1.bin and f2.bin do.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// allAlgorithms is hashing.All(), which copies it at every call: a check
// of millions of entries looks at it for each.
var allAlgorithms = hashing.All()

// only is the list of the one algorithm a, shared by the entries that
// name it (and never changed: its capacity is its length).
func only(a *hashing.Algorithm) []*hashing.Algorithm {
	for k, b := range allAlgorithms {
		if b == a {
			return allAlgorithms[k : k+1 : k+1]
		}
	}
	return []*hashing.Algorithm{a}
}

// algMask sets bit k for the k-th algorithm of hashing.All.
func algMask(algs []*hashing.Algorithm) uint64 {
	var m uint64
	for k, a := range allAlgorithms {
		if k < planAlgBits && slices.Contains(algs, a) {
			m |= 1 << k
		}
	}
	return m
}

// judgeEntry sets r's status from its file's resolution and digests; cands
// are the entry's candidates in the order they were tried.
func judgeEntry(r *EntryResult, t *target, cands []*hashing.Algorithm) {
	if t.status != StatusOK {
		r.Status, r.Kind, r.Type, r.Err = t.status, t.why.kind, t.why.typ, t.why.err
		return
	}
	res := t.res
	if res.Err != nil {
		r.Status, r.Kind, r.Err = StatusUnreadable, app.CauseOf(res.Err), res.Err
		if errors.Is(res.Err, fs.ErrNotExist) {
			r.Status = StatusMissing
		}
		return
	}
	for _, a := range cands {
		if sum := res.Sum(a); sum != nil && bytes.Equal(sum, r.Entry.Sum) {
			r.Status, r.Algorithm = StatusOK, a
			return
		}
	}
	if t.again != StatusOK {
		// The likeliest did not match, and the file could not be read
		// again for the others: nothing is known to differ.
		r.Status, r.Kind, r.Type, r.Err = t.again, t.againWhy.kind, t.againWhy.typ, t.againWhy.err
		return
	}
	r.Status = StatusFailed
	if len(cands) == 1 {
		r.Algorithm = cands[0]
	}
}

// Resolve returns the file on disk an entry names: relative to the checksum
// file's folder, '/' or '\' separated. Only a name that may be read with
// '\' as a separator looks at the disk, to know which reading exists.
func (sf *File) Resolve(e *Entry) string {
	if len(entryNames(e)) == 1 {
		return sf.pathOf(e.Name)
	}
	path, _, _, _ := sf.resolve(e, nil)
	return path
}

// resolve finds the file for e and whether it may be read: StatusOK when it
// is a regular file inside the folder (root; nil when outside files are
// allowed), else MISSING, UNREADABLE or REFUSED with a reason; rel is the
// name to open inside root. It only looks: openEntry decides again on the
// descriptor it opens, since the file may change in between.
func (sf *File) resolve(e *Entry, root *os.Root) (path, rel string, status Status, w why) {
	names := []string{e.Name}
	// Windows separators: a name written without coreutils escaping may use
	// '\' between folders (openssl -r writes a literal '\' unescaped, so the
	// name as written is tried first).
	if !e.Escaped && strings.Contains(e.Name, `\`) && filepath.Separator != '\\' {
		names = append(names, strings.ReplaceAll(e.Name, `\`, "/"))
	}
	for _, name := range names {
		if path, status, why := sf.resolveName(name, root); status != StatusMissing {
			return path, filepath.FromSlash(name), status, why
		}
	}
	path, status, w = sf.resolveName(names[0], root) // missing: say so with the name as written
	return path, filepath.FromSlash(names[0]), status, w
}

// pathOf is the file on disk a name leads to, without looking at the disk.
func (sf *File) pathOf(name string) string {
	if isAbsName(name) {
		return filepath.FromSlash(name)
	}
	return sf.displayPath(name)
}

// isAbsName reports whether name is an absolute path, on this system or
// another (a leading '/', a drive letter, a UNC path).
func isAbsName(name string) bool {
	return filepath.IsAbs(filepath.FromSlash(name)) || strings.HasPrefix(name, "/") || hasDriveLetter(name)
}

func (sf *File) resolveName(name string, root *os.Root) (string, Status, why) {
	native := filepath.FromSlash(name)
	abs := isAbsName(name)
	path := sf.pathOf(name)
	if root != nil {
		if abs {
			return path, StatusRefused, why{kind: app.CauseAbsolute}
		}
		if !filepath.IsLocal(native) {
			return path, StatusRefused, why{kind: app.CauseOutside}
		}
		st, err := root.Stat(native)
		return classify(path, st, err, true)
	}
	st, err := os.Stat(path)
	return classify(path, st, err, false)
}

// classify turns a Stat result into a status. inRoot is set when the Stat
// went through os.Root, whose errors for escaping links are refusals.
func classify(path string, st fs.FileInfo, err error, inRoot bool) (string, Status, why) {
	switch {
	case err == nil && st.Mode().IsRegular():
		return path, StatusOK, why{}
	case err == nil && st.IsDir():
		return path, StatusRefused, why{kind: app.CauseFolder}
	case err == nil:
		return path, StatusRefused, why{kind: app.CauseSpecial, typ: st.Mode().Type()}
	case errors.Is(err, fs.ErrNotExist):
		return path, StatusMissing, why{kind: app.CauseNotExist, err: err}
	case inRoot && escapesRoot(err):
		return path, StatusRefused, why{kind: app.CauseLinkOutside}
	}
	return path, StatusUnreadable, why{kind: app.CauseOf(err), err: err}
}

// escapesRoot reports whether err is os.Root's refusal of a path that leads
// out of the root (through a symbolic link). os has no exported error for it,
// so its text is matched, here only; a test checks it still reads so.
func escapesRoot(err error) bool {
	return strings.Contains(err.Error(), "path escapes from parent")
}

// why is the reason of a status.
type why struct {
	kind app.Cause
	typ  fs.FileMode // CauseSpecial
	err  error
}

// displayPath joins name to the checksum file's folder the way a person
// reads it: "SHA256SUMS" lists "a.iso" -> "a.iso"; "dl/SHA256SUMS" -> "dl/a.iso".
func (sf *File) displayPath(name string) string {
	if filepath.IsAbs(filepath.FromSlash(name)) || sf.Dir == "." || sf.Dir == "" {
		return filepath.FromSlash(name)
	}
	return filepath.Join(sf.Dir, filepath.FromSlash(name))
}

func rootDir(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

func hasDriveLetter(name string) bool {
	return len(name) >= 2 && isLetter(name[0]) && name[1] == ':' || strings.HasPrefix(name, `\\`) || strings.HasPrefix(name, "//")
}
