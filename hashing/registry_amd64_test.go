//go:build !purego

package hashing

import (
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// TestFamiliesHaveCores fails when a family named in the registry has no core
// registered on amd64 (a typo in a family name would otherwise make Core()
// report "generic" silently), unless the Go standard library serves it.
func TestFamiliesHaveCores(t *testing.T) {
	registered := impl.Families()
	for _, a := range algorithms {
		if _, std := stdCore[a.family]; std {
			continue
		}
		if !slices.Contains(registered, a.family) {
			t.Errorf("%s: family %q has no registered core (registered: %v)", a.ID, a.family, registered)
		}
	}
}
