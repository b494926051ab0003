//go:build !purego

package ripemd

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// TestDispatch386 fails when the 386 core, which every 386 CPU runs, is not
// the one in use (unless HASHDROP_DISABLE names it).
func TestDispatch386(t *testing.T) {
	want := "386"
	if slices.Contains(strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ","), "386") {
		want = impl.Generic
	}
	if got := impl.Active(family); got != want {
		t.Fatalf("active core %q, want %q", got, want)
	}
}
