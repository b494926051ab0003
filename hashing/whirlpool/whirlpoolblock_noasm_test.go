//go:build (!amd64 && !386) || purego

package whirlpool

func kernels() map[string]func(*digest, []byte) { return nil }

func expectedCore() string { return "generic" }
