package app

import (
	"context"
	"io/fs"
	"sync"

	"github.com/hashdrop/hashdrop/hashing"
)

// A Batch hashes many files for one caller with few handoffs: the files
// added are handed, a group at a time, to one worker goroutine per core,
// which opens each (one open, one fstat), hashes a small one itself
// (FileHasher) and queues a large one, or anything but a regular file, as
// a job of the Queue. There are no more workers than the queue has
// readers (Options.Readers). A group is one channel message and one wake-up for
// its files together, not one per file.
//
// Add and Wait are for one goroutine, the caller's, which bounds how far it
// adds ahead of the ticket it waits for (that is the memory); tickets may
// be waited for in any order. Close ends it; it may be called more than once.
//
// Typical use, results in the order the files were given:
//
//	b := q.NewBatch(ctx, nil)
//	defer b.Close()
//	tickets := ring of at most 256
//	for each file: tickets.push(b.Add(name, nil, algs)); while full: print(tickets.pop().Wait())
//	then the rest: print(tickets.pop().Wait())
type Batch struct {
	q      *Queue
	ctx    context.Context
	cancel context.CancelFunc
	onJob  func(*Job)

	work    chan *group
	cur     *group // being filled by Add
	workers int
	started int
	closed  bool
	wg      sync.WaitGroup

	mu   sync.Mutex
	jobs map[*Job]struct{} // queued by a worker, not waited for yet

	// byFolder, when set, opens the files added without an opener in
	// their folders (HashEach's many files of a few folders).
	byFolder *inFolders
}

// groupSize is how many files a group holds at most: enough that a
// worker's wake-up is shared by many small files, few enough that the
// first results come at once.
const groupSize = 32

// A group is files handed to a worker together.
type group struct {
	tickets []*Ticket
	done    chan struct{} // closed once each ticket is hashed or queued
}

// A Ticket is one file added to a Batch.
type Ticket struct {
	b    *Batch
	g    *group
	name string
	open func() (File, fs.FileInfo, error)
	algs []*hashing.Algorithm
	res  Result
	job  *Job
}

// NewBatch returns a batch hashing through q until ctx is cancelled or
// Close; onJob, if not nil, is given every job the batch queues (a large
// file, a pipe), from a worker goroutine.
func (q *Queue) NewBatch(ctx context.Context, onJob func(*Job)) *Batch {
	// A worker a core, and no more than the queue's readers (-j 1: one
	// file read at a time, for a disk that seeks).
	b := &Batch{q: q, onJob: onJob, workers: max(1, min(q.cores, q.opts.Readers)), jobs: map[*Job]struct{}{}}
	b.ctx, b.cancel = context.WithCancel(ctx)
	b.work = make(chan *group, 2*b.workers)
	return b
}

// Add hands the file name to the batch, to be hashed with algs. open, if
// not nil, opens it and returns its information (f.Stat); its error is the
// Result's, wrapped in a FileError unless it is one. nil opens name as
// Queue.Add does. open runs on a worker goroutine.
func (b *Batch) Add(name string, open func() (File, fs.FileInfo, error), algs []*hashing.Algorithm) *Ticket {
	if b.cur == nil {
		b.cur = &group{tickets: make([]*Ticket, 0, groupSize), done: make(chan struct{})}
	}
	t := &Ticket{b: b, g: b.cur, name: name, open: open, algs: algs}
	b.cur.tickets = append(b.cur.tickets, t)
	if len(b.cur.tickets) == groupSize {
		b.Flush()
	}
	return t
}

// Flush hands the files added since the last group to a worker now,
// without waiting for the group to fill.
func (b *Batch) Flush() {
	g := b.cur
	if g == nil {
		return
	}
	b.cur = nil
	if b.started < b.workers {
		b.started++
		b.wg.Add(1)
		go b.worker()
	}
	b.work <- g // waits while every worker has two groups ahead
}

// Wait returns t's Result once its file is hashed. Cancelling the batch's
// context (or Close) makes it a "cancelled" FileError.
func (t *Ticket) Wait() Result {
	if t.g == t.b.cur {
		t.b.Flush()
	}
	<-t.g.done // a cancelled batch's workers end their groups at once
	if t.job == nil {
		return t.res
	}
	res := awaitJob(t.b.ctx, t.job)
	t.b.mu.Lock()
	delete(t.b.jobs, t.job)
	t.b.mu.Unlock()
	t.job = nil
	t.res = res
	return res
}

// Close cancels what is not hashed yet and returns once the batch's
// workers have ended. Tickets not waited for give up.
func (b *Batch) Close() {
	b.cancel()
	b.cur = nil
	if !b.closed {
		b.closed = true
		close(b.work)
	}
	b.wg.Wait()
	if b.byFolder != nil {
		b.byFolder.close()
	}
	b.mu.Lock()
	for j := range b.jobs {
		j.Cancel()
	}
	clear(b.jobs)
	b.mu.Unlock()
}

// worker is one of the batch's goroutines: it hashes the groups it is
// given, a small file at a time on its own FileHasher.
func (b *Batch) worker() {
	defer b.wg.Done()
	var h FileHasher
	for g := range b.work {
		for _, t := range g.tickets {
			b.hash(&h, t)
		}
		close(g.done)
	}
}

// hash opens t's file and hashes it, or queues it.
func (b *Batch) hash(h *FileHasher, t *Ticket) {
	if b.ctx.Err() != nil {
		t.res = Result{Path: t.name, Err: &FileError{Name: t.name, Kind: CauseCancelled, Err: context.Canceled}}
		return
	}
	var (
		f   File
		st  fs.FileInfo
		err error
	)
	opened := false
	switch {
	case t.open != nil:
		f, st, err = t.open()
		opened = true
	case b.byFolder != nil:
		f, st, opened, err = b.byFolder.open(t.name)
	}
	if !opened {
		if f, err = b.q.open(t.name); err == nil {
			if st, err = f.Stat(); err != nil {
				f.Close()
			}
		}
	}
	if err != nil {
		t.res = Result{Path: t.name, Err: FileErrorOf(t.name, err)}
		return
	}
	if b.q.small(st) {
		t.res = h.Hash(t.name, f, st, t.algs)
		f.Close()
		return
	}
	j := b.q.AddOpened(t.name, f, st, t.algs, nil)
	b.mu.Lock()
	b.jobs[j] = struct{}{}
	b.mu.Unlock()
	t.job = j
	if b.onJob != nil {
		b.onJob(j)
	}
}

// HashEach hashes the files names in order, each with algs(i), through a
// Batch of q, and gives each Result to each in the same order, from the
// calling goroutine, until each returns false or ctx is cancelled. At most
// ahead files are in flight (0: 256). This is the path for many files
// whose names are known (a folder walked); each is opened once, in its
// folder, kept open for the next files there, when the queue opens files
// its own way (Options.Open nil).
func (q *Queue) HashEach(ctx context.Context, names []string, algs func(i int) []*hashing.Algorithm, ahead int, each func(i int, r Result) bool) {
	if ahead <= 0 {
		ahead = 256
	}
	b := q.NewBatch(ctx, nil)
	if q.opts.Open == nil {
		b.byFolder = &inFolders{}
	}
	defer b.Close()
	tickets := make([]*Ticket, len(names))
	added := 0
	for i := range names {
		for ; added < len(names) && added <= i+ahead; added++ {
			tickets[added] = b.Add(names[added], nil, algs(added))
		}
		res := tickets[i].Wait()
		tickets[i] = nil
		if !each(i, res) || ctx.Err() != nil {
			return
		}
	}
}
