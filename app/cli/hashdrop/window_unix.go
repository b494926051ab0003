//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
)

// windowNames are the places of the window program relative to this one's
// folder, in the order they are tried: beside it (the build folder, a
// portable copy), then where make install and the Linux package put it.
var windowNames = []string{
	"hashdrop-window",
	filepath.Join("..", "lib", "hashdrop", "hashdrop-window"),
}

// openWindow replaces this process with the window program, given args: the
// process keeps its id, its terminal and its exit code, as if the window
// program had been started directly. It returns only when that fails.
func openWindow(args []string) error {
	win, err := installedWindow()
	if err != nil {
		return err
	}
	return syscall.Exec(win, append([]string{win}, args...), os.Environ())
}
