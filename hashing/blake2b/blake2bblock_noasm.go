//go:build !amd64 || purego

package blake2b

import "hash"

func block(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) { blockGeneric(h, t, flag, p) }

func newHash(size int) hash.Hash { return newDigest(size) }
