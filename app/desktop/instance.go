package desktop

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/hashdrop/hashdrop/app"
)

// Instance is the running Hashdrop's end of the single-instance hand-over: a
// second launch hands its file arguments to it and exits, so that
// double-clicking three checksum files gives one window, not three.
//
// Where it listens is the platform's (instance_unix.go, instance_windows.go):
// a Unix socket in a folder only this user can enter, beside a lock file
// whose holder is the primary; on Windows a named pipe only this user can
// open, whose first instance is the claim. Either way the kernel lets go of
// the claim when the process dies however it dies, so what a crash leaves
// behind is recognised as stale without guessing from timeouts. Nothing
// listens on the network.
//
// Use from main, before any window exists:
//
//	inst, forwarded, err := desktop.Claim("hashdrop", args)
//	switch {
//	case forwarded:
//		os.Exit(0) // the running Hashdrop has the files now
//	case err != nil:
//		log.Print(err) // run standalone: hand-over is a convenience
//	default:
//		defer inst.Close()
//		// ... create the window, then:
//		inst.OnOpen(func(paths []string) { fyne.Do(func() { raise window; queue paths }) })
//	}
type Instance struct {
	ln   listener
	addr string

	mu      sync.Mutex
	onOpen  func(paths []string)
	pending [][]string // received before OnOpen was set
	deliver sync.Mutex // one callback at a time, in arrival order
	closed  bool
	done    chan struct{}
	wg      sync.WaitGroup
}

// A listener is the primary's end: it holds the claim until Close.
type listener interface {
	Accept() (conn, error)
	Close() error
}

// A conn is one hand-over's connection, on either end.
type conn interface {
	io.ReadWriteCloser
	SetDeadline(time.Time) error
}

// claimWait bounds how long a second launch waits for a primary that holds
// the claim but is not listening yet (it is starting up too). A variable for
// tests.
var claimWait = 3 * time.Second

const (
	// handOverTimeout bounds one hand-over on both ends, so a hung peer
	// never hangs a launch or the primary's accept loop.
	handOverTimeout = 5 * time.Second
	// maxPending bounds the hand-overs kept until OnOpen is set.
	maxPending = 64
)

// errNotOurs is returned for an endpoint some other user owns: never send
// it file names, and do not wait for it either.
var errNotOurs = errors.New("it belongs to another user")

// Claim makes this process the running Hashdrop, or hands args to the one
// already running. Relative paths in args are made absolute against this
// process's working directory first, since the primary has its own.
//
// It returns (inst, false, nil) when this process is now the primary,
// (nil, true, nil) when args were delivered to a running primary (the caller
// exits), and (nil, false, err) when neither could be done: the folder is not
// private, the platform has no local sockets, or a primary holds the claim
// but did not answer. The caller then runs on as a standalone window.
func Claim(name string, args []string) (*Instance, bool, error) {
	if err := validName(name); err != nil {
		return nil, false, err
	}
	addr, err := instanceAddr(name)
	if err != nil {
		return nil, false, err
	}
	return claimAt(addr, args)
}

