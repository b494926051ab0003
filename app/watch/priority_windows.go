package watch

import "golang.org/x/sys/windows"

// LowerPriority puts this process in background mode: low CPU, I/O and
// memory priority (PROCESS_MODE_BACKGROUND_BEGIN).
func LowerPriority() {
	const processModeBackgroundBegin = 0x00100000
	windows.SetPriorityClass(windows.CurrentProcess(), processModeBackgroundBegin)
}
