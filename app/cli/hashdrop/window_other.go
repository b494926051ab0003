//go:build !unix

package main

import (
	"fmt"
	"os/exec"

	"github.com/hashdrop/hashdrop/app"
)

// windowNames: Hashdrop.exe beside hashdrop.com, in the installed folder
// and in the portable zip alike.
var windowNames = []string{"Hashdrop.exe"}

// openWindow starts the window program with args and returns: the window
// runs on by itself (it has no console), and the terminal is free again at
// once. It inherits the working folder, against which it makes relative
// names absolute.
func openWindow(args []string) error {
	win, err := installedWindow()
	if err != nil {
		return err
	}
	cmd := exec.Command(win, args...)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot open the window: %s: %s", win, app.ErrorWords(err))
	}
	return cmd.Process.Release()
}
