//go:build (!amd64 && !386) || purego

package blake2b

import (
	"hash"

	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

func init() { impl.Register(family, "unrolled", &useUnrolled) }

func block(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	if useUnrolled {
		blockUnrolled(h, t, flag, p)
		return
	}
	blockGeneric(h, t, flag, p)
}

func newHash(size int) hash.Hash { return newDigest(size) }
