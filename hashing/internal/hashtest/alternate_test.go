package hashtest

import (
	"crypto/sha256"
	"hash"
	"hash/crc32"
	"strings"
	"testing"
)

// counting wraps a hash and counts the whole messages it was given.
type counting struct {
	hash.Hash
	bytes, sums *int
}

func (c counting) Write(p []byte) (int, error) { *c.bytes += len(p); return c.Hash.Write(p) }
func (c counting) Sum(b []byte) []byte         { *c.sums++; return c.Hash.Sum(b) }

func TestAlternateTakesTurns(t *testing.T) {
	var turns strings.Builder
	var bytes, sums [2]int
	cs := []Contender{
		{Name: "a", Use: func() { turns.WriteByte('a') },
			New: func() hash.Hash { return counting{sha256.New(), &bytes[0], &sums[0]} }},
		{Name: "b", Use: func() { turns.WriteByte('b') },
			New: func() hash.Hash { return counting{crc32.NewIEEE(), &bytes[1], &sums[1]} }},
	}
	const size, n = 1000, 50
	got := Alternate(size, n, cs)

	// One turn each to set up, then n rounds of a then b.
	if want := "ab" + strings.Repeat("ab", n); turns.String() != want {
		t.Errorf("turns %q, want %q", turns.String(), want)
	}
	for i, s := range got {
		if s.Name != cs[i].Name {
			t.Errorf("result %d is %s's, want %s's", i, s.Name, cs[i].Name)
		}
		if !(s.P1 >= s.P10 && s.P10 >= s.P50 && s.P50 > 0) {
			t.Errorf("%s: speeds %.1f, %.1f, %.1f are not the fastest first", s.Name, s.P1, s.P10, s.P50)
		}
		// The warm-up message plus n timed ones, each whole, each summed.
		if bytes[i] != (n+1)*size || sums[i] != n {
			t.Errorf("%s hashed %d bytes and summed %d times, want %d and %d", s.Name, bytes[i], sums[i], (n+1)*size, n)
		}
	}
}

func TestAlternateClockedCountsCycles(t *testing.T) {
	cs := []Contender{{Name: "sha256", New: sha256.New}}
	got := AlternateClocked(4096, 20, cs)[0]
	if !(got.C1 <= got.C10 && got.C10 <= got.C50 && got.C1 > 0) {
		t.Errorf("cycles a byte %.2f, %.2f, %.2f are not the fewest first", got.C1, got.C10, got.C50)
	}
	if plain := Alternate(4096, 20, cs)[0]; plain.C1 != 0 || plain.C50 != 0 {
		t.Errorf("Alternate gave cycles (%.2f, %.2f): only AlternateClocked measures the clock", plain.C1, plain.C50)
	}
}

func TestClockGHzIsAClock(t *testing.T) {
	// No core runs at 10 GHz: a chain the compiler dropped, or one counted
	// in the wrong unit, would seem to. (Slow is possible: an emulator.)
	if g := ClockGHz(); g <= 0 || g > 10 {
		t.Errorf("ClockGHz() = %.3f", g)
	}
}
