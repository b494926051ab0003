package ui

import (
	"os"
	"runtime"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app/desktop"
)

// fileAssociations backs the menu setting "Open checksum files with
// Hashdrop". Only Windows needs it: there the setting writes the per-user
// associations; on Linux the desktop entry and MIME types installed by make
// install do the same. Tests replace it.
var fileAssociations = struct {
	supported  bool
	registered func() bool
	set        func(on bool) error
}{
	supported:  runtime.GOOS == "windows",
	registered: desktop.FileAssociationsRegistered,
	set: func(on bool) error {
		if !on {
			return desktop.UnregisterFileAssociations()
		}
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		return desktop.RegisterFileAssociations(exe, assocWords())
	},
}

// associationItem is the checkable menu item for the setting; the registry
// is written off the Fyne goroutine.
func (w *Window) associationItem() *fyne.MenuItem {
	item := fyne.NewMenuItem(tr("Open checksum files with Hashdrop"), nil)
	item.Checked = fileAssociations.registered()
	item.Action = func() {
		on := !item.Checked
		w.background(func() {
			err := fileAssociations.set(on)
			w.do(func() {
				if err != nil {
					w.dialogs.Error(err)
					return
				}
				item.Checked = on
			})
		})
	}
	return item
}
