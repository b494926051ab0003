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

// ErrChanged is the error (wrapped in a FileError) of a file whose size or
// modification time differed after it was read from before: the digests would
// describe neither version, so none are given.
var ErrChanged = errors.New("changed while it was being read")

// File is what the pipeline reads: an *os.File, or a stand-in that tests use
// to inject failures through Options.Open.
type File interface {
	io.ReadCloser
	Stat() (fs.FileInfo, error)
}

// piece is how much a unit hashes between two looks at cancellation, so that
// even the slowest algorithm stops within a few milliseconds.
const piece = 256 << 10

// A Job is one file (or stream) in a Queue. All its methods may be called from
// any goroutine at any time.
type Job struct {
	path   string
	algs   []*hashing.Algorithm
	q      *Queue
	stream io.Reader // set for AddReader; nil for a path opened by the queue

	units  []hashing.Unit
	where  []position // per algorithm: its unit and its index there
	meters []meter    // per unit: bytes hashed
	sums   []atomic.Pointer[[][]byte]
	read   meter // bytes read
	total  atomic.Int64
	start  atomic.Int64 // clock() when hashing began
	state  atomic.Int32

	ctx     context.Context // cancelled by Cancel: wakes a reader waiting for a chunk
	cancel  context.CancelFunc
	stopped atomic.Bool // set by Cancel: the cheap test on the hot path
	failed  atomic.Bool // the reader gave up: units must not produce digests

	mu      sync.Mutex
	reading any // the File or stream being read, to interrupt a blocked Read on Cancel

	done   chan struct{}
	result Result
}

type position struct{ unit, index int }

func newJob(q *Queue, path string, stream io.Reader, algs []*hashing.Algorithm) *Job {
	j := &Job{path: path, algs: algs, q: q, stream: stream, done: make(chan struct{})}
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
	if d, ok := j.reading.(interface{ SetReadDeadline(time.Time) error }); ok {
		d.SetReadDeadline(time.Now()) // a pipe or terminal blocked in Read wakes up
	}
	j.mu.Unlock()
	j.q.dequeue(j)
}

// Progress returns a snapshot of the job; it is cheap enough to call 20 times
// a second for every file shown.
func (j *Job) Progress() Progress {
	now := clock()
	start := time.Duration(j.start.Load())
	p := Progress{State: j.State(), Total: j.total.Load()}

	// Each counter is read once, so Done (their minimum) never goes back
	// even though they are not read at the same instant.
	done := make([]int64, len(j.units))
	speed := make([]float64, len(j.units))
	p.Done = j.read.total()
	p.BytesPerSec = -1
	for u := range j.units {
		done[u] = j.meters[u].total()
		if j.sums[u].Load() == nil && p.State == Hashing {
			speed[u] = j.meters[u].speed(now, start)
			if p.BytesPerSec < 0 || speed[u] < p.BytesPerSec {
				p.BytesPerSec = speed[u]
			}
		}
		p.Done = min(p.Done, done[u])
	}
	if p.BytesPerSec < 0 { // no unit working: the reader's speed, or 0 when finished
		p.BytesPerSec = 0
		if p.State == Hashing {
			p.BytesPerSec = j.read.speed(now, start)
		}
	}
	p.Done = clamp(p.Done, p.Total)
	p.Remaining = remaining(p.Done, p.Total, p.BytesPerSec)

	p.Algorithms = make([]AlgorithmProgress, len(j.algs))
	for i, a := range j.algs {
		at := j.where[i]
		ap := AlgorithmProgress{Algorithm: a, Done: clamp(done[at.unit], p.Total), BytesPerSec: speed[at.unit]}
		ap.Remaining = remaining(ap.Done, p.Total, ap.BytesPerSec)
		if sums := j.sums[at.unit].Load(); sums != nil {
			ap.Digest = (*sums)[at.index]
			ap.Remaining = 0
		}
		p.Algorithms[i] = ap
	}
	if p.State.Finished() {
		p.Remaining = 0
	}
	return p
}

// clamp keeps a count within a known total: a file that grew is reported as
// changed, not as 103% done.
func clamp(n, total int64) int64 {
	if total >= 0 && n > total {
		return total
	}
	return n
}

// finish records the result, wakes Wait and tells the queue's OnDone. It runs
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
	j.cancel() // releases the context's resources
	close(j.done)
	if j.q.opts.OnDone != nil {
		j.q.opts.OnDone(j, res)
	}
}

// cancelled is the Result of a job stopped by Cancel.
func (j *Job) cancelled(size int64) Result {
	return Result{Path: j.path, Size: size, Err: &FileError{Name: j.path, Cause: "cancelled", Err: context.Canceled}}
}

