package watch

import "golang.org/x/sys/unix"

// LowerPriority makes this process a background one: nice 10, and the idle
// I/O class (ioprio_set, IOPRIO_CLASS_IDLE), so that checking a download
// never slows what the user does. Failures are ignored: it only helps.
func LowerPriority() {
	unix.Setpriority(unix.PRIO_PROCESS, 0, 10)
	const ioprioWhoProcess, ioprioClassIdle, ioprioClassShift = 1, 3, 13
	unix.Syscall(unix.SYS_IOPRIO_SET, ioprioWhoProcess, 0, ioprioClassIdle<<ioprioClassShift)
}
