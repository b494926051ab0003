package desktop

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// Each platform's test file has instanceTestAddr, an address of the
// platform's kind (see instanceAddr) for one test alone, and holdSilently,
// which claims an address without ever answering.

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

// absTest is p as a launch hands it over: on Windows "/a" is on the
// current drive, C:\a.
func absTest(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func instanceClaim(t *testing.T, addr string, args ...string) (*Instance, bool) {
	t.Helper()
	inst, fwd, err := claimAt(addr, args)
	if err != nil {
		t.Fatalf("claim: %v", err)
	}
	if inst != nil {
		t.Cleanup(func() { inst.Close() })
	}
	return inst, fwd
}

func TestInstanceHandOver(t *testing.T) {
	addr := instanceTestAddr(t)
	primary, fwd := instanceClaim(t, addr, "first.iso")
	if primary == nil || fwd {
		t.Fatalf("first claim: inst %v forwarded %v, want the primary", primary, fwd)
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)

	cwd, _ := os.Getwd()
	abs := filepath.Join(cwd, "x", "SHA256SUMS")
	second, fwd := instanceClaim(t, addr, "ubuntu.iso", abs, "dir/../name with spaces.sha256")
	if second != nil || !fwd {
		t.Fatalf("second claim: inst %v forwarded %v, want forwarded", second, fwd)
	}
	got := c.wait(t, 1)
	want := []string{filepath.Join(cwd, "ubuntu.iso"), abs, filepath.Join(cwd, "name with spaces.sha256")}
	if !slices.Equal(got[0], want) {
		t.Errorf("delivered %q, want %q", got[0], want)
	}

	// A bare launch hands over nothing: the window only comes to the front.
	if _, fwd := instanceClaim(t, addr); !fwd {
		t.Fatal("bare second launch was not forwarded")
	}
	if got := c.wait(t, 1); len(got[1]) != 0 {
		t.Errorf("bare launch delivered %q", got[1])
	}
}

// Hand-overs that arrive before the window set OnOpen are kept, in order.
func TestInstancePendingUntilOnOpen(t *testing.T) {
	addr := instanceTestAddr(t)
	primary, _ := instanceClaim(t, addr)
	for _, name := range []string{"/a", "/b", "/c"} {
		if _, fwd := instanceClaim(t, addr, name); !fwd {
			t.Fatal("not forwarded")
		}
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	got := c.wait(t, 3)
	want := [][]string{{absTest(t, "/a")}, {absTest(t, "/b")}, {absTest(t, "/c")}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %q", got)
	}
}

func TestInstanceCloseHandsOverPrimacy(t *testing.T) {
	addr := instanceTestAddr(t)
	first, _ := instanceClaim(t, addr)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if err := first.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if next, fwd := instanceClaim(t, addr); next == nil || fwd {
		t.Fatal("the next launch did not become the primary")
	}
}

// A primary killed outright (no Close, no cleanup: SIGKILL, or
// TerminateProcess on Windows) leaves its socket behind; the next launch
// must notice the dead process and take over.
func TestInstanceStaleAfterKill(t *testing.T) {
	if os.Getenv("HASHDROP_INSTANCE_CHILD") != "" {
		return // this is the child, started for TestInstanceChildPrimary
	}
	addr := instanceTestAddr(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestInstanceChildPrimary$")
	cmd.Env = append(os.Environ(), "HASHDROP_INSTANCE_CHILD="+addr)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "primary\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child did not become the primary: %q %v", line, err)
	}
	// While the child lives, launches go to it.
	if inst, fwd := instanceClaim(t, addr, "/to-child"); inst != nil || !fwd {
		t.Fatal("launch was not forwarded to the living child")
	}
	cmd.Process.Kill()
	cmd.Wait()
	if runtime.GOOS != "windows" {
		if _, err := os.Lstat(addr + ".sock"); err != nil {
			t.Fatalf("expected the killed child's socket to remain: %v", err)
		}
	}
	if inst, fwd := instanceClaim(t, addr, "/x"); inst == nil || fwd {
		t.Fatal("launch after the primary died did not become the primary")
	}
}

// TestInstanceChildPrimary is the child process of TestInstanceStaleAfterKill.
func TestInstanceChildPrimary(t *testing.T) {
	addr := os.Getenv("HASHDROP_INSTANCE_CHILD")
	if addr == "" {
		t.Skip("child process only")
	}
	inst, _, err := claimAt(addr, nil)
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
	addr := instanceTestAddr(t)
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
			inst, fwd, err := claimAt(addr, []string{"/file" + string(rune('a'+i))})
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
	addr := instanceTestAddr(t)
	holdSilently(t, addr)
	inst, fwd, err := claimAt(addr, []string{"/a"})
	if inst != nil || fwd || err == nil {
		t.Fatalf("got %v %v %v, want an error", inst, fwd, err)
	}
}

// A malformed message is refused and never reaches the window.
func TestInstanceRefusesMalformed(t *testing.T) {
	addr := instanceTestAddr(t)
	primary, _ := instanceClaim(t, addr)
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	raw, err := dial(primary.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	raw.Write([]byte("GET / HTTP/1.0\r\n\r\n"))
	ack := make([]byte, 3)
	raw.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.ReadFull(raw, ack); err != nil || string(ack) != ackRefused {
		t.Errorf("answer %q %v, want %q", ack, err, ackRefused)
	}
	if _, fwd := instanceClaim(t, addr, "/ok"); !fwd {
		t.Fatal("a good hand-over after a bad one failed")
	}
	if got := c.wait(t, 1); len(got) != 1 || !slices.Equal(got[0], []string{absTest(t, "/ok")}) {
		t.Errorf("delivered %q", got)
	}
}

func TestInstanceBadName(t *testing.T) {
	for _, name := range []string{"", "../x", "a/b", "a b", `a\b`} {
		if _, _, err := Claim(name, nil); err == nil {
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
	addr := instanceTestAddr(t)
	primary, _ := instanceClaim(t, addr)
	for range maxPending {
		if _, fwd := instanceClaim(t, addr, "/f"); !fwd {
			t.Fatal("not forwarded")
		}
	}
	if inst, fwd, err := claimAt(addr, []string{"/one-too-many"}); inst != nil || fwd || err == nil {
		t.Fatalf("hand-over past the bound: %v %v %v, want refused", inst, fwd, err)
	}
	c := newInstanceCollect()
	primary.OnOpen(c.open)
	if got := c.wait(t, maxPending); len(got) != maxPending {
		t.Errorf("delivered %d", len(got))
	}
}
