//go:build !race

package app

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on x86-64 and arm64 (with
// 4 KiB pages); a slab of at least this size is mapped on such boundaries.
const hugePage = 2 << 20

// newSlab returns size bytes for all the chunks of lane l, or nil when they
// are better made one at a time on Go's heap (below hugePage, or when the
// memory cannot be mapped). The slab is mapped apart from Go's heap, on
// huge-page boundaries, marked for transparent huge pages (MADV_HUGEPAGE,
// which a kernel in THP's "madvise" mode needs), and unmapped when l is
// garbage collected.
//
// A read into a page that has never been written costs a page fault and, in a
// virtual machine, more: on an AMD EPYC VM the first read of 1 MiB into fresh
// 4 KiB pages took 2.8-3.6 ms against 0.1 ms for the next one, so a lane's
// eight chunks cost the reader 23 ms before it caught up with SHA-256 (0.6 ms
// a chunk), which hashed nothing meanwhile. In huge pages the same eight
// reads took 1.1-1.4 ms, and later reads 0.07-0.09 ms instead of 0.10-0.12.
// Where the kernel gives no huge page the memory is ordinary pages, as from
// the heap. Under the race detector the slab is Go's (slab_other.go): it
// watches the heap only, and the chunks' hand-over is what it checks.
func newSlab(l *lane, size int) []byte {
	if size < hugePage {
		return nil
	}
	span := uintptr(size + hugePage)
	p, err := unix.MmapPtr(-1, 0, nil, span, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return nil
	}
	// Keep the size bytes from the first huge-page boundary; give back the rest.
	skip := (hugePage - uintptr(p)%hugePage) % hugePage
	if skip > 0 {
		unix.MunmapPtr(p, skip)
	}
	at := unsafe.Add(p, skip)
	if tail := span - skip - uintptr(size); tail > 0 {
		unix.MunmapPtr(unsafe.Add(at, size), tail)
	}
	slab := unsafe.Slice((*byte)(at), size)
	unix.Madvise(slab, unix.MADV_HUGEPAGE) // a hint: without it, ordinary pages
	runtime.AddCleanup(l, func(at unsafe.Pointer) { unix.MunmapPtr(at, uintptr(size)) }, at)
	return slab
}
