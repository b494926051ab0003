package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// windowProgram returns the path of the window program for the command at
// exe (os.Executable, symbolic links resolved, so that a link to hashdrop
// in another folder still finds its window): the first of windowNames,
// relative to exe's folder, that is a file; or an error naming every place
// it looked.
func windowProgram(exe string) (string, error) {
	dir := filepath.Dir(exe)
	var tried []string
	for _, name := range windowNames {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		tried = append(tried, p)
	}
	return "", fmt.Errorf("the window program is not installed: no %s (reinstall Hashdrop; its subcommands, listed by hashdrop help, work without it)",
		strings.Join(tried, " or "))
}

// installedWindow is the window program installed with this one, whose
// path is os.Executable's with symbolic links resolved.
func installedWindow() (string, error) {
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", fmt.Errorf("cannot tell where this program is: %w", err)
	}
	return windowProgram(exe)
}
