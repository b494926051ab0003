//go:build unix

package app

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// OpenFile, opens name for reading without ever waiting: open(2) of a named
// pipe blocks until a writer comes, which would stall the queue and ignore
// Cancel. Where poll(2) can tell when a pipe opened without blocking gets
// its writer (Linux: see pollForWriter), everything is opened O_NONBLOCK
// and what the descriptor is (fstat) is decided afterwards. Elsewhere
// (macOS and the BSDs, whose poll(2) of a pipe without writer says nothing
// reliable) a name that is a pipe is not opened here but by awaitWriter,
// in the background; an open without blocking would let a writer already
// waiting come and go unseen.
func OpenFile(name string) (File, error) {
	if portablePipes {
		if st, err := os.Stat(name); err == nil && isFIFO(st) {
			return &namedPipe{name: name, st: st}, nil
		}
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// isFIFO reports whether st is a named pipe, whose writer awaitWriter awaits.
func isFIFO(st fs.FileInfo) bool { return st.Mode()&fs.ModeNamedPipe != 0 }

// awaitWriter waits until the named pipe f has a writer that has written
// or come and gone, as opening it blocking would have, and returns the
// file to read; ctx ends the wait (Cancel).
func awaitWriter(ctx context.Context, f File) (File, error) {
	switch p := f.(type) {
	case *namedPipe:
		return p.open(ctx)
	case *os.File:
		return p, pollForWriter(p)
	}
	return f, nil
}

// namedPipe is a named pipe that awaitWriter opens in the background.
type namedPipe struct {
	name string
	st   fs.FileInfo // what the name was when looked at
}

var errNotOpened = errors.New("named pipe read before it was opened")

func (p *namedPipe) Read([]byte) (int, error)   { return 0, errNotOpened }
func (p *namedPipe) Close() error               { return nil }
func (p *namedPipe) Stat() (fs.FileInfo, error) { return p.st, nil }

// open opens the pipe, blocking, in a goroutine of its own, so that ctx can
// end the wait. When it does, the goroutine stays in open(2) until a writer
// comes (then closes what it opened: the writer sees no reader), a thread
// for each pipe given up before anyone wrote to it.
func (p *namedPipe) open(ctx context.Context) (File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	got := make(chan opened)
	go func() {
		f, err := os.Open(p.name)
		select {
		case got <- opened{f, err}:
		case <-ctx.Done():
			if f != nil {
				f.Close()
			}
		}
	}()
	select {
	case o := <-got:
		if o.err != nil {
			return nil, o.err
		}
		// The name may lead elsewhere by now: only the pipe looked at is
		// read, and what was opened decides.
		if st, err := o.f.Stat(); err != nil || !os.SameFile(p.st, st) {
			o.f.Close()
			return nil, ErrChanged
		}
		return o.f, nil // blocking, or in the runtime's poller where it has one
	case <-ctx.Done():
		return nil, context.Canceled
	}
}

// blocking makes reads of f block again; for files the runtime does not
// poll (devices), a non-blocking descriptor would fail with EAGAIN.
func blocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	if errors.Is(serr, syscall.EBADF) {
		return serr
	}
	return nil
}
