package app

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashdrop/hashdrop/hashing"
)

// A Job is one file (or stream) in a Queue. All its methods may be called from
// any goroutine at any time.
type Job struct {
	path   string
	algs   []*hashing.Algorithm
	q      *Queue
	stream io.Reader   // set for AddReader; nil for a path opened by the queue
	file   File        // set for AddFile until the job takes it; the job closes it
	info   fs.FileInfo // file's, from AddOpened, then from open: what it is

	units  []hashing.Unit
	spread int        // the goroutines its one unit hashes on (spreadOver); 0: one
	where  []position // per algorithm: its unit and its index there
	meters []meter    // per unit: bytes hashed
	sums   []atomic.Pointer[[][]byte]
	read   meter // bytes read
	total  atomic.Int64
	start  atomic.Int64 // Queue.clock() when hashing began
	state  atomic.Int32

	ctx     context.Context // cancelled by Cancel: wakes a reader waiting for a chunk
	cancel  context.CancelFunc
	stopped atomic.Bool // set by Cancel: the cheap test on the hot path
	failed  atomic.Bool // the reader gave up: units must not produce digests
	faulted atomic.Bool // a unit touched a mapped page the file no longer has

	mu      sync.Mutex
	reading readDeadliner // what is being read, if a Read blocked in it can be woken by Cancel

	onDone func(Result) // the caller's, given to Add; may be nil
	done   chan struct{}
	result Result
}

// readDeadliner is a File or stream whose blocked Read a deadline wakes: a
// pipe, a terminal.
type readDeadliner interface{ SetReadDeadline(time.Time) error }

type position struct{ unit, index int }

func newJob(q *Queue, path string, stream io.Reader, algs []*hashing.Algorithm, onDone func(Result)) *Job {
	j := &Job{path: path, algs: algs, q: q, stream: stream, onDone: onDone, done: make(chan struct{})}
	j.ctx, j.cancel = context.WithCancel(context.Background())
	j.units = hashing.Plan(algs)
	j.meters = make([]meter, len(j.units))
	j.sums = make([]atomic.Pointer[[][]byte], len(j.units))
	j.where = make([]position, len(algs))
	for i, a := range algs {
		j.where[i] = position{-1, -1}
		for u, unit := range j.units {
			for k, b := range unit.Algorithms {
				if a == b {
					j.where[i] = position{u, k}
				}
			}
		}
	}
	j.total.Store(-1)
	return j
}

// Path is the file's name as it was given to Add ("-" or the name given to
// AddReader for a stream).
func (j *Job) Path() string { return j.path }

// Algorithms are the algorithms the job computes, in the order given.
func (j *Job) Algorithms() []*hashing.Algorithm { return j.algs }

// State is where the job is now.
func (j *Job) State() State { return State(j.state.Load()) }

// Done is closed when the job has finished, well or not.
func (j *Job) Done() <-chan struct{} { return j.done }

// Wait blocks until the job has finished and returns its Result.
func (j *Job) Wait() Result {
	<-j.done
	return j.result
}

// Cancel stops the job: within a few milliseconds its reader and hashing
// goroutines are gone and Wait returns a Result whose Err is a "cancelled"
// FileError (errors.Is(err, context.Canceled) holds). Cancelling a finished
// job does nothing.
func (j *Job) Cancel() {
	if j.State().Finished() {
		return
	}
	j.stopped.Store(true)
	j.cancel()
	j.mu.Lock()
	if j.reading != nil {
		j.reading.SetReadDeadline(time.Now()) // a pipe or terminal blocked in Read wakes up
	}
	j.mu.Unlock()
	j.q.dequeue(j)
}

// finish records the result, wakes Wait and calls the job's callback. It runs
// once per job, outside the queue's lock.
func (j *Job) finish(res Result) {
	switch {
	case res.Err == nil:
		j.state.Store(int32(Done))
	case errors.Is(res.Err, context.Canceled):
		j.state.Store(int32(Cancelled))
	default:
		j.state.Store(int32(Failed))
	}
	j.result = res
	if j.file != nil { // never started: the file given to AddFile is still ours to close
		j.file.Close()
		j.file = nil
	}
	j.cancel() // releases the context's resources
	close(j.done)
	if j.onDone != nil {
		j.onDone(res)
	}
}

// cancelled is the Result of a job stopped by Cancel.
func (j *Job) cancelled(size int64) Result {
	return Result{Path: j.path, Size: size, Err: &FileError{Name: j.path, Kind: CauseCancelled, Err: context.Canceled}}
}
