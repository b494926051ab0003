package blake3

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// runCV, on every core, is runCVGeneric on the portable twin: random runs
// at counters of every size, some crossing 2^32 chunks.
func TestRunCV(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	type run struct {
		p       *[runLen]byte
		counter uint64
		want    [8]uint32
	}
	runs := make([]run, 6)
	impl.Select(family, impl.Generic)
	for i := range runs {
		r := &runs[i]
		r.p = new([runLen]byte)
		for k := range r.p {
			r.p[k] = byte(rng.Uint32())
		}
		r.counter = uint64(i) * runGroups * groupChunks
		if i >= 3 {
			r.counter = (rng.Uint64()>>8 | 1<<32 - uint64(i)*runGroups*groupChunks) &^ (runGroups*groupChunks - 1)
		}
		r.want = runCVGeneric(r.p, r.counter)
	}
	impl.Reset(family)
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, r := range runs {
			if got := runCV(r.p, r.counter); got != r.want {
				t.Fatalf("run at chunk %d: %x, generic %x", r.counter, got, r.want)
			}
		}
	})
}

// A parallel hash's writes, large enough for whole runs of groups (its
// goroutines then hash each run as one subtree) or not, aligned on a run
// or not, give the digest of the portable twin on every core.
func TestParallelRuns(t *testing.T) {
	data := make([]byte, 9<<20+777)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	impl.Select(family, impl.Generic)
	g := New()
	g.Write(data)
	want := g.Sum(nil)
	impl.Reset(family)
	splits := [][]int{
		{len(data)},
		{4 << 20, 4 << 20},
		{groupLen + 5, 4 << 20},       // the first run of the next write unaligned
		{runLen, 3 * runLen, 1 << 20}, // aligned, whole runs
		{1<<20 + groupLen, 2<<20 - 1, 3 << 20},
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, workers := range []int{2, 3, 4} {
			for _, split := range splits {
				t.Run(fmt.Sprint(workers, split), func(t *testing.T) {
					h := NewParallel(workers)
					rest := data
					for _, n := range split {
						n = min(n, len(rest))
						h.Write(rest[:n])
						rest = rest[n:]
					}
					h.Write(rest)
					if got := h.Sum(nil); !bytes.Equal(got, want) {
						t.Errorf("%x, generic %x", got, want)
					}
				})
			}
		}
	})
}
