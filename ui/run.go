package ui

import (
	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/hashdrop/hashdrop/assets"
)

// AppID identifies Hashdrop to Fyne (preferences, single instance); it matches FyneApp.toml.
const AppID = "io.github.hashdrop"

// Run opens the window, with files queued, and returns when it is closed.
func Run(files []string) {
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	win := a.NewWindow("Hashdrop")
	core := NewAppCore()
	w := New(a, win, core, Config{})
	win.Resize(fyne.NewSize(940, 760))
	w.Add(files)
	win.ShowAndRun()
	core.Close()
}
