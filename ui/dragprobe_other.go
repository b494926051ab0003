//go:build !linux || !cgo || wayland || ci || android || wasm || test_web_driver || mobile

package ui

import "fyne.io/fyne/v2"

// dragProbeOf has no way to learn of a drag before the drop here: the field
// takes drops without a cue.
func dragProbeOf(fyne.Window) dragProbe { return nil }
