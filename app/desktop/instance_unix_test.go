//go:build unix

package desktop

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// instanceTestAddr is the address of a socket and lock in a private folder
// for one test. Unix socket paths are short, so it lives under /tmp rather
// than t.TempDir's long test-named path.
func instanceTestAddr(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("", "hdi")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return filepath.Join(d, "hd")
}

// holdSilently takes addr's lock, as a primary does before it listens.
func holdSilently(t *testing.T, addr string) {
	t.Helper()
	lock, err := tryLock(addr + ".lock")
	if err != nil || lock == nil {
		t.Fatalf("lock: %v", err)
	}
	t.Cleanup(func() { lock.Close() })
}

// A socket file whose process is gone (no lock held) is replaced.
func TestInstanceStaleSocket(t *testing.T) {
	addr := instanceTestAddr(t)
	sock := addr + ".sock"
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if err := os.WriteFile(addr+".lock", nil, 0o600); err != nil {
		t.Fatal(err)
	}

	primary, fwd := instanceClaim(t, addr)
	if primary == nil || fwd {
		t.Fatal("a stale socket kept the launch from becoming the primary")
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	if _, fwd := instanceClaim(t, addr, "/after"); !fwd {
		t.Fatal("not forwarded to the new primary")
	}
	c.wait(t, 1)
}

// Close removes the socket.
func TestInstanceCloseRemovesSocket(t *testing.T) {
	addr := instanceTestAddr(t)
	first, _ := instanceClaim(t, addr)
	if _, err := os.Lstat(addr + ".sock"); err != nil {
		t.Fatalf("no socket: %v", err)
	}
	first.Close()
	if _, err := os.Lstat(addr + ".sock"); !os.IsNotExist(err) {
		t.Errorf("socket left after Close: %v", err)
	}
}

func TestInstancePrivateDir(t *testing.T) {
	uid := os.Getuid()
	base := t.TempDir()
	mk := func(name string, mode os.FileMode) string {
		d := filepath.Join(base, name)
		if err := os.Mkdir(d, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, mode); err != nil { // past the umask
			t.Fatal(err)
		}
		return d
	}
	private := mk("private", 0o700)
	if err := checkPrivateDir(private, uid); err != nil {
		t.Errorf("0700 folder refused: %v", err)
	}
	if err := checkPrivateDir(mk("open", 0o755), uid); err == nil || !strings.Contains(err.Error(), "0755") {
		t.Errorf("0755 folder: %v, want a refusal naming the mode", err)
	}
	if err := checkPrivateDir(mk("shared", 0o1777), uid); err == nil {
		t.Error("world-writable folder accepted")
	}
	if err := checkPrivateDir(private, uid+1); err == nil || !strings.Contains(err.Error(), "another user") {
		t.Errorf("folder of another uid: %v, want a refusal", err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(private, link); err != nil {
		t.Fatal(err)
	}
	if err := checkPrivateDir(link, uid); err == nil {
		t.Error("symlink to a private folder accepted (could be planted in a shared /tmp)")
	}
}

func TestInstanceDirChoice(t *testing.T) {
	uid := os.Getuid()
	runtimeDir := filepath.Join(t.TempDir(), "run")
	os.Mkdir(runtimeDir, 0o700)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)

	t.Setenv("XDG_RUNTIME_DIR", runtimeDir)
	if d, err := instanceDir(); err != nil || d != runtimeDir {
		t.Errorf("private XDG_RUNTIME_DIR: got %q %v", d, err)
	}

	// A runtime dir that others may enter is not used; the fallback is
	// created private.
	os.Chmod(runtimeDir, 0o755)
	fallback := filepath.Join(tmp, "hashdrop-"+strconv.Itoa(uid))
	d, err := instanceDir()
	if err != nil || d != fallback {
		t.Fatalf("open XDG_RUNTIME_DIR: got %q %v, want %q", d, err, fallback)
	}
	if fi, err := os.Stat(fallback); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("fallback folder: %v %v, want mode 0700", fi.Mode(), err)
	}

	// A fallback folder someone opened up (or planted) is refused, not used.
	t.Setenv("XDG_RUNTIME_DIR", "")
	os.Chmod(fallback, 0o777)
	if _, err := instanceDir(); err == nil {
		t.Error("world-writable fallback folder accepted")
	}
	if _, _, err := Claim("hd", nil); err == nil {
		t.Error("Claim used a world-writable folder")
	}
}

func TestInstanceSocketOwner(t *testing.T) {
	addr := instanceTestAddr(t)
	// Not a socket (something else sits at the path): never written to.
	sock := addr + ".sock"
	os.WriteFile(sock, nil, 0o600)
	if err := checkSocketOwner(sock); !errors.Is(err, errNotOurs) {
		t.Errorf("regular file at the socket path: %v", err)
	}
	if err := checkSocketOwner(filepath.Join(filepath.Dir(addr), "missing")); err != nil {
		t.Errorf("missing socket: %v (left to the dial)", err)
	}
	os.Remove(sock)
	instanceClaim(t, addr)
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v %v, want 0600", fi.Mode(), err)
	}
	if err := checkSocketOwner(sock); err != nil {
		t.Errorf("own socket refused: %v", err)
	}
}

// Inside a Flatpak the socket goes in the folder the app's instances share,
// $XDG_RUNTIME_DIR/app/$FLATPAK_ID, when it is there and private.
func TestInstanceDirFlatpak(t *testing.T) {
	runtimeDir := filepath.Join(t.TempDir(), "run")
	os.Mkdir(runtimeDir, 0o700)
	t.Setenv("XDG_RUNTIME_DIR", runtimeDir)
	t.Setenv("FLATPAK_ID", "io.github.hashdrop.hashdrop")
	if d, err := instanceDir(); err != nil || d != runtimeDir {
		t.Errorf("no app folder: got %q %v, want %q", d, err, runtimeDir)
	}

	shared := filepath.Join(runtimeDir, "app", "io.github.hashdrop.hashdrop")
	os.MkdirAll(shared, 0o700)
	if d, err := instanceDir(); err != nil || d != shared {
		t.Errorf("app folder: got %q %v, want %q", d, err, shared)
	}

	os.Chmod(shared, 0o755)
	if d, err := instanceDir(); err != nil || d != runtimeDir {
		t.Errorf("app folder others may enter: got %q %v, want %q", d, err, runtimeDir)
	}

	// Newer Flatpak: a link to /run/flatpak/app/ID, followed.
	os.Remove(shared)
	target := filepath.Join(t.TempDir(), "flatpak-app")
	os.Mkdir(target, 0o700)
	if err := os.Symlink(target, shared); err != nil {
		t.Fatal(err)
	}
	if d, err := instanceDir(); err != nil || d != target {
		t.Errorf("app folder as a link: got %q %v, want %q", d, err, target)
	}

	for _, id := range []string{"", "../run", "a/b"} {
		t.Setenv("FLATPAK_ID", id)
		if d, err := instanceDir(); err != nil || d != runtimeDir {
			t.Errorf("FLATPAK_ID=%q: got %q %v, want %q", id, d, err, runtimeDir)
		}
	}
}
