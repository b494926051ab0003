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

// Bench hashes mib MiB in memory with each algorithm, one after the other on
// one goroutine, in pieces the size of the pipeline's chunks (so the figures
// are what `sum` can reach on a file in the page cache).
func Bench(algs []*hashing.Algorithm, mib int) BenchReport {
	buf := make([]byte, DefaultChunkSize)
	rng := rand.NewChaCha8([32]byte{'h', 'a', 's', 'h', 'd', 'r', 'o', 'p'})
	rng.Read(buf)
	total := int64(mib) << 20

	rep := BenchReport{CPU: strings.TrimSpace(cpuid.CPU.BrandName), Features: []string{}}
	for _, f := range cpuid.CPU.FeatureSet() {
		rep.Features = append(rep.Features, strings.ToLower(f))
	}
	for _, a := range algs {
		h := a.New()
		h.Write(buf) // warm up: caches, page faults, clock speed
		h.Reset()
		start := time.Now()
		var n int64
		for n < total {
			k := min(int64(len(buf)), total-n)
			h.Write(buf[:k])
			n += k
		}
		h.Sum(nil)
		secs := max(time.Since(start).Seconds(), 1e-9)
		rep.Results = append(rep.Results, BenchResult{
			Algorithm:      a.ID,
			Implementation: a.Core(),
			MBPerSec:       math.Round(float64(n)/secs/1e5) / 10,
		})
	}
	return rep
}
