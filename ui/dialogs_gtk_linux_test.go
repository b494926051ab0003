//go:build cgo

package ui

import (
	"errors"
	"testing"
)

// GTK starts on the first native dialog, not with the process; where it
// cannot (no display), the dialog says so, and the window uses Fyne's.
func TestGTKDialogWithoutADisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if _, err := nativeOpenFile("Open files to hash"); !errors.Is(err, errNoGTK) {
		t.Fatalf("without a display: %v, want %v", err, errNoGTK)
	}
	if _, err := nativeSaveFile("Save checksums", t.TempDir(), "SHA256SUMS"); !errors.Is(err, errNoGTK) {
		t.Errorf("a second dialog: %v", err)
	}
}
