package sha3

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
)

var allSizes = []int{Size224, Size256, Size384, Size512}

// subsets returns every ordered choice of sizes worth testing: each subset of
// the four, in table order and reversed.
func subsets() [][]int {
	var out [][]int
	for mask := 1; mask < 16; mask++ {
		var s, r []int
		for j, size := range allSizes {
			if mask&(1<<j) != 0 {
				s = append(s, size)
				r = append([]int{size}, r...)
			}
		}
		out = append(out, s, r)
	}
	return out
}

// TestMulti compares a Multi with one single hash per size, over random
// inputs written in random pieces, with every core.
func TestMulti(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	data := make([]byte, 5000)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	hashtest.TestAllImplementations(t, "sha3", func(t *testing.T) {
		for _, sizes := range subsets() {
			for trial := 0; trial < 12; trial++ {
				n := rng.IntN(len(data))
				if trial < 4 {
					n = trial * 72 * 2 // ends on a block of every rate
				}
				msg := data[:n]
				m, err := NewMulti(sizes...)
				if err != nil {
					t.Fatal(err)
				}
				for rest := msg; len(rest) > 0; {
					k := min(len(rest), rng.IntN(400)+1)
					if trial%3 == 0 {
						k = len(rest)
					}
					m.Write(rest[:k])
					rest = rest[k:]
				}
				check := func(when string) {
					t.Helper()
					sums := m.Sums()
					if len(sums) != len(sizes) {
						t.Fatalf("%v: %d sums", sizes, len(sums))
					}
					for j, size := range sizes {
						h := newDigest(size)
						h.Write(msg)
						if want := h.Sum(nil); !bytes.Equal(sums[j], want) {
							t.Fatalf("%s: sizes %v, %d bytes: sum %d is %x, want %x", when, sizes, n, j, sums[j], want)
						}
					}
				}
				check("first Sums")
				check("second Sums") // Sums left the state alone
				m.Reset()
				msg = data[:0]
				check("after Reset")
			}
		}
	})
}

func TestNewMultiErrors(t *testing.T) {
	for _, sizes := range [][]int{nil, {32, 32}, {20}, {28, 32, 48, 64, 28}} {
		if _, err := NewMulti(sizes...); err == nil {
			t.Errorf("NewMulti(%v) accepted", sizes)
		}
	}
}

func TestMultiWriteAllocs(t *testing.T) {
	m, _ := NewMulti(allSizes...)
	buf := make([]byte, 3000)
	if a := testing.AllocsPerRun(20, func() { m.Write(buf[:1234]) }); a > 0 {
		t.Errorf("Write allocates %.1f times", a)
	}
}
