//go:build cgo && (windows || darwin)

package ui

import "github.com/sqweek/dialog"

// On Windows and macOS the native dialogs are sqweek/dialog's.

var errNativeCancelled = dialog.ErrCancelled

func nativeOpenFile(title string) (string, error) { return dialog.File().Title(title).Load() }

func nativeOpenFolder(title string) (string, error) { return dialog.Directory().Title(title).Browse() }

func nativeSaveFile(title, dir, name string) (string, error) {
	return dialog.File().Title(title).SetStartDir(dir).SetStartFile(name).Save()
}
