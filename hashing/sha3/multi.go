package sha3

import (
	"fmt"
	"unsafe"
)

// lanes is the input of absorb4: the next block of each of the four states,
// and its rate in bytes, or 0 for a state that takes no part (and is left
// untouched).
type lanes struct {
	p    [4]*byte
	rate [4]int
}

// absorb4Serial is absorb4 one state after the other, on the single-state
// core in use.
func absorb4Serial(a *[4][25]uint64, in *lanes, blocks int) {
	for j := range a {
		if r := in.rate[j]; r > 0 {
			absorb(&a[j], unsafe.Slice(in.p[j], blocks*r), r)
		}
	}
}

// Multi computes up to four SHA-3 functions of different sizes over the same
// stream in one pass: the kernels permute the four states side by side in
// vector registers, each absorbing at its own rate.
type Multi struct {
	a     [4][25]uint64    // the states, one per size
	buf   [4][maxRate]byte // each state's input not yet absorbed
	n     [4]int
	rate  [4]int
	size  [4]int
	count int
}

// NewMulti returns a Multi computing the SHA-3 functions with the given digest
// sizes (Size224, Size256, Size384, Size512; at most four, any order, no
// repeats). Sums returns the digests in the same order.
func NewMulti(sizes ...int) (*Multi, error) {
	if len(sizes) == 0 || len(sizes) > 4 {
		return nil, fmt.Errorf("sha3: NewMulti takes 1 to 4 sizes, got %d", len(sizes))
	}
	m := &Multi{count: len(sizes)}
	for j, s := range sizes {
		switch s {
		case Size224, Size256, Size384, Size512:
		default:
			return nil, fmt.Errorf("sha3: no SHA-3 function has a %d-byte digest", s)
		}
		for _, t := range sizes[:j] {
			if t == s {
				return nil, fmt.Errorf("sha3: size %d given twice", s)
			}
		}
		m.size[j], m.rate[j] = s, rateOf(s)
	}
	return m, nil
}

// Reset returns every state to the empty message.
func (m *Multi) Reset() {
	m.a = [4][25]uint64{}
	m.n = [4]int{}
}

// Write absorbs p into every state. Each state first completes the block in
// its buffer; then all states take their whole blocks straight from p.
func (m *Multi) Write(p []byte) (int, error) {
	var start [4]int // where each state's whole blocks begin in p
	var in lanes
	for j := range m.count {
		r := m.rate[j]
		if m.n[j] == 0 {
			continue
		}
		k := copy(m.buf[j][m.n[j]:r], p)
		m.n[j] += k
		start[j] = k
		if m.n[j] == r {
			in.p[j], in.rate[j] = &m.buf[j][0], r
			m.n[j] = 0
		} else {
			start[j] = len(p) // nothing more for this one
		}
	}
	if in != (lanes{}) {
		m.absorb(&in, 1)
	}

	// Whole blocks: while two or more states have some left, the vector
	// kernel runs them together; the last one goes alone.
	var left [4]int
	for j := range m.count {
		left[j] = (len(p) - start[j]) / m.rate[j]
	}
	for {
		in, steps, active := lanes{}, 0, 0
		for j := range m.count {
			if left[j] > 0 {
				in.p[j], in.rate[j] = &p[start[j]], m.rate[j]
				if active == 0 || left[j] < steps {
					steps = left[j]
				}
				active++
			}
		}
		if active == 0 {
			break
		}
		if active == 1 {
			for j := range m.count {
				if left[j] > 0 {
					steps = left[j]
					end := start[j] + steps*m.rate[j]
					absorb(&m.a[j], p[start[j]:end], m.rate[j])
				}
			}
		} else {
			m.absorb(&in, steps)
		}
		for j := range m.count {
			if left[j] > 0 {
				left[j] -= steps
				start[j] += steps * m.rate[j]
			}
		}
	}

	for j := range m.count {
		if start[j] < len(p) {
			m.n[j] += copy(m.buf[j][m.n[j]:], p[start[j]:])
		}
	}
	return len(p), nil
}

func (m *Multi) absorb(in *lanes, blocks int) { absorb4(&m.a, in, blocks) }

// Sums appends the digests, in the order of the sizes given to NewMulti,
// without changing the state.
func (m *Multi) Sums() [][]byte {
	a := m.a
	var last [4][maxRate]byte
	var in lanes
	for j := range m.count {
		pad(&last[j], m.buf[j][:m.n[j]], m.rate[j])
		in.p[j], in.rate[j] = &last[j][0], m.rate[j]
	}
	absorb4(&a, &in, 1)
	sums := make([][]byte, m.count)
	for j := range m.count {
		sums[j] = appendLanes(nil, &a[j], m.size[j])
	}
	return sums
}

// MultiFaster reports whether this CPU has a kernel that runs several states
// side by side, so that a Multi costs less than separate hashes. Without one
// a Multi still works, one state after the other.
func MultiFaster() bool { return haveAbsorb4() }
