// Command hashdrop is a desktop file-hash checker with a headless command line.
//
//	hashdrop [FILE...]     open the window (with FILE... queued)
//	hashdrop sum|check|bench|algos ...   run headless
package main

import (
	"os"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/ui"
)

func main() {
	args := os.Args[1:]
	if app.IsCommand(args) {
		os.Exit(app.Main(args, os.Stdin, os.Stdout, os.Stderr))
	}
	ui.Run(args)
}
