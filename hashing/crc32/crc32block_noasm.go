//go:build !386 || purego

package crc32

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
