package app

import (
	"io"
	"io/fs"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/hashdrop/hashdrop/hashing"
)

// Defaults of Options.
const (
	// DefaultReaders is how many files are read at once unless Options.Readers
	// says otherwise: enough to keep the cores busy with fast algorithms, few
	// enough that one disk still reads mostly sequentially.
	DefaultReaders = 4
	// DefaultChunkSize is the size of each read.
	DefaultChunkSize = 1 << 20
	// DefaultChunks is how many chunks of one file may be in memory at once.
	DefaultChunks = 8
)

// Options configure a Queue. The zero value is ready to use.
type Options struct {
	// Readers is the most files read at the same time (the -j of `hashdrop
	// sum`); 0 means DefaultReaders. Whatever the setting, a file starts only
	// while the files in progress have fewer algorithms to run than the
	// machine has cores: a file with many algorithms has the cores to itself.
	Readers int
	// ChunkSize is the size of each read in bytes; 0 means DefaultChunkSize.
	ChunkSize int
	// Chunks is how many chunks of one file may be in memory at once, that is
	// how far the fastest algorithm may run ahead of the slowest; 0 means
	// DefaultChunks. Memory use is at most Readers x Chunks x ChunkSize.
	Chunks int
	// Open opens a file by name; nil means os.Open. Tests set it to simulate
	// files that cannot be read.
	Open func(name string) (File, error)
	// SmallFiles is the largest regular file hashed at once by the
	// goroutine that opened it (Batch, HashOpened), without a job; 0 means
	// SmallFileSize, a negative value none: every file is a job (tests
	// watching the jobs).
	SmallFiles int64
	// Now tells the time for the speeds and estimates of Job.Progress; nil
	// means time.Now. Tests pass a clock they move.
	Now func() time.Time
	// Cores is how many cores the queue keeps busy hashing; 0 means
	// GOMAXPROCS. A program whose own work holds a processor of the Go
	// scheduler (a window's event loop, locked to its thread) runs with
	// one processor more than it has cores, and says the cores here.
	Cores int
}

// A Queue hashes files, each read exactly once, and keeps the cores busy:
// one goroutine reads each file and one goroutine per algorithm (or per group
// of algorithms a core computes together) hashes it. Files start in the order
// they were added. A Queue's methods may be called from any goroutine.
//
// Typical use by a window:
//
//	q := app.NewQueue(app.Options{})
//	job := q.Add("ubuntu.iso", algs, func(r app.Result) { fyne.Do(...) })
//	// 10-20 times a second: show job.Progress()
//	// the [x] button: job.Cancel()
//	// closing the window: q.Close()
type Queue struct {
	opts  Options
	cores int
	epoch time.Time // the start of the queue's clock

	mu      sync.Mutex
	pending []*Job
	running []*Job
	busy    int // units of the running jobs
	idle    int // running jobs waiting for a pipe's writer: they read nothing yet
	closed  bool
	wg      sync.WaitGroup // the jobs' goroutines

	// spare holds the buffer pools of finished files for the next ones, so
	// hashing many small files allocates nothing per file; the garbage
	// collector takes them back once the queue has been idle for a while.
	spare sync.Pool
}

// NewQueue returns an empty queue. It starts no goroutine until a job is added.
func NewQueue(opts Options) *Queue {
	if opts.Readers <= 0 {
		opts.Readers = DefaultReaders
	}
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = DefaultChunkSize
	}
	if opts.Chunks <= 0 {
		opts.Chunks = DefaultChunks
	}
	if opts.SmallFiles == 0 {
		opts.SmallFiles = SmallFileSize
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Cores <= 0 {
		opts.Cores = runtime.GOMAXPROCS(0)
	}
	return &Queue{opts: opts, cores: opts.Cores, epoch: opts.Now()}
}

// Now is the queue's clock (Options.Now), which its jobs' speeds and
// estimates are measured by; a window showing them tells its times by it
// too, so that a test moving it moves them all.
func (q *Queue) Now() time.Time { return q.opts.Now() }

// clock is the time since the queue was made: the meters' time base
// (monotonic with time.Now).
func (q *Queue) clock() time.Duration { return q.opts.Now().Sub(q.epoch) }

// Add queues the file at path to be hashed with algs and returns its job.
// Problems with the file (missing, a folder, unreadable) are reported in the
// job's Result, never here.
//
// done, if not nil, is called once when the job finishes (done, failed or
// cancelled), with its Result: on the job's goroutine, or on the goroutine
// calling Cancel, CancelAll or Close for a job that had not started. It must
// return quickly (a window hands the work to its own goroutine, e.g. with
// fyne.Do), and it may run before Add returns (a missing file fails at once).
func (q *Queue) Add(path string, algs []*hashing.Algorithm, done func(Result)) *Job {
	return q.add(newJob(q, path, nil, algs, done))
}

