//go:build (!amd64 && !386) || purego

package xxh3

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func kernels() map[string]kernel { return nil }

func expectedCore(disabled []string) string { return impl.Generic }
