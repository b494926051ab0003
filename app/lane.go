package app

import "sync/atomic"

// A chunk is one stretch of a file on its way to the hashing goroutines. The
// reader fills it once and every unit hashes the same bytes; a reference count
// instead of a copy per algorithm says when the last one is done with it.
type chunk struct {
	buf []byte // full capacity: the queue's chunk size
	n   int    // bytes of buf holding data; written by the reader before sending
	// view, when set, is a window of the file mapped in memory (mapRange)
	// whose bytes the chunk holds instead of buf's; unmapped on release.
	view []byte
	refs atomic.Int32
	lane *lane
}

func (c *chunk) data() []byte {
	if c.view != nil {
		return c.view[:c.n]
	}
	return c.buf[:c.n]
}

// unmapView gives back the window the chunk held, if any.
func (c *chunk) unmapView() {
	if c.view != nil {
		unmap(c.view)
		c.view = nil
	}
}

// release drops one reference; the last one hands the chunk back to its lane,
// which wakes the reader once half the lane is free.
func (c *chunk) release() {
	switch r := c.refs.Add(-1); {
	case r == 0:
		c.unmapView()
		l := c.lane
		l.free <- c // never blocks: free can hold every chunk of the lane
		if len(l.free) >= (cap(l.free)+1)/2 {
			select {
			case l.ready <- struct{}{}:
			default: // already signalled
			}
		}
	case r < 0:
		panic("app: chunk released twice")
	}
}

// A lane is the bounded buffer pool of one file being read: at most cap(free)
// chunks, allocated when first needed and reused by the files read after it.
// The reader waits here when the slowest algorithm is that many chunks behind:
// this is both the pipeline's back-pressure and its memory bound.
type lane struct {
	free  chan *chunk
	ready chan struct{} // signalled when half the chunks are free
	made  int           // chunks allocated so far; only the lane's current reader touches it
	size  int           // bytes per chunk
	slab  []byte        // the chunks' memory from newSlab, or nil: each chunk from the heap
}

func newLane(chunks, size int) *lane {
	return &lane{free: make(chan *chunk, chunks), ready: make(chan struct{}, 1), size: size}
}

// get returns an empty chunk. When all are in use it waits until half of them
// are free again, so that the reader then fills several in a row instead of
// waking up for every chunk: each wake-up costs the hashing core time. It
// returns nil when stop is closed first.
func (l *lane) get(stop <-chan struct{}) *chunk {
	for {
		select {
		case c := <-l.free:
			return c
		default:
		}
		if l.made < cap(l.free) {
			if l.made == 0 {
				l.slab = newSlab(l, cap(l.free)*l.size)
			}
			var buf []byte
			if l.slab != nil {
				buf = l.slab[l.made*l.size : (l.made+1)*l.size : (l.made+1)*l.size]
			} else {
				buf = make([]byte, l.size) // one at a time, as the file needs them
			}
			l.made++
			return &chunk{buf: buf, lane: l}
		}
		select {
		case <-l.ready: // possibly left from earlier: look again
		case <-stop:
			return nil
		}
	}
}

// put returns a chunk the reader got but did not send.
func (l *lane) put(c *chunk) {
	c.unmapView()
	l.free <- c
}

// idle reports whether every chunk of the lane is back, as it must be between
// two files.
func (l *lane) idle() bool { return len(l.free) == l.made }
