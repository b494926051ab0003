package app

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"
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

// hash reads the file once through lane l, fanning every chunk out to one
// goroutine per unit, and collects the digests.
func (j *Job) hash(l *lane) Result {
	j.start.Store(int64(j.q.clock()))
	j.state.Store(int32(Hashing))
	res := Result{Path: j.path}

	// r is what is read: the stream given to AddReader, or f, the file the
	// queue opened; before is f's information when it is a regular file
	// whose size and modification time can be checked afterwards.
	var (
		r      = j.stream
		f      File
		before fs.FileInfo
	)
	if r == nil {
		var err error
		f, before, err = j.open()
		if err != nil {
			res.Err = FileErrorOf(j.path, err)
			return res
		}
		defer f.Close()
		r = f
	}
	if d, ok := r.(readDeadliner); ok {
		j.mu.Lock()
		j.reading = d
		j.mu.Unlock()
	}
	if before != nil {
		j.total.Store(before.Size())
	}
	r, err := j.awaitWriter(r)
	if err != nil {
		res.Err = FileErrorOf(j.path, err)
		return res
	}
	if g, ok := r.(File); ok && f != nil && g != f {
		defer g.Close() // the pipe awaitWriter opened
	}

	ins := make([]chan *chunk, len(j.units))
	var wg sync.WaitGroup
	size := j.total.Load()
	var (
		n    int64
		solo hashing.Hasher // the one unit, hashed by readSolo first
		slow = true
	)
	// A large regular file on a local disk can be mapped rather than
	// copied by read(2) (mappable). One unit hashes its mapped windows
	// directly (hashMapped) when it is spread over several goroutines
	// (BLAKE3 alone), from the start, or once it proves faster than
	// soloSpeed (XXH3), after readSolo's probe. Several units read mapped
	// windows through the lane only with HASHDROP_READ=map (see mapAll).
	canMap := before != nil && r == File(f) && mappable(f, before)
	mapped := canMap && mapAll && (len(j.units) > 1 || j.spread <= 1)
	switch {
	case len(j.units) == 1 && j.spread > 1 && canMap:
		solo = j.units[0].New()
		n, err = j.hashMapped(f, 0, size, solo, spreadStep, 1) // its goroutines take the cores
		slow = false
	case len(j.units) == 1 && j.spread <= 1 && !mapped:
		solo = j.units[0].New()
		var rest bool
		n, slow, rest, err = j.readSolo(r, l, size, solo, canMap)
		if rest && err == nil {
			var m int64
			m, err = j.hashMapped(f, n, size, solo, piece, 2)
			n += m
		}
	}
	if slow && err == nil {
		for u := range j.units {
			h := solo
			if h == nil {
				h = j.units[u].New()
			}
			ins[u] = make(chan *chunk, cap(l.free)) // never full: the lane has no more chunks
			wg.Add(1)
			go j.hashUnit(u, h, ins[u], &wg, len(j.units) == 1)
		}
		var m int64
		if mapped {
			m, err = j.readMapped(f, l, ins, size)
		} else {
			m, err = j.readAll(r, l, ins, size, n)
		}
		n += m
	}
	if err == nil && before != nil {
		err = unchanged(f, before, n)
	}
	if err != nil {
		j.failed.Store(true) // before close: a unit seeing its input end must not sum
	}
	for _, in := range ins {
		if in != nil {
			close(in)
		}
	}
	wg.Wait()
	if err == nil && j.faulted.Load() {
		err = ErrChanged // truncated while it was mapped
	}
	if !slow && err == nil && !j.stopped.Load() {
		sums := solo.Sums()
		j.sums[0].Store(&sums)
	}
	j.mu.Lock()
	j.reading = nil
	j.mu.Unlock()

	res.Size = n
	if err == nil && before == nil {
		j.total.Store(n)
	}
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		res.Err = FileErrorOf(j.path, err)
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

// open opens the job's file (or takes the one given to AddFile), with its
// information when it is a regular file whose size and modification time
// can be checked afterwards.
func (j *Job) open() (File, fs.FileInfo, error) {
	f := j.file
	j.file = nil // the job's now: closed by hash
	if f == nil {
		var err error
		if f, err = j.q.open(j.path); err != nil {
			return nil, nil, err
		}
	}
	st, err := j.info, error(nil)
	if st == nil {
		st, err = f.Stat()
	}
	j.info = st
	switch {
	case err != nil:
		f.Close()
		return nil, nil, err
	case st.IsDir():
		f.Close()
		return nil, nil, &FileError{Name: j.path, Kind: CauseFolder, Err: syscall.EISDIR}
	case !st.Mode().IsRegular():
		// A device or a named pipe: read it as a stream whose size is
		// known at the end. It was opened without blocking (a pipe
		// without a writer); a device is read blocking, as always.
		if of, ok := f.(*os.File); ok && !isFIFO(st) {
			if err := blocking(of); err != nil {
				f.Close()
				return nil, nil, err
			}
		}
		return f, nil, nil
	case st.Size() == 0 || nominalSize(f, st):
		// A file of /proc that says it is empty but is not, or one of /sys
		// that says 4096 and holds a line: read as a stream, to its end.
		return f, nil, nil
	}
	return f, st, nil
}

// awaitWriter waits, if r is a named pipe without a writer yet, until one
// has written or come and gone, as opening it blocking would have, and
// returns what to read then (the pipe may have been opened again); Cancel
// ends the wait. Meanwhile the job leaves its reader and cores to the files
// queued after it.
func (j *Job) awaitWriter(r io.Reader) (io.Reader, error) {
	f, ok := r.(File)
	if !ok || j.stream != nil {
		return r, nil
	}
	st := j.info // what open found
	if st == nil {
		var err error
		if st, err = f.Stat(); err != nil {
			return r, nil
		}
	}
	if !isFIFO(st) {
		return r, nil
	}
	if j.stopped.Load() {
		return r, context.Canceled // Cancel came before j.reading was set
	}
	j.q.waiting(j, true)
	defer j.q.waiting(j, false)
	g, err := awaitWriter(j.ctx, f)
	if err != nil {
		if j.stopped.Load() {
			return r, context.Canceled
		}
		return r, err
	}
	d, ok := g.(readDeadliner)
	if g != f && ok {
		j.mu.Lock()
		j.reading = d
		j.mu.Unlock()
	}
	if j.stopped.Load() {
		return g, context.Canceled
	}
	if ok {
		if err := d.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, os.ErrNoDeadline) {
			return g, err
		}
	}
	return g, nil // macOS: a pipe the runtime does not poll is read blocking
}

