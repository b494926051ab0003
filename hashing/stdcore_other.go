//go:build !amd64 || purego

package hashing

import "runtime"

// stdCore names the core the Go standard library uses for the families
// Hashdrop takes from it. With purego the library runs its portable code;
// elsewhere it picks its own assembly for the architecture.
var stdCore = func() map[string]string {
	core := "std-" + runtime.GOARCH
	if purego {
		core = "generic"
	}
	m := map[string]string{"crc32": core, "md5": core, "sha1": core, "sha256": core}
	// Hashdrop's own SHA-384/512 (hashing/sha512) has assembly for 386 and
	// amd64; elsewhere the library's is the faster one.
	if runtime.GOARCH != "386" && runtime.GOARCH != "amd64" {
		m["sha512"] = core
	}
	return m
}()
