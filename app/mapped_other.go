//go:build !linux

package app

import "io/fs"

// Mapping large files is for Linux: elsewhere every file is read with
// read(2) or ReadFile (Windows: a fault in a view of a file that shrank is
// an exception Go does not turn into a panic as SIGBUS, and ReadFile from
// the cache costs little more).
const mapWindow = 4 << 20

// mapAll: mappings for several units (HASHDROP_READ=map), Linux only.
var mapAll = false

func mappable(File, fs.FileInfo) bool           { return false }
func mapRange(File, int64, int) ([]byte, error) { panic("app: no mappings here") }
func unmap([]byte)                              {}
