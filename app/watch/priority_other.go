//go:build !linux && !windows

package watch

import "syscall"

// LowerPriority lowers this process's CPU priority (nice 10). macOS's
// LaunchAgent also asks for LowPriorityIO.
func LowerPriority() {
	syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10)
}
