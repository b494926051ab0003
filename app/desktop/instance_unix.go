//go:build unix

package desktop

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"syscall"

	"github.com/hashdrop/hashdrop/app"
)

// maxSocketPath is the longest socket path every Unix accepts (macOS's
// sun_path holds 104 bytes with the terminating NUL, Linux's 108).
const maxSocketPath = 103

// instanceAddr is where the primary named name listens: the socket
// name.sock, and the lock name.lock whose holder is the primary, in
// instanceDir. The address is the path both share, less the extension.
func instanceAddr(name string) (string, error) {
	dir, err := instanceDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}

// socketListener is the primary's socket and the lock that makes it the
// primary.
type socketListener struct {
	ln   net.Listener
	lock *os.File
}

func (l socketListener) Accept() (conn, error) { return l.ln.Accept() }

// Close removes the socket file, then releases the lock.
func (l socketListener) Close() error {
	err := l.ln.Close()
	if lerr := l.lock.Close(); err == nil {
		err = lerr
	}
	return err
}

// claimListener takes the lock addr.lock and listens on addr.sock. It
// returns a nil listener, and no error, when another process holds the
// lock. Holding the lock means any socket file there is stale (its process
// died without removing it), so it goes first.
func claimListener(addr string) (listener, error) {
	sock := addr + ".sock"
	if len(sock) > maxSocketPath {
		return nil, fmt.Errorf("socket path %s is too long for this system", sock)
	}
	lock, err := tryLock(addr + ".lock")
	if lock == nil {
		return nil, err
	}
	if err := os.Remove(sock); err != nil && !errors.Is(err, os.ErrNotExist) {
		lock.Close()
		return nil, fmt.Errorf("cannot remove stale %s: %s", sock, app.ErrorWords(err))
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("cannot listen on %s: %s", sock, app.ErrorWords(err))
	}
	// The folder is already private; this keeps the socket so if it is ever
	// created somewhere less so.
	if err := os.Chmod(sock, 0o600); err != nil {
		ln.Close()
		lock.Close()
		return nil, fmt.Errorf("%s: %s", sock, app.ErrorWords(err))
	}
	return socketListener{ln, lock}, nil
}

// dial connects to the primary's socket at addr, if it is this user's.
func dial(addr string) (conn, error) {
	sock := addr + ".sock"
	if err := checkSocketOwner(sock); err != nil {
		return nil, err
	}
	return net.DialTimeout("unix", sock, handOverTimeout)
}

// instanceDir returns the private folder for the socket and the lock:
// $XDG_RUNTIME_DIR when it is private as the spec demands (inside a
// Flatpak, its folder shared by the app's instances, flatpakDir), else
// $TMPDIR/hashdrop-<uid>, created 0700.
func instanceDir() (string, error) {
	uid := os.Getuid()
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" && filepath.IsAbs(d) && checkPrivateDir(d, uid) == nil {
		if fd := flatpakDir(d, uid); fd != "" {
			return fd, nil
		}
		return d, nil
	}
	d := filepath.Join(os.TempDir(), fmt.Sprintf("hashdrop-%d", uid))
	if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("single instance: cannot create %s: %s", d, app.ErrorWords(err))
	}
	if err := checkPrivateDir(d, uid); err != nil {
		return "", err
	}
	return d, nil
}

// flatpakDir is, inside a Flatpak sandbox, the folder of runtimeDir that
// every instance of the app shares, app/$FLATPAK_ID: Flatpak gives each
// sandbox a $XDG_RUNTIME_DIR of its own, into which it binds a few sockets
// and that folder of the user's (flatpak/flatpak,
// flatpak_context_append_bwrap_filesystem), so a socket anywhere else in
// it would reach no other launch. "" outside a Flatpak, or when the folder
// is missing or not private. Newer Flatpak makes it a symbolic link into
// /run/flatpak; inside the sandbox's own runtime folder nobody else can
// have planted it, so it is followed. Not yet tried in a real Flatpak.
func flatpakDir(runtimeDir string, uid int) string {
	id := os.Getenv("FLATPAK_ID")
	if id == "" || validName(id) != nil {
		return ""
	}
	d, err := filepath.EvalSymlinks(filepath.Join(runtimeDir, "app", id))
	if err != nil || checkPrivateDir(d, uid) != nil {
		return ""
	}
	return d
}

// checkPrivateDir accepts a real folder (not a symlink someone planted in a
// shared /tmp) that uid owns and nobody else may enter or write.
func checkPrivateDir(dir string, uid int) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("single instance: %s: %s", dir, app.ErrorWords(err))
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !fi.IsDir():
		return fmt.Errorf("single instance: %s is not a folder", dir)
	case !ok || int(st.Uid) != uid:
		return fmt.Errorf("single instance: %s belongs to another user", dir)
	case fi.Mode().Perm()&0o077 != 0:
		return fmt.Errorf("single instance: %s is open to other users (mode %04o, want 0700)", dir, fi.Mode().Perm())
	}
	return nil
}

// checkSocketOwner refuses to talk to a socket that is not this user's.
// A missing socket is left to the dial to report.
func checkSocketOwner(sock string) error {
	fi, err := os.Lstat(sock)
	if err != nil {
		return nil
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if fi.Mode().Type() != fs.ModeSocket || !ok || int(st.Uid) != os.Getuid() {
		return fmt.Errorf("socket %s: %w", sock, errNotOurs)
	}
	return nil
}

// tryLock takes the exclusive lock on path without waiting. It returns a nil
// file, and no error, when another process holds it. flock locks belong to
// the open file, so the kernel releases this one when the process ends.
func tryLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", path, app.ErrorWords(err))
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, nil
	}
	f.Close()
	return nil, fmt.Errorf("cannot lock %s: %s", path, app.ErrorWords(err))
}
