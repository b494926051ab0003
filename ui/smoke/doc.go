// Package smoke holds the real-window test of Hashdrop: under Xvfb it starts
// the built binary with a file, drops a second file on the window through
// the X drag-and-drop protocol, waits for both files' digests and saves a
// screenshot. It runs with `make test-gui` (part of `make test`):
//
//	go test -tags smoke -run TestWindowSmoke ./ui/smoke/
package smoke
