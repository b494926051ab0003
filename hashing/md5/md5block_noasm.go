//go:build !amd64 || purego

package md5

func block(dig *digest, p []byte) { blockGeneric(dig, p) }
