package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/watch"
)

// watching runs "hashdrop watch args..." until the test ends; it returns
// the lines printed, as they come.
func watching(t *testing.T, args ...string) <-chan string {
	t.Helper()
	lines, _ := watchingErr(t, args...)
	return lines
}

// tuneMore, when a test sets it, changes the watch further.
var tuneMore func(*watch.Watch)

// lockedBuilder is a strings.Builder written and read by two goroutines.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// watchingErr is watching, and what has been written to stderr so far.
func watchingErr(t *testing.T, args ...string) (<-chan string, func() string) {
	t.Helper()
	t.Setenv("XDG_RUNTIME_DIR", "")
	if !strings.HasPrefix(os.Getenv("XDG_STATE_HOME"), os.TempDir()) { // unless the test chose one
		t.Setenv("XDG_STATE_HOME", t.TempDir()) // the list of recent checks, the test's own
	}
	t.Setenv("TMPDIR", t.TempDir()) // the watch's lock, the test's own
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	oldCtx, oldTune := watchContext, watchTune
	watchContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	watchTune = func(w *watch.Watch) {
		w.Settle, w.Recheck = 20*time.Millisecond, 50*time.Millisecond
		prev := w.Ready
		w.Ready = func() { prev(); close(ready) }
		if tuneMore != nil {
			tuneMore(w)
		}
	}
	pr, pw := io.Pipe()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	stderr := &lockedBuilder{}
	code := make(chan int, 1)
	go func() { code <- Main(append([]string{"watch"}, args...), strings.NewReader(""), pw, stderr) }()
	t.Cleanup(func() {
		cancel()
		if c := <-code; c != ExitOK {
			t.Errorf("exit %d; stderr:\n%s", c, stderr.String())
		}
		pw.Close()
		watchContext, watchTune = oldCtx, oldTune
	})
	select {
	case <-ready:
	case c := <-code:
		t.Fatalf("watch ended at once: exit %d", c)
	}
	return lines, stderr.String
}

func nextLine(t *testing.T, lines <-chan string) string {
	t.Helper()
	select {
	case l := <-lines:
		return l
	case <-time.After(30 * time.Second):
		t.Fatal("no line printed")
	}
	return ""
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWatchGreenAndRed(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  good.iso\n"+apptest.Hex("sha256", []byte("damaged\n"))+"  bad.iso\n")
	lines := watching(t, dir)
	writeFile(t, filepath.Join(dir, "holiday.jpg"), "nothing published for it") // no line for it
	// A browser's download: its .crdownload renamed to the final name.
	writeFile(t, filepath.Join(dir, "good.iso.crdownload"), "good\n")
	if err := os.Rename(filepath.Join(dir, "good.iso.crdownload"), filepath.Join(dir, "good.iso")); err != nil {
		t.Fatal(err)
	}
	if l := nextLine(t, lines); l != "OK: good.iso matches SHA256SUMS" {
		t.Fatalf("line %q", l)
	}
	writeFile(t, filepath.Join(dir, "bad.iso"), "damaged, and not as published\n")
	if l := nextLine(t, lines); l != "FAILED: bad.iso does NOT match the digest published for it: do not use it" {
		t.Fatalf("line %q", l)
	}
	select {
	case l := <-lines:
		t.Fatalf("more printed: %q", l)
	case <-time.After(200 * time.Millisecond):
	}
}

// Each verdict told goes to the list of recent checks, newest first, with
// the values the tray and the window's menu show.
func TestWatchRecordsRecentChecks(t *testing.T) {
	dir := t.TempDir()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  good.iso\n"+apptest.Hex("sha256", []byte("damaged\n"))+"  bad.iso\n")
	lines := watching(t, dir)
	writeFile(t, filepath.Join(dir, "good.iso"), "good\n")
	nextLine(t, lines)
	writeFile(t, filepath.Join(dir, "bad.iso"), "damaged, and not as published\n")
	nextLine(t, lines)
	rs, err := watch.ReadRecent(filepath.Join(state, "hashdrop", "recent-checks.json"))
	if err != nil || len(rs) != 2 {
		t.Fatalf("recent checks %+v, %v", rs, err)
	}
	if r := rs[0]; r.Path != filepath.Join(dir, "bad.iso") || r.Colour != "red" || r.Checked != "beside" ||
		r.Headline != "FAILED: bad.iso does NOT match the digest published for it: do not use it" || r.Time.IsZero() {
		t.Errorf("newest %+v", r)
	}
	if r := rs[1]; r.Path != filepath.Join(dir, "good.iso") || r.Colour != "green" || r.Outcome == "" || r.Headline != "OK: good.iso matches SHA256SUMS" {
		t.Errorf("older %+v", r)
	}
}

// A list that cannot be written (here its folder is a file; a full disk
// alike) is said once on stderr, and the watch goes on telling verdicts.
func TestWatchGoesOnWhenTheRecentListCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(t.TempDir(), "state")
	writeFile(t, state, "a file where the state folder should be")
	t.Setenv("XDG_STATE_HOME", state)
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  a.iso\n"+apptest.Hex("sha256", []byte("good\n"))+"  b.iso\n")
	lines, stderr := watchingErr(t, dir)
	for _, name := range []string{"a.iso", "b.iso"} {
		writeFile(t, filepath.Join(dir, name), "good\n")
		if l := nextLine(t, lines); l != "OK: "+name+" matches SHA256SUMS" {
			t.Fatalf("line %q", l)
		}
	}
	if n := strings.Count(stderr(), "cannot write the recent checks"); n != 1 {
		t.Fatalf("said %d times, want once:\n%s", n, stderr())
	}
	if !strings.Contains(stderr(), "checking goes on") {
		t.Errorf("stderr %q", stderr())
	}
}

func TestWatchJSON(t *testing.T) {
	dir := t.TempDir()
	lines := watching(t, "--json", dir)
	writeFile(t, filepath.Join(dir, "a.iso"), "good\n")
	writeFile(t, filepath.Join(dir, "a.iso.sha256"), apptest.Hex("sha256", []byte("good\n"))+"  a.iso\n") // arrives after
	var got struct {
		Name, Checked, Colour, Headline string
		Exit                            *int
	}
	if err := json.Unmarshal([]byte(nextLine(t, lines)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Name != "a.iso" || got.Checked != "beside" || got.Colour != "green" || got.Exit == nil || *got.Exit != 0 {
		t.Fatalf("%+v", got)
	}
}

func TestWatchOnePerFolder(t *testing.T) {
	dir := t.TempDir()
	watching(t, dir)
	var out, stderr strings.Builder
	if code := Main([]string{"watch", dir}, strings.NewReader(""), &out, &stderr); code != ExitOK || !strings.Contains(stderr.String(), "watched already") {
		t.Fatalf("second watch: exit %d, stderr %q", code, stderr.String())
	}
}

func TestWatchUsage(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	var out, stderr strings.Builder
	if code := Main([]string{"watch", "a", "b"}, strings.NewReader(""), &out, &stderr); code != ExitUsage {
		t.Fatalf("exit %d", code)
	}
	if code := Main([]string{"watch", filepath.Join(t.TempDir(), "none")}, strings.NewReader(""), &out, &stderr); code != ExitFail || !strings.Contains(stderr.String(), "cannot watch") {
		t.Fatalf("exit %d, %q", code, stderr.String())
	}
}
