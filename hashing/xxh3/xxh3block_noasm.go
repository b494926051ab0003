//go:build (!amd64 && !386) || purego

package xxh3

import "hash"

func accumulate(acc *[8]uint64, p []byte) { accumulateGeneric(acc, p) }

func accumulateStripes(acc *[8]uint64, p, sec []byte) { stripesGeneric(acc, p, sec) }

func newHash(wide bool) hash.Hash { return newDigest(wide, false) }
