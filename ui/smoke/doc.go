// Package smoke holds the real-window tests of Hashdrop, run under Xvfb
// against the built binary. TestWindowSmoke starts it with a file, drops a
// second file on the window through the X drag-and-drop protocol, waits for
// both files' digests and saves a screenshot. TestChecksumFileSmoke starts
// it on a SHA256SUMS, as a double-click does, checks the statuses of the
// checksum-file view, hands a file over from a second launch, and does the
// same in Japanese, with screenshots. They run with `make test-gui` (part of
// `make test`):
//
//	go test -tags smoke -run 'TestWindowSmoke|TestChecksumFileSmoke|TestWindowFitsALaptopSmoke|TestTenThousandFilesSmoke|TestScreenshotsSmoke' ./ui/smoke/
package smoke
