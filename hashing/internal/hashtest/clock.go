package hashtest

import "time"

// ClockGHz estimates the clock of the core it runs on, in GHz, from the time
// of a chain of 40,000 cycles: 20,000 steps x ^= x >> 1, each a shift of a
// copy then an exclusive or, one cycle apiece on every x86-64 and arm64 core
// of the last decade, and nothing for the processor to overlap. It is the
// fastest of three tries, as an interruption only slows one down. The figure
// turns times into cycles; it is an estimate within about 1 %, and only
// where those two instructions take a cycle each.
func ClockGHz() float64 {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		chainSink = shiftXorChain(2000, chainSink|1)
		best = min(best, time.Since(start))
	}
	return 40000 / float64(max(best.Nanoseconds(), 1))
}

// chainSink keeps the chain's result, so that the compiler cannot drop it.
var chainSink uint64

// shiftXorChain runs 10n dependent steps of x ^= x >> 1 (two cycles each).
//
//go:noinline
func shiftXorChain(n int, x uint64) uint64 {
	for range n {
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
		x ^= x >> 1
	}
	return x
}
