// Package cli is Hashdrop's headless command line: `hashdrop sum`, `check`,
// `compare`, `keys`, `bench` and `algos`, and the exit codes and English lines they
// print. It sits on top: it drives the pipeline (app), reads and checks
// checksum files (app/checksum) and keys (app/signature), and nothing below
// it imports it. app/cli/hashdrop, the hashdrop command (hashdrop.com on
// Windows), hands it the arguments when they name a subcommand, and so does
// main, the window program.
package cli
