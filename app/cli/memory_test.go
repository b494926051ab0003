package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// heapAtLine is a stdout that, when line n is written, measures the live
// heap: what the command holds while it runs, garbage collected.
type heapAtLine struct {
	n, lines int
	live     uint64
}

func (h *heapAtLine) Write(p []byte) (int, error) {
	h.lines += bytes.Count(p, []byte("\n"))
	if h.live == 0 && h.lines >= h.n {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		h.live = m.HeapAlloc
	}
	return len(p), nil
}

// hashdrop check holds a few bytes an entry beyond the file's text, not
// every entry and result (a 1,000,000-line file took 968 MB).
func TestCheckMemoryStaysNearTheFileSize(t *testing.T) {
	dir := t.TempDir()
	const lines = 60_000
	var b strings.Builder
	for i := range lines {
		fmt.Fprintf(&b, "%032x  f%07d\n", i*7919, i) // all missing: memory, not hashing
	}
	sums := filepath.Join(dir, "MD5SUMS")
	os.WriteFile(sums, []byte(b.String()), 0o644)
	size := uint64(b.Len())
	b = strings.Builder{}

	base := apptest.LiveHeap()
	out := &heapAtLine{n: lines}
	if code := Main([]string{"check", "--quiet", sums}, strings.NewReader(""), out, io.Discard); code != ExitFail || out.lines != lines {
		t.Fatalf("code %d, %d lines", code, out.lines)
	}
	if grown := out.live - min(base, out.live); grown > 2*size {
		t.Errorf("checking a %d-byte file of %d lines held %d bytes (%.0f a line); want at most twice the file", size, lines, grown, float64(grown)/lines)
	}
}

// hashdrop sum keeps a few dozen files queued, not every one given (it
// grew about 12 KB a file with -a all).
func TestSumMemoryDoesNotGrowWithTheFiles(t *testing.T) {
	dir := t.TempDir()
	const files = 3000
	names := make([]string, files)
	for i := range names {
		names[i] = fmt.Sprintf("%05d", i)
		os.WriteFile(filepath.Join(dir, names[i]), []byte(names[i]), 0o644)
	}
	t.Chdir(dir)
	base := apptest.LiveHeap()
	out := &heapAtLine{n: files * 16}
	var errs bytes.Buffer
	if code := Main(append([]string{"sum", "-a", "all"}, names...), strings.NewReader(""), out, &errs); code != ExitOK {
		t.Fatalf("code %d: %s", code, errs.String())
	}
	if grown := out.live - min(base, out.live); grown > 16<<20 {
		t.Errorf("sum -a all of %d files held %d bytes (%.0f a file)", files, grown, float64(grown)/files)
	}
}
