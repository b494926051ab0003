// Command hashdrop is Hashdrop's command for terminals and scripts: the
// subcommands of the command line (sum, check, compare, keys, bench, algos), without
// the window's libraries, and the window for anything else, by handing the
// arguments to the window program installed beside it.
//
// The window program (the module's root package, installed as
// hashdrop-window; Hashdrop.exe on Windows) answers the same subcommands,
// but it links GTK, OpenGL and X11 and initialises Fyne before main runs:
// about 80 ms on every start on the machines measured, where this program
// needs a few. For `hashdrop sum -a xxh3` on a 1 GiB file in the page cache
// that start-up was most of the gap to xxhsum.
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
