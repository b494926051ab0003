//go:build (!amd64 && !386) || purego

package blake3

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func expectedCore(disabled []string) string { return impl.Generic }
