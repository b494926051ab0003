package hashing

import (
	"hash"
	"slices"

	"github.com/hashdrop/hashdrop/hashing/sha3"
)

// A Unit is the work of one goroutine on a stream: usually one algorithm, or
// several that one core computes together in a single pass.
type Unit struct {
	Algorithms []*Algorithm
	New        func() Hasher
}

// A Hasher consumes a stream and returns one digest per algorithm of its Unit.
type Hasher interface {
	Write(p []byte) (int, error)
	// Sums returns the digest of each algorithm, in Unit order, as new
	// slices, without changing the state.
	Sums() [][]byte
	Reset()
}

// Plan splits the chosen algorithms into units, each run by its own goroutine.
// Algorithms that a shared core computes faster together are put in one unit:
// the SHA-3 sizes, when this CPU has the vector kernel that permutes several
// Keccak states at once (without it they stay apart, to keep their
// parallelism).
func Plan(algs []*Algorithm) []Unit {
	units := make([]Unit, 0, len(algs))
	var sha3s []*Algorithm
	if sha3.MultiFaster() {
		for _, a := range algs {
			if a.family == "sha3" && !slices.ContainsFunc(sha3s, func(b *Algorithm) bool { return b.Size == a.Size }) {
				sha3s = append(sha3s, a)
			}
		}
		if len(sha3s) < 2 {
			sha3s = nil
		}
	}
	grouped := false
	for _, a := range algs {
		if slices.Contains(sha3s, a) {
			if !grouped {
				units = append(units, sha3Unit(sha3s))
				grouped = true
			}
			continue
		}
		units = append(units, Unit{
			Algorithms: []*Algorithm{a},
			New:        func() Hasher { return single{a.New()} },
		})
	}
	return units
}

// Spread returns u hashing on workers goroutines when its one algorithm can
// (BLAKE3, a tree: see Algorithm.Parallel); otherwise ok is false and u is
// returned as it is.
func (u Unit) Spread(workers int) (spread Unit, ok bool) {
	if workers < 2 || len(u.Algorithms) != 1 || u.Algorithms[0].Parallel == nil {
		return u, false
	}
	a := u.Algorithms[0]
	return Unit{Algorithms: u.Algorithms, New: func() Hasher { return single{a.Parallel(workers)} }}, true
}

// sha3Unit computes SHA-3 sizes together with a sha3.Multi.
func sha3Unit(algs []*Algorithm) Unit {
	sizes := make([]int, len(algs))
	for i, a := range algs {
		sizes[i] = a.Size
	}
	return Unit{Algorithms: algs, New: func() Hasher {
		m, err := sha3.NewMulti(sizes...)
		if err != nil {
			panic(err) // the registry's sizes, each once
		}
		return m
	}}
}

// single adapts one hash.Hash to a Hasher.
type single struct{ h hash.Hash }

func (s single) Write(p []byte) (int, error) { return s.h.Write(p) }
func (s single) Sums() [][]byte              { return [][]byte{s.h.Sum(nil)} }
func (s single) Reset()                      { s.h.Reset() }
