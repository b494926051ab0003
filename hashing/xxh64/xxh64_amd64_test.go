//go:build !purego

package xxh64

func expectedCore() string { return "cespare-amd64" }
