//go:build !purego

package ripemd

// No assembly yet (issue 6): amd64 runs the portable cores.
func block(dig *digest, p []byte) { blockGeneric(dig, p) }