// hash reads the file once through lane l, fanning every chunk out to one
// goroutine per unit, and collects the digests.
func (j *Job) hash(l *lane) Result {
	j.start.Store(int64(clock()))
	j.state.Store(int32(Hashing))
	res := Result{Path: j.path}

	r, before, err := j.open()
	if err != nil {
		res.Err = fileError(j.path, err)
		return res
	}
	if c, ok := r.(io.Closer); ok && j.stream == nil {
		defer c.Close()
	}
	j.mu.Lock()
	j.reading = r
	j.mu.Unlock()
	if before != nil {
		j.total.Store(before.Size())
	}

	ins := make([]chan *chunk, len(j.units))
	var wg sync.WaitGroup
	for u := range j.units {
		ins[u] = make(chan *chunk, cap(l.free)) // never full: the lane has no more chunks
		wg.Add(1)
		go j.hashUnit(u, ins[u], &wg)
	}
	size := j.total.Load()
	n, err := j.readAll(r, l, ins, size)
	if err == nil && before != nil {
		err = unchanged(r.(File), before, n)
	}
	if err != nil {
		j.failed.Store(true) // before close: a unit seeing its input end must not sum
	}
	for _, in := range ins {
		close(in)
	}
	wg.Wait()
	j.mu.Lock()
	j.reading = nil
	j.mu.Unlock()

	res.Size = n
	if err == nil && before == nil {
		j.total.Store(n)
	}
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		res.Err = fileError(j.path, err)
		return res
	case err != nil || !j.summed():
		return j.cancelled(n)
	}
	res.Digests = make([]Digest, len(j.algs))
	for i, a := range j.algs {
		at := j.where[i]
		res.Digests[i] = Digest{Algorithm: a, Sum: (*j.sums[at.unit].Load())[at.index]}
	}
	return res
}

// summed reports whether every unit produced its digests.
func (j *Job) summed() bool {
	for u := range j.sums {
		if j.sums[u].Load() == nil {
			return false
		}
	}
	return true
}

// open returns what to read, with the file's information when it is a
// regular file whose size and modification time can be checked afterwards.
func (j *Job) open() (io.Reader, fs.FileInfo, error) {
	if j.stream != nil {
		return j.stream, nil, nil
	}
	f, err := j.q.open(j.path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, nil, err
	case st.IsDir():
		f.Close()
		return nil, nil, &FileError{Name: j.path, Cause: "is a folder"}
	case !st.Mode().IsRegular() || st.Size() == 0:
		// A device, a named pipe, or a file of /proc that says it is empty
		// but is not: read it as a stream whose size is known at the end.
		return f, nil, nil
	}
	return f, st, nil
}

// readAll reads r to its end in chunks from l and sends each chunk to every
// unit. It returns the bytes read; context.Canceled when stopped.
func (j *Job) readAll(r io.Reader, l *lane, outs []chan *chunk, size int64) (int64, error) {
	var read int64
	for {
		if j.stopped.Load() {
			return read, context.Canceled
		}
		c := l.get(j.ctx.Done()) // waits while the slowest unit is a lane behind
		if c == nil {
			return read, context.Canceled
		}
		n, err := fill(r, c.buf)
		c.n = n
		if size >= 0 && read+int64(n) > size {
			l.put(c)
			return read, ErrChanged // it grew: no need to read the rest
		}
		if n == 0 {
			l.put(c)
		} else {
			read += int64(n)
			c.refs.Store(int32(len(outs)) + 1) // one per unit, one for the loop
			for _, out := range outs {
				out <- c
			}
			c.release()
			j.read.add(n, clock())
		}
		switch {
		case err == io.EOF:
			return read, nil
		case err != nil && j.stopped.Load():
			return read, context.Canceled // the Read was interrupted by Cancel
		case err != nil:
			return read, err
		}
	}
}

// fill reads into buf until it is full, the input ends or fails.
func fill(r io.Reader, buf []byte) (int, error) {
	n, empty := 0, 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
		if m == 0 {
			if empty++; empty == 100 {
				return n, io.ErrNoProgress
			}
		}
	}
	return n, nil
}

// unchanged checks, after reading n bytes of f, that its size and
// modification time are those seen before.
func unchanged(f File, before fs.FileInfo, n int64) error {
	after, err := f.Stat()
	if err != nil {
		return err
	}
	if n != before.Size() || after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
		return ErrChanged
	}
	return nil
}

// hashUnit is the goroutine of unit u: it hashes every chunk it receives, in
// order, and publishes the digests once the input has ended cleanly.
func (j *Job) hashUnit(u int, in <-chan *chunk, wg *sync.WaitGroup) {
	defer wg.Done()
	h := j.units[u].New()
	m := &j.meters[u]
	for c := range in {
		for p := c.data(); len(p) > 0 && !j.stopped.Load(); {
			k := min(len(p), piece)
			h.Write(p[:k])
			p = p[k:]
			m.add(k, clock())
		}
		c.release()
	}
	if j.failed.Load() || j.stopped.Load() {
		return
	}
	sums := h.Sums()
	j.sums[u].Store(&sums)
}
