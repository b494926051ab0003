//go:build windows

package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/hashdrop/hashdrop/app"
)

// On Windows the primary listens on a named pipe, Windows' own local
// channel: AF_UNIX sockets are missing before Windows 10 1803 and in Wine.
//
//   - The name carries the user's SID and the session, so two users, or one
//     user logged in twice (console and Remote Desktop), each get their own
//     window: \\.\pipe\hashdrop-S-1-5-21-…-1001-1.
//   - The pipe's access list lets this user alone open it, and remote
//     clients are refused.
//   - The primary is whoever holds the lock on a file of that name in
//     %LocalAppData%\Hashdrop, as on Unix, and creates the pipe's first
//     instance (FILE_FLAG_FIRST_PIPE_INSTANCE; Wine 8.0 ignores the flag,
//     which is why the lock decides). Windows releases both when the process
//     ends however it ends.
//   - A launch only talks to a pipe whose owner is this user, so a pipe
//     another user made first under this name (a squatter) never gets the
//     file names.

// instanceAddr returns the lock file's path less ".lock"; the pipe has the
// same last element (pipeName).
func instanceAddr(name string) (string, error) {
	sid, err := userSID()
	if err != nil {
		return "", fmt.Errorf("single instance: %w", err)
	}
	var session uint32
	if err := windows.ProcessIdToSessionId(windows.GetCurrentProcessId(), &session); err != nil {
		return "", fmt.Errorf("single instance: cannot tell this session: %w", err)
	}
	dir, err := instanceDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, fmt.Sprintf("%s-%s-%d", name, sid, session)), nil
}

