//go:build !purego

package blake2b

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) {
	return map[string]func(*[8]uint64, *[2]uint64, uint64, []byte){"avx512": blockAVX512, "unrolled": blockUnrolled, "amd64": blockAMD64}
}

// expectedCore is the core the dispatch must choose on any x86-64 CPU: the
// scalar amd64 kernel, the fastest measured.
func expectedCore() string { return "amd64" }
