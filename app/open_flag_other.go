//go:build !unix

package app

// nonblockFlag: Windows has no named pipes in folders that open(2) would
// block on.
const nonblockFlag = 0
