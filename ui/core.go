package ui

import (
	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// Core is what the window asks of Hashdrop's core. NewAppCore is package
// app's queue; tests use a fake whose files finish when they say so.
// Parsing and judging digests (checksum.ParseExpected, ExpectedDigest.Judge) and
// reading checksum files are plain functions of app and need no stand-in.
type Core interface {
	// Hash queues the file at path to be hashed with algs. done is called
	// exactly once, on any goroutine, when the job has finished well or not;
	// it must return quickly, and it may run before Hash returns.
	Hash(path string, algs []*hashing.Algorithm, done func(app.Result)) Job
	// HashSmall queues many small files at once (a folder's): paths[i] is
	// hashed with algs[i]. They are read a group at a time by a few
	// goroutines, with no job and no handoff of their own, and done is
	// called with the results of several files together, on any goroutine,
	// in the order given; each file's result comes exactly once. The Jobs
	// returned are one a file, in the same order. The files of a later call
	// are read after those of the calls before it (a second reading of a
	// folder's files waits for the first, which the verdict needs).
	HashSmall(paths []string, algs [][]*hashing.Algorithm, done func([]Finished)) []Job
	// Queue is the queue a checksum file's files are checked in
	// (checksum.CheckOptions.Queue), beside the files of the list.
	Queue() *app.Queue
	// CancelAll cancels every job queued so far; the core stays usable.
	CancelAll()
	// Bench measures one algorithm's in-memory speed on this CPU.
	Bench(a *hashing.Algorithm) app.BenchResult
	// Close cancels everything and waits for the core's goroutines to end.
	Close()
}

// Job is one file being hashed. Its methods may be called from any goroutine.
type Job interface {
	// Progress is a snapshot, cheap enough to take 20 times a second.
	Progress() app.Progress
	// Cancel stops the job; its done callback then gets a "cancelled" error.
	Cancel()
}

// Finished is the result of the file HashSmall was given at index I.
type Finished struct {
	I int
	R app.Result
}

// hashSmallOneByOne is HashSmall through hash, a job a file: for cores
// whose files finish one by one (tests).
func hashSmallOneByOne(hash func(string, []*hashing.Algorithm, func(app.Result)) Job, paths []string, algs [][]*hashing.Algorithm,
	done func([]Finished)) []Job {
	jobs := make([]Job, len(paths))
	for i, p := range paths {
		jobs[i] = hash(p, algs[i], func(r app.Result) { done([]Finished{{I: i, R: r}}) })
	}
	return jobs
}
