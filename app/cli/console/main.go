// Command hashdrop.com is Hashdrop's command line for Windows terminals,
// shipped beside Hashdrop.exe, the window.
//
// Hashdrop.exe is a GUI-subsystem program: Windows gives it no console, so
// in cmd.exe or PowerShell it prints nothing, cmd.exe does not wait for it,
// and %ERRORLEVEL% is not its exit code. This is the console-subsystem
// twin of its command line: the terminal waits for it, and its output,
// pipes, redirection and exit code work as people expect.
//
//	hashdrop sum|check|keys|bench|algos ...   runs here, as on Linux
//	hashdrop [FILE...]                         starts Hashdrop.exe with the
//	                                           files and returns at once
//
// The name: Windows' file names ignore case, so hashdrop.exe cannot sit
// beside Hashdrop.exe. cmd.exe and PowerShell try .COM before .EXE (the
// default PATHEXT), so typing "hashdrop" finds this program first; it is a
// PE program like any .exe, the name alone is .com (as Visual Studio's
// devenv.com beside devenv.exe).
//
// It imports app/cli but not ui: no Fyne, no cgo, and it starts in
// milliseconds.
package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/cli"
)

// windowProgram is the window's program, in this program's folder.
const windowProgram = "Hashdrop.exe"

func main() {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "hashdrop: cannot tell where this program is: %s\n", app.ErrorWords(err))
		os.Exit(cli.ExitFail)
	}
	code := run(os.Args[1:], filepath.Join(filepath.Dir(self), windowProgram), os.Stdin, os.Stdout, os.Stderr)
	os.Exit(cli.CloseStdout(code, os.Stdout, os.Stderr))
}

// run runs a subcommand, or starts window (the path of Hashdrop.exe) on
// args, and returns the exit code.
func run(args []string, window string, stdin io.Reader, stdout, stderr io.Writer) int {
	if cli.IsCommand(args) {
		return cli.Main(args, stdin, stdout, stderr)
	}
	// The window runs on by itself: it has no console, and the terminal
	// is free again at once. It inherits the working folder, against which
	// it makes relative names absolute.
	cmd := exec.Command(window, args...)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "hashdrop: cannot open the window: %s: %s\n", window, app.ErrorWords(err))
		return cli.ExitFail
	}
	cmd.Process.Release()
	return cli.ExitOK
}
