package desktop

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// instanceTestDir is a private folder for one test's socket and lock. Unix
// socket paths are short, so it lives under /tmp rather than t.TempDir's
// long test-named path.
func instanceTestDir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("", "hdi")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// instanceCollect records what an Instance delivers.
type instanceCollect struct {
	mu  sync.Mutex
	got [][]string
	ch  chan struct{}
}

func newInstanceCollect() *instanceCollect { return &instanceCollect{ch: make(chan struct{}, 100)} }

func (c *instanceCollect) open(paths []string) {
	c.mu.Lock()
	c.got = append(c.got, paths)
	c.mu.Unlock()
	c.ch <- struct{}{}
}

func (c *instanceCollect) wait(t *testing.T, n int) [][]string {
	t.Helper()
	for range n {
		select {
		case <-c.ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("hand-over not delivered; have %v", c.got)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.got)
}

func instanceClaim(t *testing.T, dir string, args ...string) (*Instance, bool) {
	t.Helper()
	inst, fwd, err := claimIn(dir, "hd", args)
	if err != nil {
		t.Fatalf("claim: %v", err)
	}
	if inst != nil {
		t.Cleanup(func() { inst.Close() })
	}
	return inst, fwd
}

func TestInstanceHandOver(t *testing.T) {
	dir := instanceTestDir(t)
	primary, fwd := instanceClaim(t, dir, "first.iso")
	if primary == nil || fwd {
		t.Fatalf("first claim: inst %v forwarded %v, want the primary", primary, fwd)
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)

	cwd, _ := os.Getwd()
	abs := filepath.Join(cwd, "x", "SHA256SUMS")
	second, fwd := instanceClaim(t, dir, "ubuntu.iso", abs, "dir/../name with spaces.sha256")
	if second != nil || !fwd {
		t.Fatalf("second claim: inst %v forwarded %v, want forwarded", second, fwd)
	}
	got := c.wait(t, 1)
	want := []string{filepath.Join(cwd, "ubuntu.iso"), abs, filepath.Join(cwd, "name with spaces.sha256")}
	if !slices.Equal(got[0], want) {
		t.Errorf("delivered %q, want %q", got[0], want)
	}

	// A bare launch hands over nothing: the window only comes to the front.
	if _, fwd := instanceClaim(t, dir); !fwd {
		t.Fatal("bare second launch was not forwarded")
	}
	if got := c.wait(t, 1); len(got[1]) != 0 {
		t.Errorf("bare launch delivered %q", got[1])
	}
}

// Hand-overs that arrive before the window set OnOpen are kept, in order.
func TestInstancePendingUntilOnOpen(t *testing.T) {
	dir := instanceTestDir(t)
	primary, _ := instanceClaim(t, dir)
	for _, name := range []string{"/a", "/b", "/c"} {
		if _, fwd := instanceClaim(t, dir, name); !fwd {
			t.Fatal("not forwarded")
		}
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	got := c.wait(t, 3)
	if !slices.EqualFunc(got, [][]string{{"/a"}, {"/b"}, {"/c"}}, slices.Equal) {
		t.Errorf("got %q", got)
	}
}

func TestInstanceCloseHandsOverPrimacy(t *testing.T) {
	dir := instanceTestDir(t)
	first, _ := instanceClaim(t, dir)
	sock := first.SocketPath()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Errorf("socket left after Close: %v", err)
	}
	if err := first.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if next, fwd := instanceClaim(t, dir); next == nil || fwd {
		t.Fatal("the next launch did not become the primary")
	}
}

// A socket file whose process is gone (no lock held) is replaced.
func TestInstanceStaleSocket(t *testing.T) {
	dir := instanceTestDir(t)
	sock := filepath.Join(dir, "hd.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if err := os.WriteFile(filepath.Join(dir, "hd.lock"), nil, 0o600); err != nil {
		t.Fatal(err)
	}

	primary, fwd := instanceClaim(t, dir)
	if primary == nil || fwd {
		t.Fatal("a stale socket kept the launch from becoming the primary")
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	if _, fwd := instanceClaim(t, dir, "/after"); !fwd {
		t.Fatal("not forwarded to the new primary")
	}
	c.wait(t, 1)
}

// A primary killed outright (no Close, no cleanup) leaves its socket behind;
// the next launch must notice the dead process and take over.
func TestInstanceStaleAfterKill(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("kills the child with SIGKILL")
	}
	if os.Getenv("HASHDROP_INSTANCE_CHILD") != "" {
		return // this is the child, started for TestInstanceChildPrimary
	}
	dir := instanceTestDir(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestInstanceChildPrimary$")
	cmd.Env = append(os.Environ(), "HASHDROP_INSTANCE_CHILD="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "primary\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child did not become the primary: %q %v", line, err)
	}
	// While the child lives, launches go to it.
	if inst, fwd := instanceClaim(t, dir, "/to-child"); inst != nil || !fwd {
		t.Fatal("launch was not forwarded to the living child")
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Lstat(filepath.Join(dir, "hd.sock")); err != nil {
		t.Fatalf("expected the killed child's socket to remain: %v", err)
	}
	if inst, fwd := instanceClaim(t, dir, "/x"); inst == nil || fwd {
		t.Fatal("launch after the primary died did not become the primary")
	}
}

// TestInstanceChildPrimary is the child process of TestInstanceStaleAfterKill.
func TestInstanceChildPrimary(t *testing.T) {
	dir := os.Getenv("HASHDROP_INSTANCE_CHILD")
	if dir == "" {
		t.Skip("child process only")
	}
	inst, _, err := claimIn(dir, "hd", nil)
	if err != nil || inst == nil {
		os.Stdout.WriteString("failed\n")
		os.Exit(1)
	}
	inst.OnOpen(func([]string) {})
	os.Stdout.WriteString("primary\n")
	select {} // until killed
}

// Launches racing each other elect exactly one primary and lose no files.
func TestInstanceConcurrentStarts(t *testing.T) {
	dir := instanceTestDir(t)
	const n = 8
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		primaries []*Instance
		forwarded int
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inst, fwd, err := claimIn(dir, "hd", []string{"/file" + string(rune('a'+i))})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Errorf("claim %d: %v", i, err)
			case inst != nil:
				primaries = append(primaries, inst)
			case fwd:
				forwarded++
			}
		}()
	}
	wg.Wait()
	for _, p := range primaries {
		t.Cleanup(func() { p.Close() })
	}
	if len(primaries) != 1 || forwarded != n-1 {
		t.Fatalf("%d primaries and %d forwarded, want 1 and %d", len(primaries), forwarded, n-1)
	}
	c := newInstanceCollect()
	primaries[0].OnOpen(c.open)
	if got := c.wait(t, n-1); len(got) != n-1 {
		t.Errorf("delivered %d hand-overs, want %d", len(got), n-1)
	}
}

