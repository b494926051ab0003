// Command hashdrop-window is Hashdrop's window program (Hashdrop.exe on
// Windows): a desktop file-hash checker that also answers the headless
// command line.
//
//	hashdrop-window [FILE...]     open the window (with FILE... queued)
//	hashdrop-window sum|check|keys|bench|algos ...   run headless
//	hashdrop-window --tray watch ...   the download checker, with a tray icon
//
// The hashdrop command people type (app/cli/hashdrop) runs the subcommands
// without the window's libraries and starts this program for the window.
//
// One window: a second launch hands its files to the running Hashdrop and
// exits.
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/hashdrop/hashdrop/app/cli"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/ui"
)

// fyneApp is FyneApp.toml, the one place the version is written.
//
//go:embed FyneApp.toml
var fyneApp []byte

func main() {
	if err := ui.UseMetadata(fyneApp); err != nil {
		fmt.Fprintln(os.Stderr, "hashdrop: FyneApp.toml:", err) // a build's defect: TestMetadataOfFyneApp
	}
	args := os.Args[1:]
	if ui.IsTray(args) { // the download checker, with its tray icon
		cli.WatchWords.Told, cli.WatchWords.More = ui.NotificationWords, ui.MoreNotified // in the window's language
		code := ui.RunTray(args[1:], func(args []string) int { return cli.Main(args, os.Stdin, os.Stdout, os.Stderr) })
		os.Exit(cli.CloseStdout(code, os.Stdout, os.Stderr))
	}
	if cli.IsCommand(args) {
		code := cli.Main(args, os.Stdin, os.Stdout, os.Stderr)
		os.Exit(cli.CloseStdout(code, os.Stdout, os.Stderr))
	}
	inst, forwarded, err := desktop.Claim("hashdrop", args)
	switch {
	case forwarded:
		return // the running window has the files now
	case !desktop.HasDisplay(os.Getenv):
		fmt.Fprintln(os.Stderr, desktop.NoDisplay)
		if inst != nil {
			inst.Close()
		}
		os.Exit(cli.ExitFail)
	case !desktop.DisplayAnswers(os.Getenv):
		fmt.Fprintln(os.Stderr, desktop.UnreachableDisplay(os.Getenv))
		if inst != nil {
			inst.Close()
		}
		os.Exit(cli.ExitFail)
	case err != nil:
		fmt.Fprintln(os.Stderr, "hashdrop:", err) // hand-over is a convenience: open a window of our own
		ui.Run(args)
	default:
		defer inst.Close()
		ui.Run(args, inst.OnOpen)
	}
}
