package app

import (
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing"
)

// BenchResult is one algorithm's in-memory speed, as `hashdrop bench --json`
// prints it.
type BenchResult struct {
	Algorithm      string  `json:"algorithm"`
	Implementation string  `json:"implementation"`
	MBPerSec       float64 `json:"mb_per_s"` // 10^6 bytes per second
}

// BenchReport is the whole of `hashdrop bench --json`.
type BenchReport struct {
	CPU      string        `json:"cpu"`
	Features []string      `json:"features"`
	Results  []BenchResult `json:"results"`
}

// minBenchTime is the least time an algorithm's figure is measured over: a
// coarse clock (Windows' and Wine's tick in steps of up to 16 ms) reads 0
// for a short run, and a speed over a span near one tick is noise.
const minBenchTime = 200 * time.Millisecond

// Bench hashes mib MiB in memory with each algorithm, one after the other on
// one goroutine, in pieces the size of the pipeline's chunks (so the figures
// are what `sum` can reach on a file in the page cache). A run that ends
// within minBenchTime is repeated until the clock has moved that far.
func Bench(algs []*hashing.Algorithm, mib int) BenchReport {
	return bench(algs, mib, time.Now)
}

func bench(algs []*hashing.Algorithm, mib int, now func() time.Time) BenchReport {
	buf := make([]byte, DefaultChunkSize)
	rng := rand.NewChaCha8([32]byte{'h', 'a', 's', 'h', 'd', 'r', 'o', 'p'})
	rng.Read(buf)
	total := max(int64(mib)<<20, 1)

	rep := BenchReport{CPU: strings.TrimSpace(cpuid.CPU.BrandName), Features: []string{}}
	for _, f := range cpuid.CPU.FeatureSet() {
		rep.Features = append(rep.Features, strings.ToLower(f))
	}
	for _, a := range algs {
		h := a.New()
		h.Write(buf) // warm up: caches, page faults, clock speed
		h.Reset()
		start := now()
		var n int64
		elapsed := time.Duration(0)
		for n == 0 || elapsed < minBenchTime {
			for done := int64(0); done < total; {
				k := min(int64(len(buf)), total-done)
				h.Write(buf[:k])
				done += k
			}
			h.Sum(nil)
			n += total
			elapsed = now().Sub(start)
		}
		rep.Results = append(rep.Results, BenchResult{
			Algorithm:      a.ID,
			Implementation: a.Core(),
			MBPerSec:       math.Round(float64(n)/elapsed.Seconds()/1e5) / 10,
		})
	}
	return rep
}
