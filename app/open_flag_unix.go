//go:build unix

package app

import "syscall"

// NonblockFlag, opens a named pipe without waiting for its writer, so that
// hashdrop check can look at what it opened (and refuse a pipe) first.
const NonblockFlag = syscall.O_NONBLOCK
