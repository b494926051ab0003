package app

import (
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// A clock that moves in coarse steps (Windows', Wine's) reads no time at all
// for a short run: the run is repeated until it reads minBenchTime, and the
// speed is the bytes of every run over that time, never a division by zero.
func TestBenchOnACoarseClock(t *testing.T) {
	var reads int
	epoch := time.Unix(1e9, 0)
	coarse := func() time.Time {
		reads++
		// 16 ms a step, and only every tenth reading moves it.
		return epoch.Add(time.Duration(reads/10) * 16 * time.Millisecond)
	}
	rep := bench([]*hashing.Algorithm{apptest.Alg("crc32")}, 1, coarse)
	r := rep.Results[0]
	// reads/10 steps of 16 ms reach 200 ms at the 130th reading: one for the
	// start, then one a run, so 129 runs of 1 MiB over 208 ms.
	runs := 129
	want := float64(runs<<20) / (13 * 16e-3) / 1e6
	if r.MBPerSec <= 0 || r.MBPerSec > want+0.1 || r.MBPerSec < want-0.1 {
		t.Errorf("%v MB/s on the coarse clock, want %.1f", r.MBPerSec, want)
	}
}
