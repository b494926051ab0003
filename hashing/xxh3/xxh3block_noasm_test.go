//go:build !amd64 || purego

package xxh3

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func expectedCore() string { return impl.Generic }
