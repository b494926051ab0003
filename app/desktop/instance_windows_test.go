//go:build windows

package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"golang.org/x/sys/windows"
)

var testPipes atomic.Int64

// instanceTestAddr is an address for one test alone: its lock in a
// temporary folder, its pipe named after the process and the test. Not
// t.TempDir: its RemoveAll fails under Wine 8.0 (no POSIX-semantics
// delete), where this test runs in make test-windows.
func instanceTestAddr(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("", "hdi")
	if err != nil {
		t.Fatal(err)
	}
	addr := filepath.Join(d, fmt.Sprintf("hashdrop-test-%d-%d", os.Getpid(), testPipes.Add(1)))
	t.Cleanup(func() {
		os.Remove(addr + ".lock")
		os.Remove(d)
	})
	return addr
}

// holdSilently takes addr's lock and creates its pipe's first instance, and
// never answers, as a primary that hangs.
func holdSilently(t *testing.T, addr string) {
	t.Helper()
	lock, err := tryLock(addr + ".lock")
	if err != nil || lock == nil {
		t.Fatalf("lock: %v", err)
	}
	sa, err := usersAlone()
	if err != nil {
		t.Fatal(err)
	}
	h, err := createPipe(pipeName(addr), sa, true)
	if err != nil {
		t.Fatalf("create %s: %v", pipeName(addr), err)
	}
	t.Cleanup(func() {
		windows.CloseHandle(h)
		lock.Close()
	})
}

// The real address names the user and the session.
func TestInstanceAddrNamesUserAndSession(t *testing.T) {
	addr, err := instanceAddr("hashdrop")
	if err != nil {
		t.Fatal(err)
	}
	sid, err := userSID()
	if err != nil {
		t.Fatal(err)
	}
	if want := `\\.\pipe\hashdrop-` + sid.String() + "-"; !strings.HasPrefix(pipeName(addr), want) {
		t.Errorf("pipe %s, want it to start %s", pipeName(addr), want)
	}
	if dir, _ := instanceDir(); filepath.Dir(addr) != dir {
		t.Errorf("lock %s.lock, want it in %s", addr, dir)
	}
}

// The primary's pipe is this user's: its owner, and the only entry of its
// access list, which takes nothing from elsewhere.
func TestInstancePipeIsTheUsers(t *testing.T) {
	addr := instanceTestAddr(t)
	instanceClaim(t, addr)
	c, err := dial(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	h := windows.Handle(c.(*os.File).Fd())
	sd, err := windows.GetSecurityInfo(h, windows.SE_KERNEL_OBJECT, windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		t.Fatal(err)
	}
	me, _ := userSID()
	// Windows maps GA (generic all) to the pipe's FA (file all); Wine
	// keeps GA.
	fa := "O:" + me.String() + "D:P(A;;FA;;;" + me.String() + ")"
	ga := "O:" + me.String() + "D:P(A;;GA;;;" + me.String() + ")"
	if got := sd.String(); got != fa && got != ga {
		t.Errorf("security descriptor %s, want %s", got, fa)
	}
	if err := checkPipeOwner(h); err != nil {
		t.Errorf("own pipe refused: %v", err)
	}
}

// A pipe someone else made first under the name is not talked to.
func TestInstanceSquattedPipe(t *testing.T) {
	addr := instanceTestAddr(t)
	// Owned by the built-in Administrators group, open to everyone: as a
	// pipe another account made.
	sd, err := windows.SecurityDescriptorFromString("O:BAD:(A;;GA;;;WD)")
	if err != nil {
		t.Fatal(err)
	}
	sa := &windows.SecurityAttributes{SecurityDescriptor: sd}
	sa.Length = uint32(unsafe.Sizeof(*sa))
	h, err := createPipe(pipeName(addr), sa, true)
	if err != nil {
		t.Skipf("cannot make a pipe owned by Administrators here: %v", err)
	}
	defer windows.CloseHandle(h)
	if c, err := dial(addr); !errors.Is(err, errNotOurs) {
		if c != nil {
			c.Close()
		}
		t.Fatalf("dial to the squatter's pipe: %v, want errNotOurs", err)
	}
	if underWine() {
		t.Skip("Wine 8.0 ignores FILE_FLAG_FIRST_PIPE_INSTANCE: a claim cannot see the squatter there")
	}
	inst, fwd, err := claimAt(addr, []string{`C:\secret.iso`})
	if inst != nil {
		inst.Close()
	}
	if inst != nil || fwd || !errors.Is(err, errNotOurs) {
		t.Fatalf("claim beside a squatter: %v %v %v, want errNotOurs", inst, fwd, err)
	}
}

// underWine tells Wine by the function its ntdll.dll alone exports.
func underWine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
