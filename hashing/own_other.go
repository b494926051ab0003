//go:build !386 || purego

package hashing

import (
	"crypto/sha1"
	"crypto/sha256"
	"hash"
	"hash/crc32"
)

// Off 386 the standard library serves CRC32, SHA-1 and SHA-224/256 (on amd64
// and arm64 with its own hardware kernels); see own_386.go.
var (
	newCRC32  = func() hash.Hash { return crc32.NewIEEE() }
	newSHA1   = sha1.New
	newSHA224 = sha256.New224
	newSHA256 = sha256.New
)

func ownActive(string) bool { return false }

func ownCores(string) []string { return nil }
