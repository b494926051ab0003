package app

import "sync/atomic"

// A chunk is one stretch of a file on its way to the hashing goroutines. The
// reader fills it once and every unit hashes the same bytes; a reference count
// instead of a copy per algorithm says when the last one is done with it.
type chunk struct {
	buf  []byte // full capacity: the queue's chunk size
	n    int    // bytes of buf holding data; written by the reader before sending
	refs atomic.Int32
	lane *lane
}

func (c *chunk) data() []byte { return c.buf[:c.n] }

// release drops one reference; the last one hands the chunk back to its lane,
// which may wake the reader waiting for a free chunk.
func (c *chunk) release() {
	switch r := c.refs.Add(-1); {
	case r == 0:
		c.lane.free <- c // never blocks: free can hold every chunk of the lane
	case r < 0:
		panic("app: chunk released twice")
	}
}

// A lane is the bounded buffer pool of one file being read: at most cap(free)
// chunks, allocated when first needed and reused by the files read after it.
// The reader waits here when the slowest algorithm is that many chunks behind:
// this is both the pipeline's back-pressure and its memory bound.
type lane struct {
	free chan *chunk
	made int // chunks allocated so far; only the lane's current reader touches it
	size int // bytes per chunk
}

func newLane(chunks, size int) *lane {
	return &lane{free: make(chan *chunk, chunks), size: size}
}

// get returns an empty chunk, waiting until one is released when all are in
// use. It returns nil when stop is closed first.
func (l *lane) get(stop <-chan struct{}) *chunk {
	select {
	case c := <-l.free:
		return c
	default:
	}
	if l.made < cap(l.free) {
		l.made++
		return &chunk{buf: make([]byte, l.size), lane: l}
	}
	select {
	case c := <-l.free:
		return c
	case <-stop:
		return nil
	}
}

// put returns a chunk the reader got but did not send.
func (l *lane) put(c *chunk) { l.free <- c }

// idle reports whether every chunk of the lane is back, as it must be between
// two files.
func (l *lane) idle() bool { return len(l.free) == l.made }
