//go:build !windows

package desktop

// WindowRoom returns, in pixels, the largest client area a window can have
// on the screen, where the system says so: only Windows, where it matters
// (room_windows.go). Elsewhere the window manager fits a window to the
// screen and tells the program.
func WindowRoom() (width, height int, ok bool) { return 0, 0, false }
