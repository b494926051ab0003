//go:build !386 || purego

package sha256

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
