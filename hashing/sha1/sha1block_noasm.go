//go:build (!386 && !amd64) || purego

package sha1

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
