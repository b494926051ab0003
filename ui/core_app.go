package ui

import (
	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// benchMiB is how much each algorithm hashes in the Benchmark view: enough
// for a steady figure, little enough that all sixteen take a few seconds.
const benchMiB = 64

// appCore is the Core of the real window: package app's Queue.
type appCore struct {
	queue *app.Queue
}

// NewAppCore returns a Core over package app.
func NewAppCore() Core {
	return &appCore{queue: app.NewQueue(app.Options{})}
}

func (c *appCore) Hash(path string, algs []*hashing.Algorithm, done func(app.Result)) Job {
	return c.queue.Add(path, algs, done)
}

func (c *appCore) Queue() *app.Queue { return c.queue }
func (c *appCore) CancelAll()        { c.queue.CancelAll() }
func (c *appCore) Close()            { c.queue.Close() }

func (c *appCore) Bench(a *hashing.Algorithm) app.BenchResult {
	return app.Bench([]*hashing.Algorithm{a}, benchMiB).Results[0]
}
