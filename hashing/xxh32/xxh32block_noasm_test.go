//go:build (!amd64 && !386) || purego

package xxh32

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func expectedCore() string { return impl.Generic }

func kernels() map[string]func(v *[4]uint32, p []byte) { return nil }
