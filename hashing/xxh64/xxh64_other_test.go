//go:build !amd64 || purego

package xxh64

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func expectedCore() string { return impl.Generic }
