//go:build !unix

package app

// NonblockFlag,: Windows has no named pipes in folders that open(2) would
// block on.
const NonblockFlag = 0