// AddReader queues a stream (standard input, a pipe) to be hashed with algs;
// name is what results call it ("-" for standard input). The stream is read to
// its end but not closed. done is as for Add.
func (q *Queue) AddReader(name string, r io.Reader, algs []*hashing.Algorithm, done func(Result)) *Job {
	return q.add(newJob(q, name, r, algs, done))
}

// AddFile queues a file the caller has opened already (hashdrop check opens
// each entry once, through its folder, and decides on what it opened); name
// is what results call it. The job closes f when it ends, started or not.
// done is as for Add.
func (q *Queue) AddFile(name string, f File, algs []*hashing.Algorithm, done func(Result)) *Job {
	j := newJob(q, name, nil, algs, done)
	j.file = f
	return q.add(j)
}

// AddOpened is AddFile for a file whose information st the caller took
// from it already (f.Stat): the job does not ask again.
func (q *Queue) AddOpened(name string, f File, st fs.FileInfo, algs []*hashing.Algorithm, done func(Result)) *Job {
	j := newJob(q, name, nil, algs, done)
	j.file, j.info = f, st
	return q.add(j)
}

func (q *Queue) add(j *Job) *Job {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		j.stopped.Store(true)
		j.finish(j.cancelled(0))
		return j
	}
	q.pending = append(q.pending, j)
	q.dispatch()
	q.mu.Unlock()
	return j
}

// CancelAll cancels every job added so far, waiting or running. The queue
// stays usable.
func (q *Queue) CancelAll() {
	q.mu.Lock()
	jobs := slices.Concat(q.running, q.pending)
	q.mu.Unlock()
	for _, j := range jobs {
		j.Cancel()
	}
}

// Close cancels every job and returns once all of the queue's goroutines have
// ended. Jobs added afterwards are cancelled at once.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.CancelAll()
	q.wg.Wait()
}

// dispatch starts waiting jobs while the limits allow. Called with q.mu held.
func (q *Queue) dispatch() {
	for len(q.pending) > 0 && len(q.running)-q.idle < q.opts.Readers && (len(q.running) == q.idle || q.busy < q.cores) {
		j := q.pending[0]
		q.pending[0] = nil
		q.pending = q.pending[1:]
		l, _ := q.spare.Get().(*lane)
		if l == nil {
			l = newLane(q.opts.Chunks, q.opts.ChunkSize)
		}
		q.running = append(q.running, j)
		j.spreadOver(q.cores - q.busy)
		q.busy += j.weight()
		q.wg.Add(1)
		go q.run(j, l)
	}
}

// weight is how many cores a job can keep busy.
func (j *Job) weight() int { return max(len(j.units), j.spread, 1) }

// spreadOver gives a job of one unit that can hash on several goroutines
// (BLAKE3 alone, a tree) the idle cores, so that one file uses them all;
// the files after it wait for cores as they would behind as many units.
func (j *Job) spreadOver(idle int) {
	if len(j.units) != 1 {
		return
	}
	if u, ok := j.units[0].Spread(idle); ok {
		j.units[0], j.spread = u, idle
	}
}

// run is the goroutine of one job: it is the file's reader.
func (q *Queue) run(j *Job, l *lane) {
	defer q.wg.Done()
	res := j.hash(l)
	if !l.idle() {
		panic("app: a chunk was not released") // the next file would wait for it forever
	}
	q.mu.Lock()
	q.running = slices.DeleteFunc(q.running, func(r *Job) bool { return r == j })
	q.busy -= j.weight()
	q.spare.Put(l)
	q.dispatch()
	q.mu.Unlock()
	j.finish(res)
}

// dequeue finishes j as cancelled if it had not started yet.
func (q *Queue) dequeue(j *Job) {
	q.mu.Lock()
	i := slices.Index(q.pending, j)
	if i >= 0 {
		q.pending = slices.Delete(q.pending, i, i+1)
		q.dispatch()
	}
	q.mu.Unlock()
	if i >= 0 {
		j.finish(j.cancelled(0))
	}
}

func (q *Queue) open(name string) (File, error) {
	if q.opts.Open != nil {
		return q.opts.Open(name)
	}
	return OpenFile(name)
}

// waiting marks the running job j as waiting for a pipe's writer, or no
// longer: while it waits, it takes neither a reader nor a core from the
// files queued after it.
func (q *Queue) waiting(j *Job, yes bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if yes {
		q.idle++
		q.busy -= j.weight()
		q.dispatch()
	} else {
		q.idle--
		q.busy += j.weight()
	}
}
