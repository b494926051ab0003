// Package smoke holds the real-window tests of Hashdrop, run under Xvfb
// against the built binary. TestWindowSmoke starts it with a file, drops a
// second file on the window through the X drag-and-drop protocol, waits for
// both files' digests and saves a screenshot. TestChecksumFileSmoke starts
// it on a SHA256SUMS, as a double-click does, checks the statuses of the
// checksum-file view, hands a file over from a second launch, and does the
// same in Japanese, with screenshots. TestChecksumFileElsewhereSmoke drops
// a SHA256SUMS from another folder on a window holding the ISO it lists,
// and one that disagrees with the SHA256SUMS beside it. They run with `make
// test-gui` (part of `make test`), whose -run list names them all.
package smoke
