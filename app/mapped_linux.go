package app

import (
	"errors"
	"io/fs"
	"os"
	"runtime/debug"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// mapMin is the smallest file read through mappings rather than read(2):
// below it, mapping a window and giving it back costs more than the copy
// read(2) makes.
const mapMin = 16 << 20

// mapWindow is how much of a file one chunk maps: a lane's chunks bound
// the file's resident pages to Options.Chunks windows whatever its size.
const mapWindow = 4 << 20

// readWith is HASHDROP_READ: "read" keeps every file on read(2) (to
// compare), "map" maps large files for every set of algorithms, "" maps
// them where it measured faster (see hashMapped).
var readWith = os.Getenv("HASHDROP_READ")

// mapAll: whether large regular files are mapped for several units too
// (HASHDROP_READ=map), a window a chunk of the lane, rather than read
// with read(2). Not by default: on an AMD EPYC (Zen 4) virtual machine,
// 1 GiB in the page cache, mapped windows of 4-64 MiB (populated or not,
// hashed on the reader's goroutine or the units') saved 0.02-0.04 s of
// system time a GiB and were no faster whole process for SHA-256, XXH3
// or both (the page faults and the unmapping's TLB flushes cost what the
// copy did); populated 16 MiB windows raised the peak memory to 100 MiB.
// Tests turn it on.
var mapAll = readWith == "map"

// mappable reports whether f, whose information is st, is read through
// mappings: a regular file of mapMin bytes or more on a local file
// system. FIFOs, devices, sysfs and /proc, and network or FUSE file
// systems (whose pages may vanish, or cost a round trip a fault) keep
// read(2).
func mappable(f File, st fs.FileInfo) bool {
	if readWith == "read" || !st.Mode().IsRegular() || st.Size() < mapMin {
		return false
	}
	switch f.(type) {
	case *os.File, *fdFile: // fdFile: check's entries, opened by OpenIn
	default:
		return false
	}
	switch fsType(f, st) {
	case unix.EXT4_SUPER_MAGIC, unix.XFS_SUPER_MAGIC, unix.BTRFS_SUPER_MAGIC, unix.TMPFS_MAGIC,
		unix.F2FS_SUPER_MAGIC, unix.OVERLAYFS_SUPER_MAGIC, 0x2fc12fc1 /* ZFS */, unix.BCACHEFS_SUPER_MAGIC:
		return true
	}
	return false
}

// mapRange maps n bytes of f from off, read only, marked for reading in
// order, and touches its pages (a file not in the page cache is read from
// the disk then, on the goroutine mapping ahead of the hashing).
func mapRange(f File, off int64, n int) ([]byte, error) {
	var b []byte
	var merr error
	mmap := func(fd uintptr) {
		b, merr = unix.Mmap(int(fd), off, n, unix.PROT_READ, unix.MAP_SHARED)
	}
	switch x := f.(type) {
	case *fdFile:
		mmap(uintptr(x.fd))
	case *os.File:
		rc, err := x.SyscallConn()
		if err != nil {
			return nil, err
		}
		if err := rc.Control(mmap); err != nil {
			return nil, err
		}
	default:
		return nil, errors.ErrUnsupported // mappable says no
	}
	if merr != nil {
		return nil, merr
	}
	unix.Madvise(b, unix.MADV_SEQUENTIAL) // a hint: without it, the default read-ahead
	unix.Madvise(b, unix.MADV_WILLNEED)   // a file not in the page cache: read the window at once
	touch(b)
	return b, nil
}

// touchStride is how far apart touch reads a byte: four pages, within
// the 64 KiB that one fault maps around the page faulted (the kernel's
// fault_around_bytes).
const touchStride = 16 << 10

// touched keeps touch's reads from being left out.
var touched atomic.Uint32

// touch reads a byte of b every touchStride bytes, so that the pages are
// mapped by this goroutine's faults, each of which maps the pages around
// the one it faulted, rather than by the hashing goroutine's. It was
// cheaper than asking for all of them with MAP_POPULATE, which walks every
// page: on the Zen 4 VM, 1 GiB in the page cache, medians of 9 runs in
// turns, system time 0.078 s against 0.119 (BLAKE3 alone, two cores) and
// 0.087 against 0.132 (XXH3). A page that is gone (the file truncated)
// ends the touching; the hashing goroutine then meets the fault and says
// so.
func touch(b []byte) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { recover() }()
	var x byte
	for i := 0; i < len(b); i += touchStride {
		x += b[i]
	}
	touched.Add(uint32(x))
}

// unmap gives back what mapRange mapped.
func unmap(b []byte) { unix.Munmap(b) }
