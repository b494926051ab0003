// Package blake3 implements BLAKE3's hash mode with its default 256-bit
// output, as b3sum prints it. BLAKE3 is a tree of 1 KiB chunks: the kernels
// hash a group of 16 chunks at a time, and NewParallel spreads the groups
// of large writes over several goroutines.
package blake3

import (
	"encoding/binary"
	"hash"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// family is the name this package's cores are registered under.
const family = "blake3"

// Size is the digest size in bytes; BlockSize the compression's block.
const (
	Size      = 32
	BlockSize = 64
)

const (
	chunkLen    = 1024
	groupChunks = 16
	groupLen    = groupChunks * chunkLen // what a kernel hashes at once
	maxDepth    = 54                     // 2^64 bytes of 16 KiB groups
)

// digest is the running state: the chaining values of the complete subtrees
// on the left (one per set bit of the group count, as in the reference
// implementation's stack), and the group being filled. A full group is
// hashed only once more input shows it is not the last, which ends with
// the root.
type digest struct {
	stack   [maxDepth][8]uint32
	sn      int
	groups  uint64
	x       [groupLen]byte
	nx      int
	workers int
	cvs     [][8]uint32 // scratch of the parallel writes
}

// New returns a hash.Hash computing BLAKE3-256 on the core in use.
func New() hash.Hash { return newDigest(1) }

// NewParallel returns a BLAKE3-256 hash.Hash that hashes the 16 KiB groups
// of each large Write (several groups per worker) on workers goroutines;
// its digests are New's. workers below 2 give New's hash.
func NewParallel(workers int) hash.Hash { return newDigest(max(workers, 1)) }

func newDigest(workers int) *digest {
	d := &digest{workers: workers}
	d.Reset()
	return d
}

func (d *digest) Reset() {
	d.sn = 0
	d.groups = 0
	d.nx = 0
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }

// runGroups is how many groups (256 KiB) a goroutine of a parallel write
// takes at a time: a whole run, aligned in the message, is one subtree,
// hashed by runCV.
const (
	runGroups = 16
	runLen    = runGroups * groupLen
)

// parallelMin is the smallest Write that NewParallel's hash splits: below it
// starting goroutines costs more than it saves.
const parallelMin = 128 << 10

func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	if n == 0 {
		return 0, nil
	}
	if d.nx > 0 {
		if d.nx < groupLen {
			c := copy(d.x[d.nx:], p)
			d.nx += c
			p = p[c:]
			if len(p) == 0 {
				return n, nil
			}
		}
		n := subtree(&d.x, groupLen, d.groups*groupChunks)
		d.push(nodeCV(&n))
		d.nx = 0
	}
	if d.workers > 1 && len(p) > parallelMin {
		p = d.writeParallel(p)
	}
	for len(p) > groupLen {
		n := subtree((*[groupLen]byte)(p), groupLen, d.groups*groupChunks)
		d.push(nodeCV(&n))
		p = p[groupLen:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// writeParallel hashes the whole groups of p but the last byte's on
// d.workers goroutines (this one among them), which take runs of
// consecutive groups in turn, and returns the rest of p.
func (d *digest) writeParallel(p []byte) []byte {
	g := (len(p) - 1) / groupLen
	if cap(d.cvs) < g {
		d.cvs = make([][8]uint32, g)
	}
	cvs := d.cvs[:g]
	base := d.groups * groupChunks
	// The goroutines take runs of claimRun groups in turn rather than a
	// share each: one that a busy machine gives less time takes fewer.
	// (A short write gives each at least two runs.) When the runs are
	// whole and aligned in the message, each is one subtree (runCV),
	// pushed whole.
	take := max(1, min(runGroups, g/(2*d.workers)))
	runs := take == runGroups && d.groups%runGroups == 0
	var claimed atomic.Int64
	run := func(int) {
		for {
			end := int(claimed.Add(int64(take)))
			i := end - take
			if i >= g {
				return
			}
			if runs && end <= g {
				cvs[i] = runCV((*[runLen]byte)(p[i*groupLen:]), base+uint64(i)*groupChunks)
				continue
			}
			for ; i < min(end, g); i++ {
				n := subtree((*[groupLen]byte)(p[i*groupLen:]), groupLen, base+uint64(i)*groupChunks)
				cvs[i] = nodeCV(&n)
			}
		}
	}
	// The last run of groups on this goroutine, which would wait anyway.
	// The others inherit its debug.SetPanicOnFault: p may be a mapped
	// file whose pages vanish when it is truncated, and the fault must be
	// a panic the caller recovers, not the end of the program. A worker's
	// panic is raised again here, on the caller's goroutine.
	onFault := debug.SetPanicOnFault(false)
	debug.SetPanicOnFault(onFault)
	// The caller waits for the others even when its own run panics: p
	// may be unmapped as soon as it returns.
	panics := make([]any, d.workers)
	guarded := func(w int) {
		defer func() { panics[w] = recover() }()
		run(w)
	}
	var wg sync.WaitGroup
	for w := range d.workers - 1 {
		wg.Go(func() {
			if onFault {
				debug.SetPanicOnFault(true)
			}
			guarded(w)
		})
	}
	guarded(d.workers - 1)
	wg.Wait()
	for _, r := range panics {
		if r != nil {
			panic(r)
		}
	}
	for i := 0; i < g; {
		if runs && i+runGroups <= g {
			d.pushSubtree(cvs[i], runGroups)
			i += runGroups
			continue
		}
		d.push(cvs[i])
		i++
	}
	return p[g*groupLen:]
}

// push adds the chaining value of the next group and merges the subtrees
// that it completes (the reference implementation's add_chunk_chaining_value,
// a level up).
func (d *digest) push(cv [8]uint32) { d.pushSubtree(cv, 1) }

// pushSubtree adds the chaining value of the next groups groups, a power
// of two that d.groups is a multiple of: the subtree over them, pushed
// as push pushes one group in units of groups.
func (d *digest) pushSubtree(cv [8]uint32, groups uint64) {
	d.groups += groups
	for total := d.groups / groups; total&1 == 0; total >>= 1 {
		d.sn--
		n := parentNode(&d.stack[d.sn], &cv)
		cv = nodeCV(&n)
	}
	d.stack[d.sn] = cv
	d.sn++
}

func (d *digest) Sum(b []byte) []byte {
	n := subtree(&d.x, d.nx, d.groups*groupChunks)
	for i := d.sn - 1; i >= 0; i-- {
		cv := nodeCV(&n)
		n = parentNode(&d.stack[i], &cv)
	}
	out := compress(&n.cv, &n.block, n.counter, n.blockLen, n.flags|flagRoot)
	for _, w := range out[:8] {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}