// pipeName is the pipe of the address addr.
func pipeName(addr string) string { return `\\.\pipe\` + filepath.Base(addr) }

// userSID is the SID of the user this process runs as.
func userSID() (*windows.SID, error) {
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return nil, fmt.Errorf("cannot tell who the user is: %w", err)
	}
	return u.User.Sid, nil
}

// pipeBuffer is each direction's buffer: a hand-over is one short message.
const pipeBuffer = 4096

// pipeListener is the primary's pipe. One instance at a time waits for a
// client; once one connects, the next instance is created before the
// connected one is handed out, so the name does not lapse while the primary
// lives.
type pipeListener struct {
	name string
	sa   *windows.SecurityAttributes
	lock *os.File
	stop windows.Handle // an event Close sets, to end a waiting Accept

	mu        sync.Mutex
	next      windows.Handle // the instance waiting for the next client
	accepting bool
	closed    bool
}

// claimListener takes the lock addr.lock and creates the pipe's first
// instance. It returns a nil listener, and no error, when another process
// holds the lock, or when the pipe outlives the primary that just gave up
// the lock (a hand-over still in progress) or belongs to someone else:
// either way a hand-over is tried next and tells which.
func claimListener(addr string) (listener, error) {
	sa, err := usersAlone()
	if err != nil {
		return nil, err
	}
	lock, err := tryLock(addr + ".lock")
	if lock == nil {
		return nil, err
	}
	name := pipeName(addr)
	h, err := createPipe(name, sa, true)
	switch {
	case errors.Is(err, windows.ERROR_ACCESS_DENIED):
		lock.Close()
		return nil, nil
	case err != nil:
		lock.Close()
		return nil, fmt.Errorf("cannot create the pipe %s: %s", name, app.ErrorWords(err))
	}
	stop, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		windows.CloseHandle(h)
		lock.Close()
		return nil, fmt.Errorf("cannot create an event: %w", err)
	}
	return &pipeListener{name: name, sa: sa, lock: lock, stop: stop, next: h}, nil
}

// usersAlone is the pipe's security: this user owns it and alone may open
// it. P: the access list takes no entries from elsewhere.
func usersAlone() (*windows.SecurityAttributes, error) {
	sid, err := userSID()
	if err != nil {
		return nil, err
	}
	sd, err := windows.SecurityDescriptorFromString("O:" + sid.String() + "D:P(A;;GA;;;" + sid.String() + ")")
	if err != nil {
		return nil, fmt.Errorf("cannot make the pipe's access list: %w", err)
	}
	sa := &windows.SecurityAttributes{SecurityDescriptor: sd}
	sa.Length = uint32(unsafe.Sizeof(*sa))
	return sa, nil
}

// createPipe makes an instance of the pipe, the first one if first.
func createPipe(name string, sa *windows.SecurityAttributes, first bool) (windows.Handle, error) {
	n, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return windows.InvalidHandle, err
	}
	flags := uint32(windows.PIPE_ACCESS_DUPLEX | windows.FILE_FLAG_OVERLAPPED)
	if first {
		flags |= windows.FILE_FLAG_FIRST_PIPE_INSTANCE
	}
	mode := uint32(windows.PIPE_TYPE_BYTE | windows.PIPE_READMODE_BYTE | windows.PIPE_WAIT | windows.PIPE_REJECT_REMOTE_CLIENTS)
	return windows.CreateNamedPipe(n, flags, mode, windows.PIPE_UNLIMITED_INSTANCES, pipeBuffer, pipeBuffer, 0, sa)
}

// Accept waits for a client on the waiting instance, or for Close.
func (l *pipeListener) Accept() (conn, error) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil, os.ErrClosed
	}
	if l.next == windows.InvalidHandle {
		// The last Accept could not make the next instance. The name may
		// have lapsed since: then only a first instance will do.
		h, err := createPipe(l.name, l.sa, true)
		if err != nil {
			l.mu.Unlock()
			return nil, fmt.Errorf("cannot create the pipe %s again: %s", l.name, app.ErrorWords(err))
		}
		l.next = h
	}
	l.accepting = true
	h := l.next
	l.mu.Unlock()

	err := l.connect(h)

	l.mu.Lock()
	defer l.mu.Unlock()
	l.accepting = false
	if l.closed {
		l.release()
		return nil, os.ErrClosed
	}
	next, nerr := createPipe(l.name, l.sa, false)
	if nerr != nil {
		next = windows.InvalidHandle
	}
	l.next = next
	if err != nil {
		windows.CloseHandle(h) // spoilt: the client left at once, say
		return nil, err
	}
	// Connected and overlapped: os.File gives it deadlines.
	return os.NewFile(uintptr(h), l.name), nil
}

// connect waits until a client has connected to h, or Close was called.
func (l *pipeListener) connect(h windows.Handle) error {
	ev, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(ev)
	ov := windows.Overlapped{HEvent: ev}
	err = windows.ConnectNamedPipe(h, &ov)
	switch {
	case err == nil, errors.Is(err, windows.ERROR_PIPE_CONNECTED):
		return nil // a client came before we asked
	case !errors.Is(err, windows.ERROR_IO_PENDING):
		return err
	}
	which, err := windows.WaitForMultipleObjects([]windows.Handle{ev, l.stop}, false, windows.INFINITE)
	if err != nil || which != windows.WAIT_OBJECT_0 {
		windows.CancelIoEx(h, &ov)
	}
	var n uint32
	// Waits for the cancelled operation too, so ov outlives it.
	return windows.GetOverlappedResult(h, &ov, &n, true)
}

// Close ends a waiting Accept and closes the waiting instance; when the
// last connected instance is closed too, the pipe is gone and the next
// launch becomes the primary.
func (l *pipeListener) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	if l.stop != 0 {
		windows.SetEvent(l.stop)
	}
	if !l.accepting {
		l.release() // else Accept does, as it returns
	}
	return nil
}

// release closes the waiting instance and the event and lets go of the
// lock; l.mu is held.
func (l *pipeListener) release() {
	if l.next != windows.InvalidHandle {
		windows.CloseHandle(l.next)
		l.next = windows.InvalidHandle
	}
	if l.stop != 0 {
		windows.CloseHandle(l.stop)
		l.stop = 0
	}
	if l.lock != nil {
		l.lock.Close()
		l.lock = nil
	}
}

// dial connects to the pipe of addr, if this user owns it. A pipe that
// does not exist, or whose instances are all busy, gives an error the
// caller retries.
func dial(addr string) (conn, error) {
	name := pipeName(addr)
	n, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return nil, err
	}
	// SECURITY_IDENTIFICATION: the server may learn who we are, not act
	// as us.
	h, err := windows.CreateFile(n, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil, windows.OPEN_EXISTING,
		windows.FILE_FLAG_OVERLAPPED|windows.SECURITY_SQOS_PRESENT|windows.SECURITY_IDENTIFICATION, 0)
	switch {
	case errors.Is(err, windows.ERROR_ACCESS_DENIED):
		return nil, fmt.Errorf("pipe %s: %w", name, errNotOurs)
	case err != nil:
		return nil, err
	}
	if err := checkPipeOwner(h); err != nil {
		windows.CloseHandle(h)
		return nil, fmt.Errorf("pipe %s: %w", name, err)
	}
	return os.NewFile(uintptr(h), name), nil
}

// checkPipeOwner returns errNotOurs unless this user owns the pipe h.
func checkPipeOwner(h windows.Handle) error {
	sd, err := windows.GetSecurityInfo(h, windows.SE_KERNEL_OBJECT, windows.OWNER_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Errorf("cannot tell its owner: %w", err)
	}
	owner, _, err := sd.Owner()
	if err != nil {
		return fmt.Errorf("cannot tell its owner: %w", err)
	}
	me, err := userSID()
	if err != nil {
		return err
	}
	if !owner.Equals(me) {
		return errNotOurs
	}
	return nil
}

// instanceDir returns %LocalAppData%\Hashdrop, for the lock files. The
// profile's access list gives the user (and SYSTEM and Administrators)
// alone access to it, and folders created inside inherit that.
func instanceDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("single instance: %w", err)
	}
	d := filepath.Join(base, "Hashdrop")
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("single instance: cannot create %s: %s", d, app.ErrorWords(err))
	}
	return d, nil
}

// tryLock takes the exclusive lock on path without waiting. It returns a nil
// file, and no error, when another process holds it; Windows releases the
// lock when the handle is closed or the process ends.
func tryLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", path, app.ErrorWords(err))
	}
	err = windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		f.Close()
		return nil, nil
	}
	f.Close()
	return nil, fmt.Errorf("cannot lock %s: %s", path, app.ErrorWords(err))
}
