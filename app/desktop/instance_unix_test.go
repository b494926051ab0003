//go:build unix

package desktop

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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
	dir := instanceTestDir(t)
	// Not a socket (something else sits at the path): never written to.
	sock := filepath.Join(dir, "hd.sock")
	os.WriteFile(sock, nil, 0o600)
	if err := checkSocketOwner(sock); !errors.Is(err, errNotOurs) {
		t.Errorf("regular file at the socket path: %v", err)
	}
	if err := checkSocketOwner(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("missing socket: %v (left to the dial)", err)
	}
	primary, _ := instanceClaim(t, dir)
	if fi, err := os.Stat(primary.SocketPath()); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v %v, want 0600", fi.Mode(), err)
	}
	if err := checkSocketOwner(primary.SocketPath()); err != nil {
		t.Errorf("own socket refused: %v", err)
	}
}
