//go:build !amd64 || purego

package hashing

import (
	"runtime"

	"github.com/klauspost/cpuid/v2"
)

// stdImpl is a core of the Go standard library and the CPU features it
// needs (none that Hashdrop lists, on these architectures).
type stdImpl struct {
	name  string
	needs []cpuid.FeatureID
}

// stdCore names the core the Go standard library uses for the families
// Hashdrop takes from it. With purego the library runs its portable code;
// elsewhere it picks its own assembly for the architecture.
var stdCore = func() map[string]stdImpl {
	core := "std-" + runtime.GOARCH
	if purego {
		core = "generic"
	}
	std := stdImpl{name: core}
	m := map[string]stdImpl{"crc32": std, "md5": std, "sha1": std, "sha256": std}
	// Hashdrop's own SHA-384/512 (hashing/sha512) has assembly for 386 and
	// amd64; elsewhere the library's is the faster one.
	if runtime.GOARCH != "386" && runtime.GOARCH != "amd64" {
		m["sha512"] = std
	}
	return m
}()
