package desktop

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/hashdrop/hashdrop/app"
)

// Instance is the running Hashdrop's end of the single-instance hand-over: a
// second launch hands its file arguments to it and exits, so that
// double-clicking three checksum files gives one window, not three.
//
// The primary is whoever holds an exclusive lock on name.lock; the kernel
// drops that lock when the process dies however it dies, so a socket left
// behind by a crash is recognised as stale without guessing from timeouts.
// The socket (name.sock, beside the lock) lives in a folder only this user
// can enter: $XDG_RUNTIME_DIR, else a 0700 folder under the temporary
// directory named after the uid; on Windows the user's local app data folder.
// Nothing listens on the network.
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
	ln   net.Listener
	lock *os.File
	path string // of the socket

	mu      sync.Mutex
	onOpen  func(paths []string)
	pending [][]string // received before OnOpen was set
	deliver sync.Mutex // one callback at a time, in arrival order
	closed  bool
	done    chan struct{}
	wg      sync.WaitGroup
}

// claimWait bounds how long a second launch waits for a primary that holds
// the lock but is not listening yet (it is starting up too). A variable for
// tests.
var claimWait = 3 * time.Second

const (
	// handOverTimeout bounds one hand-over on both ends, so a hung peer
	// never hangs a launch or the primary's accept loop.
	handOverTimeout = 5 * time.Second
	// maxPending bounds the hand-overs kept until OnOpen is set.
	maxPending = 64
)

const isWindows = runtime.GOOS == "windows"

// errNotOurs is returned for a socket some other user owns: never send it
// file names, and do not wait for it either.
var errNotOurs = errors.New("the socket belongs to another user")

// Claim makes this process the running Hashdrop, or hands args to the one
// already running. Relative paths in args are made absolute against this
// process's working directory first, since the primary has its own.
//
// It returns (inst, false, nil) when this process is now the primary,
// (nil, true, nil) when args were delivered to a running primary (the caller
// exits), and (nil, false, err) when neither could be done: the folder is not
// private, the platform has no local sockets, or a primary holds the lock but
// did not answer. The caller then runs on as a standalone window.
func Claim(name string, args []string) (*Instance, bool, error) {
	dir, err := instanceDir()
	if err != nil {
		return nil, false, err
	}
	return claimIn(dir, name, args)
}

// claimIn is Claim in the given private folder.
func claimIn(dir, name string, args []string) (*Instance, bool, error) {
	if err := validName(name); err != nil {
		return nil, false, err
	}
	paths, err := AbsPaths(args)
	if err != nil {
		return nil, false, err
	}
	sock := filepath.Join(dir, name+".sock")
	if len(sock) > maxSocketPath {
		return nil, false, fmt.Errorf("single instance: socket path %s is too long for this system", sock)
	}
	deadline := time.Now().Add(claimWait)
	for {
		lock, err := tryLock(filepath.Join(dir, name+".lock"))
		if err != nil {
			return nil, false, fmt.Errorf("single instance: %w", err)
		}
		if lock != nil {
			inst, err := listen(sock, lock)
			if err != nil {
				lock.Close()
				return nil, false, err
			}
			return inst, false, nil
		}
		// Another process is the primary. It may still be between taking the
		// lock and listening, so a refused connection is retried briefly.
		err = handOver(sock, paths)
		if err == nil {
			return nil, true, nil
		}
		if errors.Is(err, errNotOurs) || time.Now().After(deadline) {
			return nil, false, fmt.Errorf("single instance: the running Hashdrop did not take the files: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// listen starts the primary's socket. Holding the lock means any socket file
// there is stale (its process died without removing it), so it goes first.
func listen(sock string, lock *os.File) (*Instance, error) {
	if err := os.Remove(sock); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("single instance: cannot remove stale %s: %s", sock, app.ErrorWords(err))
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return nil, fmt.Errorf("single instance: cannot listen on %s: %s", sock, app.ErrorWords(err))
	}
	// The folder is already private; this keeps the socket so if it is ever
	// created somewhere less so. Windows ignores the mode bits.
	if err := os.Chmod(sock, 0o600); err != nil && !isWindows {
		ln.Close()
		return nil, fmt.Errorf("single instance: %s: %s", sock, app.ErrorWords(err))
	}
	inst := &Instance{ln: ln, lock: lock, path: sock, done: make(chan struct{})}
	inst.wg.Add(1)
	go inst.serve()
	return inst, nil
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

// Close stops listening, removes the socket and releases the lock, so the
// next launch becomes the primary. It waits for hand-overs in progress.
func (i *Instance) Close() error {
	i.mu.Lock()
	if i.closed {
		i.mu.Unlock()
		return nil
	}
	i.closed = true
	i.mu.Unlock()
	close(i.done)
	err := i.ln.Close() // removes the socket file
	i.wg.Wait()
	if lerr := i.lock.Close(); err == nil {
		err = lerr
	}
	return err
}

// SocketPath is where the Instance listens, for diagnostics.
func (i *Instance) SocketPath() string { return i.path }

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
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
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
func (i *Instance) receive(conn net.Conn) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(handOverTimeout))
	paths, err := readOpenMessage(conn)
	if err != nil {
		conn.Write([]byte(ackRefused))
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
			conn.Write([]byte(ackRefused))
			return
		}
		i.pending = append(i.pending, paths)
		i.mu.Unlock()
		conn.Write([]byte(ackOK))
		return
	}
	i.mu.Unlock()
	if _, err := conn.Write([]byte(ackOK)); err != nil {
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

// handOver sends paths to the primary listening on sock and waits for its
// acknowledgement.
func handOver(sock string, paths []string) error {
	if err := checkSocketOwner(sock); err != nil {
		return err
	}
	msg, err := encodeOpenMessage(paths)
	if err != nil {
		return err
	}
	conn, err := net.DialTimeout("unix", sock, handOverTimeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(handOverTimeout))
	if _, err := conn.Write(msg); err != nil {
		return err
	}
	ack := make([]byte, len(ackOK))
	if _, err := io.ReadFull(conn, ack); err != nil {
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
