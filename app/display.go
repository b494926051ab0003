package app

import "runtime"

// NoDisplay is what the command line says when the window cannot open for
// want of a display (over ssh, in a container), instead of a stack trace.
const NoDisplay = "hashdrop: the window needs a graphical desktop (neither DISPLAY nor WAYLAND_DISPLAY is set); hashdrop sum and hashdrop check work without one"

// HasDisplay reports whether a window can be shown: always on Windows and
// macOS, elsewhere when DISPLAY or WAYLAND_DISPLAY (read through getenv) is
// set.
func HasDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}
