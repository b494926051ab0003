package app

import (
	"sync/atomic"
	"time"

	"github.com/hashdrop/hashdrop/hashing"
)

// State is where a job is in its life. A job moves forward only:
// Waiting, then Hashing, then one of Done, Failed or Cancelled.
type State int32

const (
	Waiting   State = iota // queued, not started (other files are being hashed)
	Hashing                // being read and hashed
	Done                   // finished: every digest is in the Result
	Failed                 // finished without digests: Result.Err says why
	Cancelled              // stopped by Cancel or CancelAll; Result.Err is a "cancelled" FileError
)

var stateNames = [...]string{"waiting", "hashing", "done", "failed", "cancelled"}

func (s State) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "unknown"
}

// Finished reports whether the job has ended, well or not.
func (s State) Finished() bool { return s >= Done }

// Progress is a snapshot of one job, taken by Job.Progress at any moment
// without disturbing the hashing. Counts are exact: Done only grows and ends
// at Total when the file was hashed completely.
type Progress struct {
	State State
	// Done is the number of bytes every algorithm has hashed.
	Done int64
	// Total is the file size, or -1 while it is not known (standard input, a
	// pipe); a stream's Total is set to Done when it ends.
	Total int64
	// BytesPerSec is the speed of the slowest algorithm still working, over
	// about the last second; 0 when nothing moved (a stalled disk) and once
	// the job is finished.
	BytesPerSec float64
	// Remaining is the time left at the current speed: -1 when it cannot be
	// told (speed 0 or size unknown), 0 once finished.
	Remaining time.Duration
	// Algorithms has one entry per algorithm, in the order the job was given.
	Algorithms []AlgorithmProgress
}

// Fraction is Done/Total between 0 and 1, or -1 when Total is not known.
func (p Progress) Fraction() float64 {
	switch {
	case p.Total < 0:
		return -1
	case p.Total == 0:
		if p.State == Done {
			return 1
		}
		return 0
	}
	return float64(p.Done) / float64(p.Total)
}

// AlgorithmProgress is one algorithm's share of a Progress.
type AlgorithmProgress struct {
	Algorithm   *hashing.Algorithm
	Done        int64         // bytes this algorithm has hashed
	BytesPerSec float64       // over about the last second; 0 once it has finished
	Remaining   time.Duration // as Progress.Remaining, for this algorithm
	// Digest is set as soon as this algorithm has finished a file that was
	// read completely and did not change, possibly before the other
	// algorithms finish; nil until then, and always nil if the job fails.
	Digest []byte
}

// A meter counts the bytes one goroutine has processed and the speed over
// the last second. It has exactly one writer (add) and any number of readers
// (total, speed), none of which takes a lock.
//
// Speed comes from a ring of 100 ms slots, each holding the bytes added during
// that slot: the sum over the last ten slots divided by the time they span.
// Slots not written recently are ignored, so a stalled writer reads 0.
type meter struct {
	bytes atomic.Int64
	slots [ringSlots]meterSlot
}

type meterSlot struct {
	id atomic.Int64 // the slot number (time / slotLength) n belongs to; -1 while being reset
	n  atomic.Int64
}

const (
	slotLength  = 100 * time.Millisecond
	windowSlots = 10 // the speed window: about one second
	ringSlots   = 16 // more than windowSlots, so the writer never reuses a slot being read
)

// add records n more bytes at time now (from Queue.clock).
func (m *meter) add(n int, now time.Duration) {
	m.bytes.Add(int64(n))
	id := int64(now / slotLength)
	s := &m.slots[id%ringSlots]
	if s.id.Load() == id {
		s.n.Add(int64(n))
		return
	}
	// Readers seeing -1, or an id that changed under them, skip the slot.
	s.id.Store(-1)
	s.n.Store(int64(n))
	s.id.Store(id)
}

func (m *meter) total() int64 { return m.bytes.Load() }

// speed is the bytes per second over the window ending at now, counting only
// time after start (when the writer began).
func (m *meter) speed(now, start time.Duration) float64 {
	last := int64(now / slotLength)
	first := last - windowSlots + 1
	var sum int64
	for i := range m.slots {
		s := &m.slots[i]
		id := s.id.Load()
		n := s.n.Load()
		if id >= first && id <= last && s.id.Load() == id {
			sum += n
		}
	}
	from := max(time.Duration(first)*slotLength, start)
	span := max(now-from, slotLength) // no wild figure in the first instants
	return float64(sum) / span.Seconds()
}

// remaining estimates the time to hash the rest of total at speed.
func remaining(done, total int64, speed float64) time.Duration {
	if total < 0 || speed <= 0 {
		return -1
	}
	left := max(total-done, 0)
	return time.Duration(float64(left) / speed * float64(time.Second))
}

// Progress returns a snapshot of the job; it is cheap enough to call 20 times
// a second for every file shown.
func (j *Job) Progress() Progress {
	now := j.q.clock()
	start := time.Duration(j.start.Load())
	p := Progress{State: j.State(), Total: j.total.Load()}

	// Each counter is read once, so Done (their minimum) never goes back
	// even though they are not read at the same instant.
	done := make([]int64, len(j.units))
	speed := make([]float64, len(j.units))
	p.Done = j.read.total()
	p.BytesPerSec = -1
	for u := range j.units {
		done[u] = j.meters[u].total()
		if j.sums[u].Load() == nil && p.State == Hashing {
			speed[u] = j.meters[u].speed(now, start)
			if p.BytesPerSec < 0 || speed[u] < p.BytesPerSec {
				p.BytesPerSec = speed[u]
			}
		}
		p.Done = min(p.Done, done[u])
	}
	if p.BytesPerSec < 0 { // no unit working: the reader's speed, or 0 when finished
		p.BytesPerSec = 0
		if p.State == Hashing {
			p.BytesPerSec = j.read.speed(now, start)
		}
	}
	p.Done = clamp(p.Done, p.Total)
	p.Remaining = remaining(p.Done, p.Total, p.BytesPerSec)

	p.Algorithms = make([]AlgorithmProgress, len(j.algs))
	for i, a := range j.algs {
		at := j.where[i]
		ap := AlgorithmProgress{Algorithm: a, Done: clamp(done[at.unit], p.Total), BytesPerSec: speed[at.unit]}
		ap.Remaining = remaining(ap.Done, p.Total, ap.BytesPerSec)
		if sums := j.sums[at.unit].Load(); sums != nil {
			ap.Digest = (*sums)[at.index]
			ap.Remaining = 0
		}
		p.Algorithms[i] = ap
	}
	if p.State.Finished() {
		p.Remaining = 0
	}
	return p
}

// clamp keeps a count within a known total: a file that grew is reported as
// changed, not as 103% done.
func clamp(n, total int64) int64 {
	if total >= 0 && n > total {
		return total
	}
	return n
}
