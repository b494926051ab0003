package ui

import (
	"sync"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// benchMiB is how much each algorithm hashes in the Benchmark view: enough
// for a steady figure, little enough that all sixteen take a few seconds.
const benchMiB = 64

// appCore is the Core of the real window: package app's Queue.
type appCore struct {
	queue *app.Queue
	mu    sync.Mutex
	done  map[*app.Job]func(app.Result)
	early map[*app.Job]app.Result // finished before Hash knew its callback
}

// NewAppCore returns a Core over package app.
func NewAppCore() Core {
	c := &appCore{done: make(map[*app.Job]func(app.Result)), early: make(map[*app.Job]app.Result)}
	c.queue = app.NewQueue(app.Options{OnDone: c.finished})
	return c
}

func (c *appCore) Hash(path string, f app.File, algs []*hashing.Algorithm, done func(app.Result)) Job {
	var j *app.Job
	if f != nil {
		j = c.queue.AddFile(path, f, algs)
	} else {
		j = c.queue.Add(path, algs)
	}
	// The job may have finished already (a missing file fails at once):
	// then finished parked its result in early.
	c.mu.Lock()
	r, ok := c.early[j]
	if ok {
		delete(c.early, j)
	} else {
		c.done[j] = done
	}
	c.mu.Unlock()
	if ok {
		done(r)
	}
	return j
}

// finished is the queue's OnDone: it hands the result to the job's callback.
func (c *appCore) finished(j *app.Job, r app.Result) {
	c.mu.Lock()
	done, ok := c.done[j]
	if ok {
		delete(c.done, j)
	} else {
		c.early[j] = r
	}
	c.mu.Unlock()
	if ok {
		done(r)
	}
}

func (c *appCore) CancelAll() { c.queue.CancelAll() }
func (c *appCore) Close()     { c.queue.Close() }

func (c *appCore) Published(path string) []app.Published {
	// An unreadable neighbour is not this file's problem. The checksum
	// files' signatures are checked too (SHA256SUMS.gpg beside SHA256SUMS).
	p, _ := app.FindPublishedSigned(path, trustedKeys.get())
	return p
}

func (c *appCore) Bench(a *hashing.Algorithm) app.BenchResult {
	return app.Bench([]*hashing.Algorithm{a}, benchMiB).Results[0]
}
