//go:build !purego

package whirlpool

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

// Every amd64 CPU can run the table core.
var useTable = true

func init() {
	impl.Register("whirlpool", "table", &useTable)
}

//go:noescape
func blockTable(dig *digest, p []byte)

func block(dig *digest, p []byte) {
	if useTable {
		blockTable(dig, p)
		return
	}
	blockGeneric(dig, p)
}
