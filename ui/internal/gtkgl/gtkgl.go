// Package gtkgl keeps GTK from probing OpenGL when github.com/sqweek/dialog
// starts it. sqweek/dialog calls gtk_init_check in its package init, before
// main, for the native Open and Save dialogs; GDK 3 then opens the display's
// OpenGL driver and makes a context to learn its visuals: 40 of the 55 ms
// that init took on Mesa's software renderer (gtk_init_check alone, 16 ms
// with GDK_GL=disable), on the way to every window's start, for dialogs
// that draw without OpenGL while the window makes its own context (GLFW).
//
// Its init sets GDK_GL=disable, unless the user set GDK_GL, and runs before
// sqweek/dialog's: Go initialises the packages ready in the order of their
// import paths, and github.com/hashdrop sorts before github.com/sqweek
// (TestGTKStartsWithoutGL in ui checks the order). Restore takes the
// variable away again once GTK has read it, so that the programs Hashdrop
// starts do not inherit it.
package gtkgl

import "os"

const variable = "GDK_GL"

// set: init set the variable, and Restore has not removed it yet.
var set bool

func init() {
	if _, ok := os.LookupEnv(variable); !ok {
		set = os.Setenv(variable, "disable") == nil
	}
}

// Restore removes GDK_GL if init set it; a value the user gave stays.
func Restore() {
	if set {
		os.Unsetenv(variable)
		set = false
	}
}
