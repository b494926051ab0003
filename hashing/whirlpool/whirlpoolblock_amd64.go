//go:build !purego

package whirlpool

// The amd64 cores are still to come (issue 7); until then amd64 runs the
// portable one.
func block(dig *digest, p []byte) { blockGeneric(dig, p) }
