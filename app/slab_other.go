//go:build !linux || race

package app

// newSlab returns nil: each chunk of a lane is made on Go's heap when the
// reader first needs it (slab_linux.go says why Linux maps them otherwise).
func newSlab(l *lane, size int) []byte { return nil }
