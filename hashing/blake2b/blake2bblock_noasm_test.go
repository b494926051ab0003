//go:build !amd64 || purego

package blake2b

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func kernels() map[string]func(h *[8]uint64, t *[2]uint64, flag uint64, p []byte) { return nil }

func expectedCore() string { return impl.Generic }
