//go:build !purego

package blake2b

func expectedCore() string { name, _ := xcryptoCore(); return name }
