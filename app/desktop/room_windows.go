//go:build windows

package desktop

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	user32                 = windows.NewLazySystemDLL("user32.dll")
	procSystemParameters   = user32.NewProc("SystemParametersInfoW")
	procAdjustWindowRectEx = user32.NewProc("AdjustWindowRectEx")
)

const (
	spiGetWorkArea     = 0x0030
	wsOverlappedWindow = 0x00CF0000 // a title bar, a sizing border and the buttons
)

type rect struct{ left, top, right, bottom int32 }

// WindowRoom returns, in pixels, the largest client area a window with a
// title bar and a sizing border can have on the main screen less the
// taskbar; ok is false when Windows does not say. Windows shrinks a window
// asked to be larger, and Fyne 2.7 still lays it out for the size asked
// for, which cuts off its top.
func WindowRoom() (width, height int, ok bool) {
	var work rect
	if r, _, _ := procSystemParameters.Call(spiGetWorkArea, 0, uintptr(unsafe.Pointer(&work)), 0); r == 0 {
		return 0, 0, false
	}
	var frame rect // grows from nothing to the frame around a client area
	if r, _, _ := procAdjustWindowRectEx.Call(uintptr(unsafe.Pointer(&frame)), wsOverlappedWindow, 0, 0); r == 0 {
		return 0, 0, false
	}
	width = int(work.right-work.left) - int(frame.right-frame.left)
	height = int(work.bottom-work.top) - int(frame.bottom-frame.top)
	return width, height, width > 0 && height > 0
}
