package ui

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// benchMiB is how much each algorithm hashes in the Benchmark view: enough
// for a steady figure, little enough that all sixteen take a few seconds.
const benchMiB = 64

// appCore is the Core of the real window: package app's Queue.
type appCore struct {
	queue *app.Queue

	mu      sync.Mutex
	ctx     context.Context // the small files' batches, nil until the first; CancelAll ends them
	cancel  context.CancelFunc
	batches []*smallBatch // HashSmall's, waiting for runSmall
	running bool          // runSmall is
	wg      sync.WaitGroup
}

// NewAppCore returns a Core over package app.
func NewAppCore() Core { return newAppCore(app.Options{}) }

// newAppCore returns a Core over a queue with opts.
func newAppCore(opts app.Options) Core { return &appCore{queue: app.NewQueue(opts)} }

func (c *appCore) Hash(path string, algs []*hashing.Algorithm, done func(app.Result)) Job {
	return c.queue.Add(path, algs, done)
}

// smallAhead is how many small files a batch has in flight, and
// smallReport how many results it gathers, or smallEvery how long, before
// it gives them to the window: one call of done for many files.
const (
	smallAhead  = 256
	smallReport = 256
)

var smallEvery = 20 * time.Millisecond // a variable: tests count the calls

func (c *appCore) HashSmall(paths []string, algs [][]*hashing.Algorithm, done func([]Finished)) []Job {
	b := &smallBatch{paths: paths, algs: algs, js: make([]smallJob, len(paths)), done: done}
	jobs := make([]Job, len(paths))
	for i, p := range paths {
		b.js[i] = smallJob{i: i, path: p, done: done}
		jobs[i] = &b.js[i]
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx == nil {
		c.ctx, c.cancel = context.WithCancel(context.Background())
	}
	b.ctx = c.ctx
	c.batches = append(c.batches, b)
	if !c.running {
		c.running = true
		c.wg.Add(1)
		go c.runSmall()
	}
	return jobs
}

// runSmall reads the small files' batches one after the other, in the
// order given, as the queue starts its files: the files a verdict needs,
// given first, are not slowed by the second reading of others.
func (c *appCore) runSmall() {
	defer c.wg.Done()
	for {
		c.mu.Lock()
		if len(c.batches) == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		b := c.batches[0]
		c.batches[0] = nil
		c.batches = c.batches[1:]
		c.mu.Unlock()
		b.run(c.queue)
	}
}

// smallBatch is the files of one call of HashSmall.
type smallBatch struct {
	ctx   context.Context
	paths []string
	algs  [][]*hashing.Algorithm
	js    []smallJob
	done  func([]Finished)
}

func (b *smallBatch) run(q *app.Queue) {
	var out []Finished
	last := time.Now()
	q.HashEach(b.ctx, b.paths, func(i int) []*hashing.Algorithm { return b.algs[i] }, smallAhead, func(i int, r app.Result) bool {
		if b.js[i].given.Swap(true) { // Cancel gave its result already
			return true
		}
		out = append(out, Finished{I: i, R: r})
		if len(out) >= smallReport || time.Since(last) >= smallEvery {
			b.done(out)
			out, last = nil, time.Now()
		}
		return true
	})
	// A cancelled batch ends early: the files it did not reach are
	// cancelled, each once.
	for i := range b.js {
		if !b.js[i].given.Swap(true) {
			out = append(out, Finished{I: i, R: cancelledResult(b.paths[i])})
		}
	}
	if len(out) > 0 {
		b.done(out)
	}
}

// smallJob is a small file of HashSmall. Its progress is "waiting" until
// it is done: it takes a fraction of a millisecond.
type smallJob struct {
	i     int
	path  string
	given atomic.Bool // its result was given: by the batch, or by Cancel
	done  func([]Finished)
}

func (j *smallJob) Progress() app.Progress { return app.Progress{State: app.Waiting, Total: -1} }

// Cancel gives the file's result, "cancelled", unless it was given
// already; the batch then drops what it reads of it.
func (j *smallJob) Cancel() {
	if !j.given.Swap(true) {
		j.done([]Finished{{I: j.i, R: cancelledResult(j.path)}})
	}
}

func cancelledResult(path string) app.Result {
	return app.Result{Path: path, Err: &app.FileError{Name: path, Kind: app.CauseCancelled, Err: context.Canceled}}
}

func (c *appCore) Queue() *app.Queue { return c.queue }

func (c *appCore) CancelAll() {
	c.stopSmall()
	c.queue.CancelAll()
}

func (c *appCore) Close() {
	c.stopSmall()
	c.wg.Wait()
	c.queue.Close()
}

// stopSmall cancels the small files' batches; the next has a new context.
func (c *appCore) stopSmall() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
		c.ctx, c.cancel = nil, nil
	}
}

func (c *appCore) Bench(a *hashing.Algorithm) app.BenchResult {
	return app.Bench([]*hashing.Algorithm{a}, benchMiB).Results[0]
}
