package ui

import (
	"bytes"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// sinceExec is how long ago the process started (to the kernel's 10 ms
// clock ticks), or -1 when that cannot be told.
func sinceExec() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return -1
	}
	// The fields after the command's name, which is in parentheses and may
	// hold spaces: the 22nd field of the line (starttime) is the 20th here.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return -1
	}
	fields := bytes.Fields(b[i+1:])
	if len(fields) < 20 {
		return -1
	}
	ticks, err := strconv.ParseInt(string(fields[19]), 10, 64)
	var now unix.Timespec
	if err != nil || unix.ClockGettime(unix.CLOCK_BOOTTIME, &now) != nil {
		return -1
	}
	return time.Duration(now.Nano()) - time.Duration(ticks)*time.Second/100 // USER_HZ is 100 on Linux
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadCPUTime is the CPU time of the calling thread: on the Fyne
// goroutine, which is locked to the main thread, the window's own work
// (layout, drawing) apart from the hashing.
func threadCPUTime() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
