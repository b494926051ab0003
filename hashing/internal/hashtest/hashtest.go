// Package hashtest holds the conformance checks every Hashdrop hash and every
// core runs: known answers, streaming in any split, Sum and Reset semantics,
// unaligned input, zero allocations, and kernels against their generic twins.
package hashtest

import (
	"bytes"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// Vector is a known answer: the digest of In repeated Repeat times (once when
// Repeat is 0), in lowercase hex.
type Vector struct {
	Out    string
	In     string
	Repeat int
}

// TestAllImplementations runs f once for every core registered for family and
// for the generic one, with that core selected. A core this CPU cannot run
// (or that is switched off) is a visible SKIP with the reason.
func TestAllImplementations(t *testing.T, family string, f func(t *testing.T)) {
	t.Helper()
	TestCores(t, family, f)
	t.Run(impl.Generic, func(t *testing.T) {
		impl.Select(family, impl.Generic)
		defer impl.Reset(family)
		f(t)
	})
}

// TestCores runs f once for every core registered for family (not the generic
// one), with that core selected, skipping visibly those that cannot run here.
func TestCores(t *testing.T, family string, f func(t *testing.T)) {
	t.Helper()
	for _, name := range impl.List(family) {
		t.Run(name, func(t *testing.T) {
			if why := impl.Unavailable(family, name); why != "" {
				t.Skipf("core %s of %s: %s", name, family, why)
			}
			if !impl.Select(family, name) {
				t.Fatalf("core %s of %s is available but cannot be selected", name, family)
			}
			defer impl.Reset(family)
			f(t)
		})
	}
}

// TestVectors checks mk against known answers, written whole and in pieces.
func TestVectors(t *testing.T, mk func() hash.Hash, vectors []Vector) {
	t.Helper()
	for i, v := range vectors {
		n := max(v.Repeat, 1)
		in := strings.Repeat(v.In, n)
		h := mk()
		h.Write([]byte(in))
		if got := hex.EncodeToString(h.Sum(nil)); got != v.Out {
			t.Errorf("vector %d (%.20q x%d): got %s, want %s", i, v.In, n, got, v.Out)
		}
		// The same input fed in odd-sized pieces.
		h.Reset()
		for j, step := 0, 1; j < len(in); step = step*3 + 1 {
			k := min(j+step, len(in))
			h.Write([]byte(in[j:k]))
			j = k
			if step > 1<<20 {
				step = 1
			}
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != v.Out {
			t.Errorf("vector %d in pieces: got %s, want %s", i, got, v.Out)
		}
	}
}

// TestHash checks the hash.Hash contract of mk: sizes, streaming in every split,
// Sum appending without changing the state, Reset, unaligned input, and Write
// without allocation.
func TestHash(t *testing.T, mk func() hash.Hash, size, blockSize int) {
	t.Helper()
	h := mk()
	if h.Size() != size || h.BlockSize() != blockSize {
		t.Fatalf("Size, BlockSize = %d, %d; want %d, %d", h.Size(), h.BlockSize(), size, blockSize)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 3*blockSize+1+8)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	sum := func(parts ...[]byte) []byte {
		h := mk()
		for _, p := range parts {
			h.Write(p)
		}
		return h.Sum(nil)
	}

	// Every length from 0 to 3 blocks + 1; each split at every offset and
	// byte by byte gives the digest of the whole.
	for n := 0; n <= 3*blockSize+1; n++ {
		msg := data[:n]
		want := sum(msg)
		if len(want) != size {
			t.Fatalf("len %d: Sum gave %d bytes, want %d", n, len(want), size)
		}
		for cut := 0; cut <= n; cut++ {
			if got := sum(msg[:cut], msg[cut:]); !bytes.Equal(got, want) {
				t.Fatalf("len %d split at %d: %x, want %x", n, cut, got, want)
			}
		}
		bytewise := mk()
		for i := range msg {
			bytewise.Write(msg[i : i+1])
		}
		if got := bytewise.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("len %d byte by byte: %x, want %x", n, got, want)
		}
		// Unaligned input: the same bytes at offsets 1..7.
		for off := 1; off < 8; off++ {
			buf := make([]byte, n+off)
			copy(buf[off:], msg)
			if got := sum(buf[off:]); !bytes.Equal(got, want) {
				t.Fatalf("len %d at offset %d: %x, want %x", n, off, got, want)
			}
		}
	}

	// Sum appends and leaves the state alone; writing afterwards continues
	// the same message.
	h = mk()
	h.Write(data[:blockSize+3])
	prefix := []byte("prefix")
	s1 := h.Sum(append([]byte(nil), prefix...))
	if !bytes.HasPrefix(s1, prefix) || len(s1) != len(prefix)+size {
		t.Fatalf("Sum does not append to its argument: %x", s1)
	}
	if s2 := h.Sum(nil); !bytes.Equal(s2, s1[len(prefix):]) {
		t.Fatalf("second Sum differs: %x, %x", s2, s1[len(prefix):])
	}
	h.Write(data[blockSize+3 : 2*blockSize+7])
	if got, want := h.Sum(nil), sum(data[:2*blockSize+7]); !bytes.Equal(got, want) {
		t.Fatalf("Write after Sum: %x, want %x", got, want)
	}

	// Reset returns to the empty state.
	h.Reset()
	if got, want := h.Sum(nil), sum(); !bytes.Equal(got, want) {
		t.Fatalf("after Reset: %x, want %x", got, want)
	}

	// Write allocates nothing (Sum into a buffer with room neither).
	{
		buf := data[:2*blockSize+5]
		out := make([]byte, 0, size)
		allocs := testing.AllocsPerRun(50, func() {
			h.Write(buf)
			out = h.Sum(out[:0])
		})
		if allocs > 0 {
			t.Errorf("Write+Sum allocate %.1f times per call", allocs)
		}
	}
}

// CrossCheckBlocks compares a block kernel with its generic twin on random
// states and inputs: 1..29 blocks, at misalignments 0..7. State must be a
// comparable value (the digest's state array).
func CrossCheckBlocks[S comparable](t *testing.T, blockSize int, random func(*rand.Rand) S, kernel, generic func(*S, []byte)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	for blocks := 1; blocks <= 29; blocks++ {
		for off := 0; off < 8; off++ {
			buf := make([]byte, blocks*blockSize+off)
			for i := range buf {
				buf[i] = byte(rng.Uint32())
			}
			p := buf[off:]
			s0 := random(rng)
			a, b := s0, s0
			kernel(&a, p)
			generic(&b, p)
			if a != b {
				t.Fatalf("%d blocks at offset %d: kernel %v, generic %v", blocks, off, a, b)
			}
		}
	}
}

// PartialLengths are input lengths around the block cutoffs of a 64-byte
// block kernel, whole blocks and a partial block at the end.
var PartialLengths = []int{0, 1, 63, 64, 65, 127, 128, 129, 3*64 - 1, 3 * 64, 3*64 + 1}

// CrossCheckLengths runs kernel and generic on random states and inputs of
// each length, so that a partial block at the end is left alone by both.
func CrossCheckLengths[S comparable](t *testing.T, lengths []int, random func(*rand.Rand) S, kernel, generic func(*S, []byte)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range lengths {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		s0 := random(rng)
		a, b := s0, s0
		kernel(&a, p)
		generic(&b, p)
		if a != b {
			t.Fatalf("%d bytes: kernel %v, generic %v", n, a, b)
		}
	}
}

// CompareStreams writes the same data to every hash in the given chunk sizes
// (cycled) and reports whether all sums agree; for fuzz tests.
func CompareStreams(t *testing.T, data []byte, chunks []int, hs ...hash.Hash) {
	t.Helper()
	for _, h := range hs {
		rest, i := data, 0
		for len(rest) > 0 {
			n := len(rest)
			if len(chunks) > 0 {
				n = min(chunks[i%len(chunks)]+1, len(rest))
				i++
			}
			h.Write(rest[:n])
			rest = rest[n:]
		}
	}
	want := hs[0].Sum(nil)
	for _, h := range hs[1:] {
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("streams differ: %x vs %x", got, want)
		}
	}
}