// A process that holds the lock but never answers makes the launch give up
// with an error (and run standalone) instead of hanging.
func TestInstanceUnresponsivePrimary(t *testing.T) {
	old := claimWait
	claimWait = 200 * time.Millisecond
	t.Cleanup(func() { claimWait = old })
	dir := instanceTestDir(t)
	lock, err := tryLock(filepath.Join(dir, "hd.lock"))
	if err != nil || lock == nil {
		t.Fatalf("lock: %v", err)
	}
	defer lock.Close()
	inst, fwd, err := claimIn(dir, "hd", []string{"/a"})
	if inst != nil || fwd || err == nil {
		t.Fatalf("got %v %v %v, want an error", inst, fwd, err)
	}
}

// A malformed message is refused and never reaches the window.
func TestInstanceRefusesMalformed(t *testing.T) {
	dir := instanceTestDir(t)
	primary, _ := instanceClaim(t, dir)
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	conn, err := net.Dial("unix", primary.SocketPath())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("GET / HTTP/1.0\r\n\r\n"))
	ack := make([]byte, 3)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := conn.Read(ack); err != nil || string(ack) != ackRefused {
		t.Errorf("answer %q %v, want %q", ack, err, ackRefused)
	}
	if _, fwd := instanceClaim(t, dir, "/ok"); !fwd {
		t.Fatal("a good hand-over after a bad one failed")
	}
	if got := c.wait(t, 1); len(got) != 1 || !slices.Equal(got[0], []string{"/ok"}) {
		t.Errorf("delivered %q", got)
	}
}

func TestInstanceBadName(t *testing.T) {
	for _, name := range []string{"", "../x", "a/b", "a b"} {
		if _, _, err := claimIn(instanceTestDir(t), name, nil); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
}

// Before the window exists, at most maxPending hand-overs wait; later ones
// are refused, so their launches open a window rather than lose the files.
func TestInstancePendingBounded(t *testing.T) {
	old := claimWait
	claimWait = 100 * time.Millisecond
	t.Cleanup(func() { claimWait = old })
	dir := instanceTestDir(t)
	primary, _ := instanceClaim(t, dir)
	for range maxPending {
		if _, fwd := instanceClaim(t, dir, "/f"); !fwd {
			t.Fatal("not forwarded")
		}
	}
	if inst, fwd, err := claimIn(dir, "hd", []string{"/one-too-many"}); inst != nil || fwd || err == nil {
		t.Fatalf("hand-over past the bound: %v %v %v, want refused", inst, fwd, err)
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	if got := c.wait(t, maxPending); len(got) != maxPending {
		t.Errorf("delivered %d", len(got))
	}
}
