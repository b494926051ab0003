//go:build !purego

package xxh3

func expectedCore() string { name, _ := zeeboCore(); return name }