// readAll reads r to its end in chunks from l and sends each chunk to every
// unit; before is what readSolo read and hashed first. It returns the bytes
// it read; context.Canceled when stopped.
func (j *Job) readAll(r io.Reader, l *lane, outs []chan *chunk, size, before int64) (int64, error) {
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
		if size >= 0 && before+read+int64(n) > size {
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
			j.read.add(n, j.q.clock())
		}
		if err != nil {
			return read, j.readEnd(err)
		}
	}
}

// readEnd is what a read that ended with err means for the job: nil at the
// end of the input, context.Canceled when Cancel interrupted it, else err.
func (j *Job) readEnd(err error) error {
	switch {
	case err == io.EOF:
		return nil
	case j.stopped.Load():
		return context.Canceled
	}
	return err
}

// fill reads into buf until it is full, the input ends or fails.
func fill(r io.Reader, buf []byte) (int, error) { return fillTo(r, buf, len(buf)) }

// fillTo reads into buf until it holds at least want bytes, the input
// ends or fails; a read may go on into the rest of buf.
func fillTo(r io.Reader, buf []byte, want int) (int, error) {
	n, empty := 0, 0
	for n < want {
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
// order, with h (new, or what readSolo hashed so far), and publishes the
// digests once the input has ended cleanly. alone says u is the file's only
// unit.
func (j *Job) hashUnit(u int, h hashing.Hasher, in <-chan *chunk, wg *sync.WaitGroup, alone bool) {
	defer wg.Done()
	if alone {
		// The one unit of a file (SHA-256 of an ISO) keeps its thread,
		// and so, mostly, the core the system gave it. Free to move, its
		// goroutine went to whichever thread took it up after each wait
		// for the reader: three or four threads in turn a GiB, on either
		// core. In the window (whose event loop holds a thread, and a
		// processor while it draws) 1 GiB was read in 651/660 ms (best /
		// median of 6 in turns) with its thread kept, 667/684 without;
		// `hashdrop sum` the same either way.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	m := &j.meters[u]
	step := piece * max(j.spread, 1) // a piece for each goroutine of a spread unit
	ok := true
	for c := range in {
		if ok {
			ok = j.hashChunk(h, c, m, step)
		}
		c.release()
	}
	if !ok {
		j.faulted.Store(true)
		return
	}
	if j.failed.Load() || j.stopped.Load() {
		return
	}
	sums := h.Sums()
	j.sums[u].Store(&sums)
}

// hashChunk hashes c with h a piece at a time. A chunk mapped from the
// file faults when the file was truncated under it (SIGBUS): the fault is
// a panic here, recovered, and hashChunk returns false.
func (j *Job) hashChunk(h hashing.Hasher, c *chunk, m *meter, step int) (ok bool) {
	return j.hashBytes(h, c.data(), c.view != nil, m, step)
}

// hashBytes hashes p with h, step bytes at a time between two looks at
// cancellation, counting them in m. p is mapped from a file when mapped:
// a fault (the file truncated) is then a panic, recovered, and hashBytes
// returns false.
func (j *Job) hashBytes(h hashing.Hasher, p []byte, mapped bool, m *meter, step int) (ok bool) {
	if mapped {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				if e, isFault := r.(interface{ Addr() uintptr }); !isFault || e == nil {
					panic(r)
				}
				ok = false
			}
		}()
	}
	for len(p) > 0 && !j.stopped.Load() {
		k := min(len(p), step)
		h.Write(p[:k])
		p = p[k:]
		m.add(k, j.q.clock())
	}
	return true
}

// readMapped maps size bytes of f, a window a chunk of l, and sends each
// chunk to every unit; the windows a lane holds bound the file's resident
// pages. It returns the bytes mapped; context.Canceled when stopped.
func (j *Job) readMapped(f File, l *lane, outs []chan *chunk, size int64) (int64, error) {
	var read int64
	for read < size {
		if j.stopped.Load() {
			return read, context.Canceled
		}
		c := l.get(j.ctx.Done())
		if c == nil {
			return read, context.Canceled
		}
		n := int(min(size-read, mapWindow))
		view, err := mapRange(f, read, n)
		if err != nil {
			l.put(c)
			return read, err
		}
		c.view, c.n = view, n
		if mappedHook != nil {
			mappedHook(read)
		}
		read += int64(n)
		c.refs.Store(int32(len(outs)) + 1)
		for _, out := range outs {
			out <- c
		}
		c.release()
		j.read.add(n, j.q.clock())
	}
	return read, nil
}

// mappedHook, when set (tests), is called with each window's offset once
// it is mapped, before any unit has it.
var mappedHook func(off int64)

// A job of one unit whose algorithm hashes much faster than a file is read
// (XXH3, XXH64, CRC32 with PCLMULQDQ: tens of GB/s) loses more than it gains
// from a goroutine of its own: each chunk handed over wakes it, travels to
// another core's cache, and the lane's chunks are memory touched for the
// first time. readSolo hashes such a unit on the reading goroutine instead,
// a piece at a time while the piece is still in this core's cache, as
// sha256sum or xxhsum do. It times the hashing of the first soloProbe
// bytes: slower than soloSpeed, the unit goes to a goroutine of its own and
// reading overlaps hashing again.
const soloProbe = 4 << 20

// soloSpeed is the speed, in bytes per second, under which a unit gets its
// own goroutine; a variable for the tests, which force either way.
var soloSpeed = 6e9

// readSolo reads r with one chunk of l and hashes it with h as it goes. It
// returns the bytes read, and slow when h proved slower than soloSpeed
// before the end: the rest is then for readAll, and h for the unit's
// goroutine. When h proved faster and canMap (r is a file mappable says
// yes to), readSolo stops after the probe with rest: the rest of the file
// is for hashMapped. The probe is timed with the real clock whatever the
// queue's: it chooses how to work, not what is shown.
func (j *Job) readSolo(r io.Reader, l *lane, size int64, h hashing.Hasher, canMap bool) (read int64, slow, rest bool, err error) {
	c := l.get(j.ctx.Done())
	if c == nil {
		return 0, false, false, context.Canceled
	}
	defer l.put(c)
	m := &j.meters[0]
	cores := j.q.cores > 1 // with one core, hashing on its own goroutine cannot overlap
	probing := cores || canMap
	var hashing time.Duration
	for {
		if j.stopped.Load() {
			return read, false, false, context.Canceled
		}
		buf := c.buf[:min(len(c.buf), piece)]
		n, err := fill(r, buf)
		if size >= 0 && read+int64(n) > size {
			return read, false, false, ErrChanged // it grew: no need to read the rest
		}
		if n > 0 {
			t := time.Now()
			h.Write(buf[:n])
			if probing {
				hashing += time.Since(t)
			}
			read += int64(n)
			now := j.q.clock()
			j.read.add(n, now)
			m.add(n, now)
		}
		if err != nil {
			return read, false, false, j.readEnd(err)
		}
		if probing && read >= soloProbe {
			fast := hashing.Seconds() < float64(read)/soloSpeed
			switch {
			case !fast && cores:
				return read, true, false, nil
			case fast && canMap && read < size && read%int64(os.Getpagesize()) == 0: // mmap's offsets are whole pages
				return read, false, true, nil
			}
			probing = false
		}
	}
}

// directWindow is how much of a file hashMapped maps at a time: two such
// windows at most are resident (a variable for the tests, which use
// smaller files). On the Zen 4 VM, BLAKE3 of 1 GiB spread over two cores
// took the same CPU time (within the busy machine's noise) with windows
// of 16, 32 and 64 MiB; 8 MiB cost more system time.
var directWindow = 16 << 20

// spreadStep is how much of a mapped window a spread unit hashes between
// two looks at cancellation (about a millisecond on two cores): each
// Write hands its goroutines their runs and waits for them. 512 KiB (a
// piece a goroutine, as from the lane) cost 0.03-0.05 s of CPU a GiB
// more than 4-32 MiB.
const spreadStep = 4 << 20

// hashMapped hashes f, size bytes long, from offset from to its end with h
// on this goroutine (and a spread unit's others), step bytes at a time,
// through windows of directWindow bytes that fillers goroutines map and
// fill (mapRange) ahead of the one hashed, one window each. It returns
// the bytes hashed; ErrChanged when a window faulted (the file was
// truncated), context.Canceled when stopped.
//
// Why, on an AMD EPYC (Zen 4) virtual machine, 1 GiB in the page cache,
// two cores, medians of whole runs in turns on a busy machine: read(2)
// costs 0.12-0.15 s of system time a GiB to copy the bytes; mapped
// windows whose pages a filler touches (mapRange) 0.08 s to map and give
// back (0.12 with MAP_POPULATE). Hashing from the mapping reads memory
// the cache has not seen: BLAKE3's sixteen-input kernel needs its
// prefetches (hashing/_asm/blake3) for that, XXH3 is at memory speed
// anyway. Filling the next window while this one is hashed keeps both
// cores busy: filling it on the hashing goroutine left the other core
// idle a few milliseconds a window, and pages faulted in by the hashing
// goroutines cost 0.03-0.05 s a GiB more user time, the kernel's
// prefetches being dropped on pages not mapped yet. A solo unit (XXH3)
// waits for its windows more than it hashes them: two fillers, on both
// cores, gave its 1 GiB a median of 0.265 s against 0.310 with one (11
// runs in turns, load 8). 1 + fillers windows at most are resident.
func (j *Job) hashMapped(f File, from, size int64, h hashing.Hasher, step, fillers int) (int64, error) {
	type window struct {
		off  int64
		view []byte
		err  error
	}
	// Filler k maps windows k, k+fillers, k+2*fillers... and hands each
	// over on its own channel, unbuffered: one window filled ahead a
	// filler, no more. The windows are taken in turns from the channels.
	ready := make([]chan window, fillers)
	stop := make(chan struct{})
	for k := range ready {
		ready[k] = make(chan window)
		go func(out chan<- window) {
			defer close(out)
			span := int64(directWindow)
			for off := from + int64(k)*span; off < size; off += int64(fillers) * span {
				view, err := mapRange(f, off, int(min(size-off, span)))
				select {
				case out <- window{off, view, err}:
				case <-stop:
					if err == nil {
						unmap(view)
					}
					return
				}
				if err != nil {
					return
				}
			}
		}(ready[k])
	}
	defer func() {
		close(stop)
		for _, c := range ready {
			for w := range c { // the one a filler may have sent meanwhile
				if w.err == nil {
					unmap(w.view)
				}
			}
		}
	}()
	windows := func(yield func(window) bool) {
		for k := 0; ; k = (k + 1) % fillers {
			w, ok := <-ready[k]
			if !ok || !yield(w) {
				return
			}
		}
	}
	m := &j.meters[0]
	var read int64
	for w := range windows {
		if w.err != nil {
			return read, w.err
		}
		if j.stopped.Load() {
			unmap(w.view)
			return read, context.Canceled
		}
		if mappedHook != nil {
			mappedHook(w.off)
		}
		ok := j.hashBytes(h, w.view, true, m, step)
		unmap(w.view)
		if !ok {
			j.faulted.Store(true)
			return read, ErrChanged // truncated while it was mapped
		}
		if j.stopped.Load() {
			return read, context.Canceled
		}
		read += int64(len(w.view))
		j.read.add(len(w.view), j.q.clock())
	}
	return read, nil
}
