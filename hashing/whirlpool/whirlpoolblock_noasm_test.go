//go:build !amd64 || purego

package whirlpool

func kernels() map[string]func(*digest, []byte) { return nil }

func expectedCore() string { return "generic" }
