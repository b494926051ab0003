package app

import (
	"context"
	"io"
	"io/fs"
	"slices"
	"sync"

	"github.com/hashdrop/hashdrop/hashing"
)

// SmallFileSize is the default of Options.SmallFiles: the largest regular file hashed on the goroutine that
// opened it (FileHasher): below it, handing a file to a reader goroutine
// and its units costs more than hashing it. A file of this size is read
// into one buffer and hashed with every algorithm in turn while the
// buffer is still in the core's cache, as sha256sum or rhash do.
const SmallFileSize = DefaultChunkSize

// A FileHasher hashes small files on the calling goroutine: no job, no
// goroutine, no lane; its buffer and hashers are reused from one file to
// the next. It is not safe for concurrent use: one a worker.
type FileHasher struct {
	buf   []byte
	plans []*smallPlan // the algorithm sets used last, the latest first
}

// smallPlan is one set of algorithms with its hashers, reset between files.
type smallPlan struct {
	algs    []*hashing.Algorithm
	hashers []hashing.Hasher
	where   []position
}

// plansKept is how many algorithm sets a FileHasher keeps hashers for: a
// check whose entries name several (Gentoo's DIGESTS) switches between few.
const plansKept = 4

func (h *FileHasher) plan(algs []*hashing.Algorithm) *smallPlan {
	for i, p := range h.plans {
		if slices.Equal(p.algs, algs) {
			if i > 0 {
				copy(h.plans[1:i+1], h.plans[:i])
				h.plans[0] = p
			}
			for _, x := range p.hashers {
				x.Reset()
			}
			return p
		}
	}
	units := hashing.Plan(algs)
	p := &smallPlan{algs: slices.Clone(algs), hashers: make([]hashing.Hasher, len(units)), where: make([]position, len(algs))}
	for u := range units {
		p.hashers[u] = units[u].New()
	}
	for i, a := range algs {
		for u, unit := range units {
			if k := slices.Index(unit.Algorithms, a); k >= 0 {
				p.where[i] = position{u, k}
			}
		}
	}
	if len(h.plans) < plansKept {
		h.plans = append(h.plans, nil)
	}
	copy(h.plans[1:], h.plans)
	h.plans[0] = p
	return p
}

// Hash reads f, a regular file of at most SmallFileSize bytes that the
// caller opened and whose information st it took from the descriptor
// (f.Stat), to its end and hashes it with every algorithm of algs. It
// does not close f. A file whose size is not what st said (it grew or
// shrank meanwhile) fails with ErrChanged; one whose size is nominal (0, or
// a file of /proc or /sys) is read to its end, whatever its length.
func (h *FileHasher) Hash(name string, f File, st fs.FileInfo, algs []*hashing.Algorithm) Result {
	res := Result{Path: name}
	size := st.Size()
	stream := size == 0 || nominalSize(f, st)
	want := SmallFileSize + 1
	if !stream && size < SmallFileSize {
		want = int(size) + 1 // one more byte: a file that grew is seen at once
	}
	if cap(h.buf) < want {
		h.buf = make([]byte, max(want, 4<<10))
	}
	buf := h.buf[:want]
	p := h.plan(algs)
	var n int64
	for {
		var m int
		var err error
		if stream {
			m, err = fill(f, buf)
		} else {
			m, err = fillSized(f, buf)
		}
		n += int64(m)
		if !stream && n > size {
			res.Err = FileErrorOf(name, ErrChanged)
			return res
		}
		for _, x := range p.hashers {
			x.Write(buf[:m])
		}
		if err == io.EOF || !stream && err == nil {
			break
		}
		if err != nil {
			res.Err = FileErrorOf(name, err)
			return res
		}
	}
	if !stream && n != size {
		res.Err = FileErrorOf(name, ErrChanged)
		return res
	}
	res.Size = n
	res.Digests = make([]Digest, len(algs))
	sums := make([][][]byte, len(p.hashers))
	for u, x := range p.hashers {
		sums[u] = x.Sums()
	}
	for i, a := range algs {
		at := p.where[i]
		res.Digests[i] = Digest{Algorithm: a, Sum: sums[at.unit][at.index]}
	}
	return res
}

// fillSized reads into buf, one byte longer than the file's size, until
// it holds that size, or more (the file grew), or the file ends (it
// shrank). A read of a regular file that gives fewer bytes than asked for
// is at its end: the read(2) that would return 0 is not made, which saves
// one system call of a small file's five.
func fillSized(r io.Reader, buf []byte) (int, error) { return fillTo(r, buf, len(buf)-1) }

// small reports whether a file of information st is hashed by a
// FileHasher rather than by a job (Options.SmallFiles).
func (q *Queue) small(st fs.FileInfo) bool {
	return st.Mode().IsRegular() && st.Size() <= q.opts.SmallFiles
}

// fileHashers are the FileHashers of HashOpened's callers.
var fileHashers = sync.Pool{New: func() any { return new(FileHasher) }}

// HashOpened hashes f, which the caller opened and took the information
// st of (f.Stat), with algs, and closes it: a small regular file (see
// SmallFileSize) on the calling goroutine, anything else through the
// queue as AddOpened does, waiting for it. onJob, if not nil, is given
// that job as it is queued (a window shows its progress). ctx cancels
// the wait; the Result is then a "cancelled" FileError.
func (q *Queue) HashOpened(ctx context.Context, name string, f File, st fs.FileInfo, algs []*hashing.Algorithm, onJob func(*Job)) Result {
	if q.small(st) {
		defer f.Close()
		if ctx.Err() != nil {
			return Result{Path: name, Err: &FileError{Name: name, Kind: CauseCancelled, Err: context.Canceled}}
		}
		h := fileHashers.Get().(*FileHasher)
		defer fileHashers.Put(h)
		return h.Hash(name, f, st, algs)
	}
	j := q.AddOpened(name, f, st, algs, nil)
	if onJob != nil {
		onJob(j)
	}
	return awaitJob(ctx, j)
}

// awaitJob waits for j, cancelling it when ctx is.
func awaitJob(ctx context.Context, j *Job) Result {
	select {
	case <-j.Done():
	case <-ctx.Done():
		j.Cancel()
	}
	return j.Wait()
}
