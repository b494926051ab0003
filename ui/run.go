// Package ui is Hashdrop's window: Fyne views over the app core.
package ui

import (
	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/assets"
)

// AppID identifies Hashdrop to Fyne (preferences, single instance); it matches FyneApp.toml.
const AppID = "io.github.hashdrop"

// Run opens the window, with files queued, and returns when it is closed.
func Run(files []string) {
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	w := a.NewWindow("Hashdrop")
	w.SetContent(container.NewCenter(widget.NewLabel("Drop files or folders here")))
	w.Resize(fyne.NewSize(900, 640))
	w.ShowAndRun()
}
