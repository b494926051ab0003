//go:build linux

package blake3

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
	"unsafe"
)

// A parallel write of a mapped file truncated under it (its pages gone:
// SIGBUS on every goroutine touching them) panics on the writing
// goroutine, which asked for it with debug.SetPanicOnFault, and not on a
// worker's, which would end the program.
func TestParallelWriteFaultIsTheCallersPanic(t *testing.T) {
	const size = 4 << 20
	name := filepath.Join(t.TempDir(), "mapped")
	if err := os.WriteFile(name, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Skip("cannot map:", err)
	}
	defer syscall.Munmap(b)
	if err := os.Truncate(name, 0); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{2, 3, 8} {
		got := func() (r any) {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() { r = recover() }()
			NewParallel(workers).Write(b)
			return nil
		}()
		if e, ok := got.(interface{ Addr() uintptr }); !ok || e.Addr() < addr(b) || e.Addr() >= addr(b)+size {
			t.Errorf("%d workers: recovered %v, want a fault in the mapping", workers, got)
		}
	}
}

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(&b[0])) }
