//go:build !race

package app

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// mapping returns the lines of /proc/self/smaps of the mapping that starts
// at addr, or nil when there is none.
func mapping(t *testing.T, addr uintptr) []string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	var lines []string
	in := false
	for line := range strings.Lines(string(b)) {
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			in = strings.HasPrefix(f[0], fmt.Sprintf("%x-", addr))
		}
		if in {
			lines = append(lines, strings.TrimSpace(line))
		}
	}
	return lines
}

// A lane of the default size takes its chunks, one after the other, from a
// slab mapped on huge-page boundaries and marked for huge pages, which goes
// when the lane does.
func TestLaneChunksShareAHugePageSlab(t *testing.T) {
	l := newLane(DefaultChunks, DefaultChunkSize)
	stop := make(chan struct{})
	var start uintptr
	for i := range DefaultChunks {
		c := l.get(stop)
		at := uintptr(unsafe.Pointer(unsafe.SliceData(c.buf)))
		if i == 0 {
			start = at
		}
		if len(c.buf) != DefaultChunkSize || cap(c.buf) != DefaultChunkSize || at != start+uintptr(i*DefaultChunkSize) {
			t.Fatalf("chunk %d: %d bytes (cap %d) at %#x; want %d at %#x", i, len(c.buf), cap(c.buf), at, DefaultChunkSize, start+uintptr(i*DefaultChunkSize))
		}
		c.buf[0], c.buf[len(c.buf)-1] = byte(i), byte(i) // writable to both ends
	}
	if start%hugePage != 0 {
		t.Errorf("slab at %#x, not on a %d-byte boundary", start, hugePage)
	}
	m := mapping(t, start)
	if m == nil {
		t.Fatalf("no mapping starts at the slab (%#x)", start)
	}
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err == nil {
		if !strings.Contains(strings.Join(m, "\n"), "VmFlags:") || !strings.Contains(m[len(m)-1], " hg") {
			t.Errorf("slab not marked for huge pages (MADV_HUGEPAGE): %q", m[len(m)-1])
		}
	}

	// Once the lane is garbage, its slab is unmapped.
	l = nil
	for range 100 {
		runtime.GC()
		runtime.Gosched()
		if mapping(t, start) == nil {
			return
		}
	}
	t.Errorf("the slab at %#x is still mapped after the lane was collected: %q", start, mapping(t, start)[:3])
}

// A lane smaller than a huge page has no slab: its chunks come from the heap
// one at a time, as a file needs them.
func TestSmallLaneChunksComeOneAtATime(t *testing.T) {
	l := newLane(4, 64<<10)
	c := l.get(make(chan struct{}))
	if l.slab != nil || l.made != 1 || len(c.buf) != 64<<10 {
		t.Errorf("slab %d bytes, %d chunks made, chunk of %d bytes; want no slab, one chunk of %d", len(l.slab), l.made, len(c.buf), 64<<10)
	}
}
