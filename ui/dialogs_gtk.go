//go:build cgo && linux

package ui

import "github.com/hashdrop/hashdrop/ui/internal/gtkgl"

// GTK has been started by now (sqweek/dialog's init, which ui waits for):
// GDK_GL goes back to what the user had, for the programs Hashdrop starts.
func init() { gtkgl.Restore() }
