//go:build smoke && linux && cgo

package smoke

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/ui/internal/xdnd"
)

// logBuffer collects the window's output for the checks, safely.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// failures are the lines that fail the test whatever else happens.
var failures = []string{"Error in Fyne call thread", "panic:", "fatal error:", "SIGSEGV", "data race"}

func TestWindowSmoke(t *testing.T) {
	out := outDir(t)
	bin := binary(t)
	display := startXvfb(t)

	dir := t.TempDir()
	first := writeRandom(t, filepath.Join(dir, "debian-13-amd64-netinst.iso"), 24<<20)
	second := writeRandom(t, filepath.Join(dir, "ダウンロード-リリース.iso"), 8<<20)

	w := start(t, bin, dir, out, "smoke-window.log", userEnv(display, filepath.Join(dir, "home")), first)
	x := openX(t, display)
	var win uint64
	w.waitFor("the window to appear", 60*time.Second, func() bool { win = x.Find("Hashdrop"); return win != 0 })
	w.waitFor("the first file's digests", 120*time.Second, func() bool { return hasDigest(w.log.String(), first) })

	wx, wy, ww, wh, err := x.Geometry(win)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Drop(win, wx+ww/2, wy+wh/2, []string{second}, 30*time.Second); err != nil {
		t.Fatalf("drop: %v", err)
	}
	w.logged(30*time.Second, "dropped ", "queued "+second)
	w.waitFor("the dropped file's digests", 120*time.Second, func() bool { return hasDigest(w.log.String(), second) })
	time.Sleep(time.Second) // a few redraws
	screenshot(t, x, win, filepath.Join(out, "smoke-window.png"))
	w.alive()
}

// hasDigest reports whether the log says path was hashed, with its SHA-256.
func hasDigest(log, path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	sum := sha256.Sum256(data)
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, "done "+path+" ") && strings.Contains(l, "sha256="+hex.EncodeToString(sum[:])) {
			return true
		}
	}
	return false
}

func colours(img *image.RGBA) int {
	seen := make(map[[3]uint8]bool)
	for i := 0; i < len(img.Pix); i += 4 {
		seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
		if len(seen) > 1000 {
			break
		}
	}
	return len(seen)
}

// binary returns the hashdrop binary to run: $HASHDROP_BIN, or one built now.
func binary(t *testing.T) string {
	if b := os.Getenv("HASHDROP_BIN"); b != "" {
		abs, err := filepath.Abs(b)
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	b := filepath.Join(t.TempDir(), "hashdrop")
	build := exec.Command("go", "build", "-tags", "no_emoji", "-o", b, "github.com/hashdrop/hashdrop") // as make build
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return b
}

// startXvfb starts a private X server and returns its display name.
func startXvfb(t *testing.T) string { return startXvfbScreen(t, "1280x900x24") }

// openX connects to display's X server to find windows, drop files on
// them and take screenshots; the connection closes when the test ends.
func openX(t *testing.T, display string) *xdnd.Conn {
	t.Helper()
	x, err := xdnd.Open(display)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// startXvfbScreen starts a private X server whose screen is screen
// (WIDTHxHEIGHTxDEPTH) and returns its display name.
func startXvfbScreen(t *testing.T, screen string) string {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Fatal("Xvfb is not installed (make deps-test installs it)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() {
		x.Process.Signal(syscall.SIGTERM)
		x.Wait()
	})
	num := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		num <- strings.TrimSpace(line)
	}()
	select {
	case n := <-num:
		if n == "" {
			t.Fatal("Xvfb did not start")
		}
		return ":" + n
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start within 20 s")
	}
	return ""
}

func writeRandom(t *testing.T, path string, size int) string {
	data := make([]byte, size)
	rand.Read(data)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
