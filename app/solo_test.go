package app

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// forceSolo makes every lone unit stay on the reading goroutine (solo) or
// go to its own after the probe (not solo), whatever its speed, until the
// test ends.
func forceSolo(t *testing.T, solo bool) {
	old := soloSpeed
	soloSpeed = math.Inf(1) // nothing is that fast: every unit is slow
	if solo {
		soloSpeed = 0
	}
	t.Cleanup(func() { soloSpeed = old })
}

// A file hashed by one unit gives the same digests whether the reader hashes
// it all (solo), or hands the unit and its state to a goroutine of its own
// after the probe, at every size around a piece and the probe.
func TestSoloMatchesDirectHashing(t *testing.T) {
	sizes := []int{0, 1, piece - 1, piece, piece + 1, soloProbe - 1, soloProbe, soloProbe + 1, soloProbe + piece + 3, 9<<20 + 5}
	algs := []*hashing.Algorithm{apptest.Alg("sha256"), apptest.Alg("xxh3"), apptest.Alg("crc32")}
	dir := t.TempDir()
	for _, solo := range []bool{true, false} {
		for i, size := range sizes {
			a := algs[i%len(algs)]
			t.Run(fmt.Sprintf("solo=%v/%d-bytes/%s", solo, size, a.ID), func(t *testing.T) {
				forceSolo(t, solo)
				data := apptest.RandomBytes(size, uint64(i))
				path := filepath.Join(dir, fmt.Sprint(size))
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				chunkSize := []int{DefaultChunkSize, 100_000, 3 << 20}[i%3]
				q := NewQueue(Options{ChunkSize: chunkSize})
				defer q.Close()
				file := q.Add(path, []*hashing.Algorithm{a}, nil)
				stream := q.AddReader("stream", &jerkyReader{data, rand.New(rand.NewPCG(uint64(i), 5))}, []*hashing.Algorithm{a}, nil)
				for _, j := range []*Job{file, stream} {
					checkDigests(t, j.Wait(), []*hashing.Algorithm{a}, data)
					p := j.Progress()
					if p.State != Done || p.Done != int64(size) || p.Algorithms[0].Done != int64(size) {
						t.Errorf("%s: final progress %+v", j.Path(), p)
					}
				}
			})
		}
	}
}

// A lone unit faster than soloSpeed is hashed on the reading goroutine; a
// slower one gets its own once the probe is read. Seen from the number of
// goroutines while the job waits for more input after the probe.
func TestSoloUnitGoroutine(t *testing.T) {
	if runtime.GOMAXPROCS(0) == 1 {
		t.Skip("with one core every lone unit is hashed on the reading goroutine")
	}
	before := runtime.NumGoroutine()
	// want: how many goroutines to wait for (a while) before counting;
	// under load the unit's own may be seen a little after the read.
	count := func(solo bool, want int) int {
		waitGoroutines(t, before) // the last queue's goroutines may still be returning
		forceSolo(t, solo)
		q := NewQueue(Options{})
		defer q.Close()
		s := &stalled{n: soloProbe + 1, wake: make(chan struct{}), waiting: make(chan struct{})}
		base := runtime.NumGoroutine()
		j := q.AddReader("stalled", s, []*hashing.Algorithm{apptest.Alg("sha256")}, nil)
		<-s.waiting
		n := runtime.NumGoroutine() - base
		for deadline := time.Now().Add(10 * time.Second); n < want && time.Now().Before(deadline); n = runtime.NumGoroutine() - base {
			time.Sleep(time.Millisecond)
		}
		close(s.wake)
		if res := j.Wait(); res.Err != nil || res.Size != soloProbe+1 {
			t.Errorf("solo=%v: %+v", solo, res)
		}
		return n
	}
	// Goroutines of earlier tests that are still ending can be counted too,
	// so a count that is off is taken again: a unit without its own
	// goroutine never gives one more, however often it is counted.
	var solo, own int
	for range 5 {
		solo = count(true, 0)
		own = count(false, solo+1)
		if own == solo+1 {
			return
		}
	}
	t.Errorf("goroutines while reading: %d solo, %d with its own; want one more", solo, own)
}

// Cancelling a lone unit hashed on the reading goroutine stops it, and it
// gives no digest.
func TestCancelSolo(t *testing.T) {
	forceSolo(t, true)
	base := runtime.NumGoroutine()
	q := NewQueue(Options{})
	endlessly := newStarted()
	j := q.AddReader("endless", endlessly, []*hashing.Algorithm{apptest.Alg("xxh3")}, nil)
	<-endlessly.reading
	j.Cancel()
	if res := j.Wait(); !errors.Is(res.Err, context.Canceled) || res.Digests != nil || j.State() != Cancelled {
		t.Errorf("after Cancel: %+v, state %v", res, j.State())
	}
	q.Close()
	waitGoroutines(t, base)
}
