//go:build (!amd64 && !386) || purego

package blake2b

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	return map[string]func(*[8]uint64, *[2]uint64, uint64, []byte){"unrolled": blockUnrolled}
}

// expectedCore is the core the dispatch must choose without assembly: the
// unrolled Go, faster than the generic loop.
func expectedCore() string { return "unrolled" }
