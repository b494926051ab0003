//go:build !(amd64 || 386) || purego

package sha512

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
