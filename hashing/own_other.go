//go:build (!386 && !amd64) || purego

package hashing

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"hash"
	"hash/crc32"
)

// Off 386 and amd64 (and with purego) the standard library serves CRC32,
// MD5, SHA-1 and SHA-224/256 (on arm64 with its own hardware kernels); see
// own_386.go and own_amd64.go.
var (
	newCRC32  = func() hash.Hash { return crc32.NewIEEE() }
	newMD5    = md5.New
	newSHA1   = sha1.New
	newSHA224 = sha256.New224
	newSHA256 = sha256.New
)

func ownActive(string) bool { return false }

func ownCores(string) []string { return nil }
