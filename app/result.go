package app

import (
	"context"
	"io"
	"sync"

	"github.com/hashdrop/hashdrop/hashing"
)

// Result is the outcome of hashing one file.
type Result struct {
	Path    string
	Size    int64
	Digests []Digest // one per algorithm asked for, in the order asked; empty on error
	Err     error    // a *FileError when the file could not be hashed
}

// Digest is one algorithm's digest of a file.
type Digest struct {
	Algorithm *hashing.Algorithm
	Sum       []byte
}

// Sum returns the digest computed with a, or nil.
func (r *Result) Sum(a *hashing.Algorithm) []byte {
	for _, d := range r.Digests {
		if d.Algorithm == a {
			return d.Sum
		}
	}
	return nil
}

// HashFile reads path once and computes every algorithm of algs. Path "-" is
// standard input (stdin). It stops early when ctx is cancelled, with a
// "cancelled" FileError. Calls share one queue, so hashing many files from
// several goroutines keeps the cores busy without overloading the disk.
func HashFile(ctx context.Context, path string, algs []*hashing.Algorithm, stdin io.Reader) Result {
	var j *Job
	if path == "-" {
		j = SharedQueue().AddReader(path, stdin, algs, nil)
	} else {
		j = SharedQueue().Add(path, algs, nil)
	}
	defer context.AfterFunc(ctx, j.Cancel)()
	return j.Wait()
}

// SharedQueue, is the queue HashFile uses; it holds no goroutine or buffer
// while idle.
var SharedQueue = sync.OnceValue(func() *Queue { return NewQueue(Options{}) })
