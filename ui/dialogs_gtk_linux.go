//go:build cgo

package ui

// #cgo pkg-config: gtk+-3.0
// #cgo LDFLAGS: -lX11
// #include <X11/Xlib.h>
// #include <gtk/gtk.h>
// #include <stdlib.h>
// static GtkWidget* chooserDialog(char *title, GtkFileChooserAction action, char *accept) {
// 	return gtk_file_chooser_dialog_new(title, NULL, action, "_Cancel", GTK_RESPONSE_CANCEL, accept, GTK_RESPONSE_ACCEPT, NULL);
// }
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"unsafe"
)

// GTK's file chooser is Linux's native dialog. GTK starts on the first
// dialog, not with the process: its start (a connection to the display,
// themes, ICU) took 80-290 ms before the window could be made, when
// sqweek/dialog started it in a package init.

func init() {
	// Xlib is used from two threads, GLFW's and GTK's: it must be told
	// before any other call of it in the process.
	C.XInitThreads()
}

var (
	gtkStart sync.Once
	gtkOK    bool
	gtkCalls = make(chan func())
)

// onGTK runs f on the one thread GTK is used from, which starts GTK the
// first time; gtkOK says whether it could.
func onGTK(f func()) {
	gtkStart.Do(func() {
		ready := make(chan struct{})
		go func() {
			runtime.LockOSThread()
			gtkOK = C.gtk_init_check(nil, nil) == C.TRUE
			close(ready)
			for g := range gtkCalls {
				g()
			}
		}()
		<-ready
	})
	done := make(chan struct{})
	gtkCalls <- func() {
		defer close(done)
		f()
	}
	<-done
}

var (
	// errNoGTK is logged (the window then uses Fyne's dialogs), not shown.
	errNoGTK           = errors.New("gtk_init_check=FALSE")
	errNativeCancelled = errors.New("cancelled")
)

// chooseWithGTK shows GTK's file chooser for action, titled title, with
// its accept button saying accept, in folder dir with the name name (a
// save), and returns the path chosen, or errNativeCancelled.
func chooseWithGTK(action C.GtkFileChooserAction, title, accept, dir, name string) (path string, err error) {
	onGTK(func() {
		if !gtkOK {
			err = errNoGTK
			return
		}
		ctitle, caccept := C.CString(title), C.CString(accept)
		defer C.free(unsafe.Pointer(ctitle))
		defer C.free(unsafe.Pointer(caccept))
		dlg := C.chooserDialog(ctitle, action, caccept)
		chooser := (*C.GtkFileChooser)(unsafe.Pointer(dlg))
		if dir != "" {
			cdir := C.CString(dir)
			defer C.free(unsafe.Pointer(cdir))
			C.gtk_file_chooser_set_current_folder(chooser, cdir)
		}
		if name != "" {
			cname := C.CString(name)
			defer C.free(unsafe.Pointer(cname))
			C.gtk_file_chooser_set_current_name(chooser, cname)
		}
		C.gtk_file_chooser_set_do_overwrite_confirmation(chooser, C.TRUE)
		r := C.gtk_dialog_run((*C.GtkDialog)(unsafe.Pointer(dlg)))
		if r == C.GTK_RESPONSE_ACCEPT {
			if p := C.gtk_file_chooser_get_filename(chooser); p != nil {
				path = C.GoString(p)
				C.g_free(C.gpointer(p))
			}
		}
		C.gtk_widget_destroy(dlg)
		// Nothing runs GTK's main loop: the dialog leaves the screen once
		// the events its destruction queued are handled.
		for C.gtk_events_pending() != 0 {
			C.gtk_main_iteration()
		}
		if path == "" {
			err = errNativeCancelled
		}
	})
	return path, err
}

func nativeOpenFile(title string) (string, error) {
	return chooseWithGTK(C.GTK_FILE_CHOOSER_ACTION_OPEN, title, tr("Open"), "", "")
}

func nativeOpenFolder(title string) (string, error) {
	return chooseWithGTK(C.GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, title, tr("Open"), "", "")
}

func nativeSaveFile(title, dir, name string) (string, error) {
	return chooseWithGTK(C.GTK_FILE_CHOOSER_ACTION_SAVE, title, tr("Save"), dir, name)
}
