package hashtest

import (
	"hash"
	"slices"
	"time"
)

// A Contender is one implementation in an alternated measurement: Use, when
// not nil, switches to it (selects a core) before each of its messages, and
// New makes the hash it runs.
type Contender struct {
	Name string
	Use  func()
	New  func() hash.Hash
}

// Speeds are a contender's MB/s (10^6 bytes a second) over its fastest 1 %,
// 10 % and 50 % of messages: the message at that rank of the sorted times.
// From AlternateClocked, C1, C10 and C50 are its cycles a byte at the same
// ranks, each message's time counted in the clock measured just before it.
type Speeds struct {
	Name         string
	P1, P10, P50 float64
	C1, C10, C50 float64
}

// Alternate hashes n whole messages of size bytes with each contender, from
// Reset to Sum, taking turns message by message, and times every message.
//
// The shared machines this project is measured on change speed by up to 2x
// within seconds (the other hyperthread of the host's core comes and goes),
// so benchmarks run one after the other compare moments as much as code.
// Taking turns every few microseconds gives each contender the same
// moments, and the fastest percentile is its speed when the core was its
// own: noise only slows a message down. Two runs of one kernel against
// itself agree within 0.3 % this way, where consecutive benchmark runs
// differ by up to 40 %.
func Alternate(size, n int, cs []Contender) []Speeds { return alternate(size, n, cs, false) }

// AlternateClocked is Alternate, and measures the core's clock (ClockGHz)
// before each round, so that the figures come in cycles too: a kernel bound
// by a chain of instructions shows its cycles a block, which a machine whose
// clock drifts changes less than its speed.
func AlternateClocked(size, n int, cs []Contender) []Speeds { return alternate(size, n, cs, true) }

func alternate(size, n int, cs []Contender, clocked bool) []Speeds {
	buf := make([]byte, size)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	hs := make([]hash.Hash, len(cs))
	sums := make([][]byte, len(cs))
	times := make([][]time.Duration, len(cs))
	cycles := make([][]float64, len(cs))
	for i, c := range cs {
		if c.Use != nil {
			c.Use()
		}
		hs[i] = c.New()
		sums[i] = make([]byte, 0, hs[i].Size())
		hs[i].Write(buf) // warm up the code and the buffer
		times[i] = make([]time.Duration, 0, n)
	}
	for range n {
		ghz := 0.0
		if clocked {
			ghz = ClockGHz()
		}
		for i, c := range cs {
			if c.Use != nil {
				c.Use()
			}
			h := hs[i]
			start := time.Now()
			h.Reset()
			h.Write(buf)
			sums[i] = h.Sum(sums[i][:0])
			d := time.Since(start)
			times[i] = append(times[i], d)
			if clocked {
				cycles[i] = append(cycles[i], float64(d.Nanoseconds())*ghz/float64(size))
			}
		}
	}
	out := make([]Speeds, len(cs))
	for i, c := range cs {
		t := times[i]
		slices.Sort(t)
		rate := func(q int) float64 {
			return float64(size) / float64(max(t[min(len(t)-1, len(t)*q/100)], 1)) * 1e3
		}
		out[i] = Speeds{Name: c.Name, P1: rate(1), P10: rate(10), P50: rate(50)}
		if clocked {
			cy := cycles[i]
			slices.Sort(cy)
			at := func(q int) float64 { return cy[min(len(cy)-1, len(cy)*q/100)] }
			out[i].C1, out[i].C10, out[i].C50 = at(1), at(10), at(50)
		}
	}
	return out
}
