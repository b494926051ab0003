//go:build (!amd64 && !386) || purego

package ripemd

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
