//go:build unix

package main

import (
	"os"
	"syscall"
)

const windowName = "hashdrop-window"

// openWindow replaces this process with the window program, given args: the
// process keeps its id, its terminal and its exit code, as if the window
// program had been started directly. It returns only when that fails.
func openWindow(args []string) error {
	exe, err := self()
	if err != nil {
		return err
	}
	win, err := windowProgram(exe)
	if err != nil {
		return err
	}
	return syscall.Exec(win, append([]string{win}, args...), os.Environ())
}
