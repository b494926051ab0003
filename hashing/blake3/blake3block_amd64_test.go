//go:build !purego

package blake3

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

func expectedCore() string {
	if name, _ := lukeCore(); name != "" {
		return name
	}
	return impl.Generic
}
