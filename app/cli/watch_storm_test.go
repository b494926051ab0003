//go:build linux

package cli

import (
	"context"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/hashdrop/hashdrop/app/watch"
)

// bodyServer keeps every notification's title and body.
type bodyServer struct {
	specInfo
	got chan [2]string
}

func (s *bodyServer) Notify(app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.got <- [2]string{summary, body}
	return 1, nil
}

// 10,000 files arriving at once in the watched folder, through the whole
// watch (inotify and its overflow, the tracker, the one-at-a-time checks,
// the lines, the notifications on a private session bus): each is checked
// once; the twenty with a verdict (a CRC32 in their names) are each told;
// at most three notifications a minute are shown for them and the others
// are counted in the next one, the red one's, which always goes through;
// the heap stays bounded.
//
// The 9,979 files with nothing to check them against are judged Nothing
// by a stand-in for the checker: the real one would say the same, but
// release.Gather lists the whole folder for each file (30-50 ms each in a
// folder of 10,000: minutes for all).
func TestWatchTenThousandFilesAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 files")
	}
	if _, err := exec.LookPath("gdbus"); err != nil {
		t.Skip("gdbus is not installed")
	}
	srv := &bodyServer{got: make(chan [2]string, 64)}
	notificationBus(t, srv)

	var mu sync.Mutex
	checks := map[string]int{}
	tuneMore = func(w *watch.Watch) {
		real := w.Check
		w.Check = func(ctx context.Context, path string) watch.Result {
			mu.Lock()
			checks[filepath.Base(path)]++
			mu.Unlock()
			if strings.Contains(path, "[") {
				return real(ctx, path)
			}
			return watch.Result{Path: path, Step: watch.Nothing}
		}
	}
	t.Cleanup(func() { tuneMore = nil })

	const files, green = 10000, 20
	var peak uint64
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-stopSampling:
				return
			case <-time.After(50 * time.Millisecond):
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}()

	dir := t.TempDir()
	lines := watching(t, "--notify", dir)
	var named []string
	for i := range files {
		name := fmt.Sprintf("file%05d.bin", i)
		data := []byte(fmt.Sprint("download ", i))
		if i%(files/green) == 7 {
			name = fmt.Sprintf("ep%05d [%08X].mkv", i, crc32.ChecksumIEEE(data))
			named = append(named, name)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(named) != green {
		t.Fatalf("%d named", len(named))
	}
	told := map[string]bool{}
	for len(told) < green {
		l := nextLine(t, lines)
		if !strings.HasPrefix(l, "OK: ep") {
			t.Fatalf("line %q", l)
		}
		told[l] = true
	}
	// Every file checked, once.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		mu.Lock()
		n := len(checks)
		mu.Unlock()
		if n == files {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d files checked", n, files)
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	for name, n := range checks {
		if n != 1 {
			t.Errorf("%s checked %d times", name, n)
		}
	}
	mu.Unlock()

	// The notifications so far: at most three.
	shown := 0
	for drained := false; !drained; {
		select {
		case <-srv.got:
			shown++
		case <-time.After(300 * time.Millisecond):
			drained = true
		}
	}
	if shown < 1 || shown > notifyBurst+1 { // +1: a minute may have passed on a slow machine
		t.Fatalf("%d notifications for %d verdicts", shown, green)
	}
	// A damaged download: red goes through, and counts those not shown.
	data := []byte("damaged")
	bad := fmt.Sprintf("ep99999 [%08X].mkv", crc32.ChecksumIEEE([]byte("as published")))
	os.WriteFile(filepath.Join(dir, bad), data, 0o644)
	if l := nextLine(t, lines); !strings.HasPrefix(l, "FAILED: ep99999") {
		t.Fatalf("line %q", l)
	}
	var n [2]string
	select {
	case n = <-srv.got:
	case <-time.After(30 * time.Second):
		t.Fatal("the red verdict was not notified")
	}
	m := regexp.MustCompile(`and (\d+) other downloads? checked`).FindStringSubmatch(n[1])
	if m == nil {
		t.Fatalf("the red notification %q counts nothing", n)
	}
	held, _ := strconv.Atoi(m[1])
	if shown+held != green {
		t.Fatalf("%d shown + %d counted, want %d verdicts", shown, held, green)
	}
	close(stopSampling)
	<-sampled
	growth := int64(peak) - int64(base)
	t.Logf("%d notifications shown, %d counted; heap (live and garbage) at most %.1f MiB above the start", shown, held, float64(growth)/(1<<20))
	if growth > 64<<20 {
		t.Fatalf("the heap grew by %.1f MiB for %d files", float64(growth)/(1<<20), files)
	}
}
