// Command hashdrop is Hashdrop's command for terminals and scripts: the
// subcommands of the command line (sum, check, compare, keys, bench, algos),
// without the window's libraries, and the window for anything else (no
// arguments, files), by starting the window program installed beside it.
//
// The window program (the module's root package: hashdrop-window, or
// Hashdrop.exe on Windows) answers the same subcommands, but it links GTK,
// OpenGL and X11 and initialises Fyne before main runs: 55-80 ms on every
// start on a two-core Zen 4, where this program needs about 10. For
// `hashdrop sum -a xxh3` on a 1 GiB file in the page cache (xxhsum takes
// 0.1 s) that start-up was most of the gap to xxhsum.
//
// On Windows this program is also what makes the command line work at all:
// Hashdrop.exe is a GUI-subsystem program, which Windows gives no console,
// so in cmd.exe or PowerShell it prints nothing, cmd.exe does not wait for
// it, and %ERRORLEVEL% is not its exit code. This one is a console program,
// shipped as hashdrop.com: Windows' file names ignore case, so hashdrop.exe
// cannot sit beside Hashdrop.exe, and cmd.exe and PowerShell try .COM
// before .EXE (the default PATHEXT), so typing "hashdrop" finds it first.
// It is a PE program like any .exe; only the name is .com, as Visual
// Studio's devenv.com beside devenv.exe.
package main

import (
	"fmt"
	"os"

	"github.com/hashdrop/hashdrop/app/cli"
)

func main() {
	args := os.Args[1:]
	if cli.IsCommand(args) {
		code := cli.Main(args, os.Stdin, os.Stdout, os.Stderr)
		os.Exit(cli.CloseStdout(code, os.Stdout, os.Stderr))
	}
	if err := openWindow(args); err != nil {
		fmt.Fprintln(os.Stderr, "hashdrop:", err)
		os.Exit(cli.ExitFail)
	}
}