// claimAt is Claim at the platform's address addr (see instanceAddr).
func claimAt(addr string, args []string) (*Instance, bool, error) {
	paths, err := AbsPaths(args)
	if err != nil {
		return nil, false, err
	}
	deadline := time.Now().Add(claimWait)
	for {
		ln, err := claimListener(addr)
		if err != nil {
			return nil, false, fmt.Errorf("single instance: %w", err)
		}
		if ln != nil {
			inst := &Instance{ln: ln, addr: addr, done: make(chan struct{})}
			inst.wg.Add(1)
			go inst.serve()
			return inst, false, nil
		}
		// Another process is the primary. It may still be between claiming
		// and listening, or busy with another launch, so a refused
		// connection is retried briefly.
		err = handOver(addr, paths)
		if err == nil {
			return nil, true, nil
		}
		if errors.Is(err, errNotOurs) || time.Now().After(deadline) {
			return nil, false, fmt.Errorf("single instance: the running Hashdrop did not take the files: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// OnOpen sets the function that receives each later launch's paths (absolute,
// possibly none: a bare second launch asks only to raise the window). Paths
// that arrived before OnOpen are delivered to fn at once, in order. fn runs
// on a goroutine of the Instance, one call at a time, and must return
// promptly (Close waits for it): hand the paths to the window with fyne.Do.
func (i *Instance) OnOpen(fn func(paths []string)) {
	i.deliver.Lock()
	defer i.deliver.Unlock()
	i.mu.Lock()
	i.onOpen = fn
	pending := i.pending
	i.pending = nil
	i.mu.Unlock()
	if fn == nil {
		return
	}
	for _, p := range pending {
		fn(p)
	}
}

// Close stops listening and gives up the claim, so the next launch becomes
// the primary. It waits for hand-overs in progress.
func (i *Instance) Close() error {
	i.mu.Lock()
	if i.closed {
		i.mu.Unlock()
		return nil
	}
	i.closed = true
	i.mu.Unlock()
	close(i.done)
	err := i.ln.Close()
	i.wg.Wait()
	return err
}

// Addr is where the Instance listens, for diagnostics: the socket's path or
// the pipe's name.
func (i *Instance) Addr() string { return i.addr }

func (i *Instance) serve() {
	defer i.wg.Done()
	for {
		conn, err := i.ln.Accept()
		if err != nil {
			select {
			case <-i.done:
				return
			default:
			}
			// Accept fails only transiently once listening (EMFILE and
			// the like): back off instead of spinning.
			time.Sleep(100 * time.Millisecond)
			continue
		}
		i.wg.Add(1)
		go func() {
			defer i.wg.Done()
			i.receive(conn)
		}()
	}
}

// receive reads one hand-over, acknowledges it and passes the paths on.
func (i *Instance) receive(c conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(handOverTimeout))
	paths, err := readOpenMessage(c)
	if err != nil {
		c.Write([]byte(ackRefused))
		return
	}
	// Before the window has called OnOpen, the paths wait in pending. Taking
	// the place and answering are one decision, so the bound holds however
	// many launches race; past it the sender opens its own window rather
	// than lose its files.
	i.mu.Lock()
	if i.onOpen == nil {
		if len(i.pending) >= maxPending {
			i.mu.Unlock()
			c.Write([]byte(ackRefused))
			return
		}
		i.pending = append(i.pending, paths)
		i.mu.Unlock()
		c.Write([]byte(ackOK))
		return
	}
	i.mu.Unlock()
	if _, err := c.Write([]byte(ackOK)); err != nil {
		return // the sender gave up and will open its own window
	}
	i.dispatch(paths)
}

func (i *Instance) dispatch(paths []string) {
	i.deliver.Lock()
	defer i.deliver.Unlock()
	i.mu.Lock()
	fn := i.onOpen
	if fn == nil { // OnOpen(nil) since receive looked
		if len(i.pending) < maxPending {
			i.pending = append(i.pending, paths)
		}
		i.mu.Unlock()
		return
	}
	i.mu.Unlock()
	fn(paths)
}

// handOver sends paths to the primary listening at addr and waits for its
// acknowledgement.
func handOver(addr string, paths []string) error {
	msg, err := encodeOpenMessage(paths)
	if err != nil {
		return err
	}
	c, err := dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(handOverTimeout))
	if _, err := c.Write(msg); err != nil {
		return err
	}
	ack := make([]byte, len(ackOK))
	if _, err := io.ReadFull(c, ack); err != nil {
		return fmt.Errorf("no answer: %w", err)
	}
	if string(ack) != ackOK {
		return errors.New("the files were refused")
	}
	return nil
}

// AbsPaths makes the paths given on the command line absolute and clean, so
// that the window says which folder it checks and another process (the
// running window) reads the same files; "-" (standard input) stays.
func AbsPaths(args []string) ([]string, error) {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a == "-" {
			out = append(out, a)
			continue
		}
		p, err := filepath.Abs(a)
		if err != nil {
			return nil, fmt.Errorf("cannot open %s: %s", a, app.ErrorWords(err))
		}
		out = append(out, p)
	}
	return out, nil
}

func validName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("single instance: bad name %q", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("single instance: bad name %q", name)
		}
	}
	return nil
}
