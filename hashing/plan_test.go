package hashing

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/sha3"
)

// TestPlanSHA3Together checks that the chosen SHA-3 sizes share one unit when
// the CPU has the multi-state kernel (and stay apart when it has not), that
// every algorithm is in exactly one unit, and that every unit's sums equal the
// algorithms' own.
func TestPlanSHA3Together(t *testing.T) {
	hashtest.TestAllImplementations(t, "sha3", func(t *testing.T) {
		for _, list := range []string{"all", "sha3-512,sha3-224", "sha256,sha3-256,crc32,sha3-384", "sha3-256", "md5,sha1"} {
			algs, err := ParseList(list)
			if err != nil {
				t.Fatal(err)
			}
			checkPlan(t, list, algs)
		}
	})
}

func checkPlan(t *testing.T, list string, algs []*Algorithm) {
	t.Helper()
	var sha3s int
	for _, a := range algs {
		if a.family == "sha3" {
			sha3s++
		}
	}
	units := Plan(algs)
	seen := map[*Algorithm]int{}
	data := make([]byte, 1000)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for _, u := range units {
		mixed := 0
		for _, a := range u.Algorithms {
			seen[a]++
			if a.family == "sha3" {
				mixed++
			}
		}
		if len(u.Algorithms) > 1 {
			if mixed != len(u.Algorithms) {
				t.Errorf("%s: a unit mixes SHA-3 with other algorithms: %v", list, u.Algorithms)
			}
			if !sha3.MultiFaster() {
				t.Errorf("%s: SHA-3 sizes grouped without a multi-state kernel", list)
			}
		}
		if mixed > 0 && sha3s > 1 && sha3.MultiFaster() && mixed != sha3s {
			t.Errorf("%s: %d of the %d SHA-3 sizes in one unit, want all", list, mixed, sha3s)
		}

		h := u.New()
		h.Write(data[:333])
		h.Write(data[333:])
		sums := h.Sums()
		if len(sums) != len(u.Algorithms) {
			t.Fatalf("%s: %d sums for %d algorithms", list, len(sums), len(u.Algorithms))
		}
		for i, a := range u.Algorithms {
			ref := a.New()
			ref.Write(data)
			if want := ref.Sum(nil); !bytes.Equal(sums[i], want) {
				t.Errorf("%s: %s in its unit gives %x, want %x", list, a.ID, sums[i], want)
			}
		}
		h.Reset()
		if sums = h.Sums(); len(sums) > 0 {
			if want := u.Algorithms[0].New().Sum(nil); !bytes.Equal(sums[0], want) {
				t.Errorf("%s: after Reset %s gives %x, want %x", list, u.Algorithms[0].ID, sums[0], want)
			}
		}
	}
	for _, a := range algs {
		if seen[a] != 1 {
			t.Errorf("%s: %s is in %d units", list, a.ID, seen[a])
		}
	}
}
