//go:build !linux

package ui

import "time"

// sinceExec is -1: the start of the process is told on Linux only.
func sinceExec() time.Duration { return -1 }

// cpuTime is 0: CPU times are traced on Linux only.
func cpuTime() time.Duration { return 0 }

func threadCPUTime() time.Duration { return 0 }
