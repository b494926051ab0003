//go:build (!amd64 && !386) || purego

package whirlpool

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
