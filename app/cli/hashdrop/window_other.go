//go:build !unix

package main

import "os/exec"

const windowName = "Hashdrop.exe"

// openWindow starts the window program with args and returns once it runs:
// the window outlives this command, as a program started from Explorer.
func openWindow(args []string) error {
	exe, err := self()
	if err != nil {
		return err
	}
	win, err := windowProgram(exe)
	if err != nil {
		return err
	}
	cmd := exec.Command(win, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	return cmd.Start()
}
