package ui

import (
	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/hashdrop/hashdrop/assets"
	_ "github.com/hashdrop/hashdrop/ui/internal/cenv" // before Fyne reads the locale
)

// AppID identifies Hashdrop to Fyne (preferences, single instance); it matches FyneApp.toml.
const AppID = "io.github.hashdrop"

// Run opens the window, with files queued, and returns when it is closed.
// Each started function is given, once the window exists, an open function
// that queues paths in it and brings it to the front; open may be called
// from any goroutine (a second launch handing its files over, say).
func Run(files []string, started ...func(open func(paths []string))) {
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	win := a.NewWindow("Hashdrop")
	core := NewAppCore()
	w := New(a, win, core, Config{})
	win.Resize(fyne.NewSize(960, 800))
	w.Add(files)
	open := func(paths []string) {
		fyne.Do(func() {
			win.RequestFocus()
			w.Add(paths)
		})
	}
	for _, f := range started {
		f(open)
	}
	win.ShowAndRun()
	core.Close()
}
