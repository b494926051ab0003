//go:build (!amd64 && !386) || purego

package xxh64

import "hash"

func newHash() hash.Hash { return NewGeneric() }

func accumulate(v *[4]uint64, p []byte) { stripesGeneric(v, p) }
