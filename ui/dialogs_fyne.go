//go:build !cgo || !(linux || windows || darwin)

package ui

import "fyne.io/fyne/v2"

// defaultDialogs are Fyne's: the native ones need cgo.
func defaultDialogs(win fyne.Window, shown *dialogStack) Dialogs { return fyneDialogs{win, shown} }
