//go:build linux && cgo && !wayland && !ci && !android && !wasm && !test_web_driver && !mobile

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"

	"github.com/hashdrop/hashdrop/ui/internal/xdnd"
)

// dragProbeOf asks the X display, through a connection of its own, whether
// a drag is over win and where (xdnd.Conn.DragOver): GLFW answers the
// drag's messages itself and tells Fyne nothing until the drop. Nil when
// there is no X window (no display, a Wayland session).
func dragProbeOf(win fyne.Window) dragProbe {
	native, ok := win.(driver.NativeWindow)
	if !ok {
		return nil
	}
	var id uint64
	native.RunNative(func(ctx any) {
		if x, ok := ctx.(driver.X11WindowContext); ok {
			id = uint64(x.WindowHandle)
		}
	})
	if id == 0 {
		return nil
	}
	conn, err := xdnd.Open("")
	if err != nil {
		return nil
	}
	return func() (fyne.Position, bool) {
		x, y, ok := conn.DragOver(id)
		if !ok {
			return fyne.Position{}, false
		}
		s := win.Canvas().Scale()
		return fyne.NewPos(float32(x)/s, float32(y)/s), true
	}
}
