//go:build !purego

package whirlpool

func kernels() map[string]func(*digest, []byte) {
	return map[string]func(*digest, []byte){"table": blockTable}
}

// expectedCore is the core the dispatch must choose here: every amd64 CPU
// runs the table core.
func expectedCore() string { return "table" }
