//go:build !ci && !android && !ios && !wasm && !test_web_driver && !mobile

package ui

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// screenOf asks GLFW, which Fyne's desktop driver has initialised when it
// created the window, for the primary monitor's work area (on X11 the
// window manager's _NET_WORKAREA, else the whole monitor; on Windows and
// macOS the screen less the task bar, dock and menu bar). It must run on
// the main goroutine, as Run does. The zero screenArea when GLFW cannot
// say.
func screenOf() (area screenArea) {
	defer func() {
		if recover() != nil { // GLFW not initialised: no display
			area = screenArea{}
		}
	}()
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return screenArea{}
	}
	_, _, w, h := m.GetWorkarea()
	if w <= 0 || h <= 0 {
		mode := m.GetVideoMode()
		if mode == nil {
			return screenArea{}
		}
		w, h = mode.Width, mode.Height
	}
	sx, sy := m.GetContentScale() // the system's scale: the frame is drawn at it
	sx, sy = max(sx, 1), max(sy, 1)
	return screenArea{work: fyne.NewSize(float32(w), float32(h)),
		frame: fyne.NewSize(windowFrame.Width*sx, windowFrame.Height*sy)}
}
