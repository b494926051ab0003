//go:build cgo && (linux || windows || darwin)

package ui

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"fyne.io/fyne/v2"
	"github.com/sqweek/dialog"
)

// defaultDialogs are the operating system's file dialogs, with Fyne's for
// questions and errors. HASHDROP_DIALOGS=fyne chooses Fyne's for all.
func defaultDialogs(win fyne.Window, shown *dialogStack) Dialogs {
	if os.Getenv("HASHDROP_DIALOGS") == "fyne" {
		return fyneDialogs{win, shown}
	}
	return &nativeDialogs{fyneDialogs: fyneDialogs{win, shown}}
}

// nativeDialogs run sqweek/dialog, which blocks, on a goroutine of its own
// (never the Fyne one), one dialog at a time. If the native dialog cannot
// be shown (no GTK), Fyne's is used from then on.
type nativeDialogs struct {
	fyneDialogs
	mu     sync.Mutex
	broken bool
}

// run calls show off the Fyne goroutine and hands its answer back to done
// on it; fallback runs instead when native dialogs do not work here.
func (d *nativeDialogs) run(show func() (string, error), done func(string), fallback func()) {
	go func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.broken {
			fyne.Do(fallback)
			return
		}
		path, err := safely(show)
		switch {
		case errors.Is(err, dialog.ErrCancelled):
			fyne.Do(func() { done("") })
		case err != nil:
			d.broken = true
			fyne.LogError("native file dialog unavailable, using Fyne's", err)
			fyne.Do(fallback)
		default:
			fyne.Do(func() { done(path) })
		}
	}()
}

// safely turns sqweek/dialog's panic when GTK could not start into an error.
func safely(show func() (string, error)) (path string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return show()
}

func (d *nativeDialogs) OpenFiles(title string, done func([]string)) {
	d.run(func() (string, error) { return dialog.File().Title(title).Load() },
		func(p string) {
			if p == "" {
				done(nil)
				return
			}
			done([]string{p})
		},
		func() { d.fyneDialogs.OpenFiles(title, done) })
}

func (d *nativeDialogs) OpenFolder(title string, done func(string)) {
	d.run(func() (string, error) { return dialog.Directory().Title(title).Browse() }, done,
		func() { d.fyneDialogs.OpenFolder(title, done) })
}

func (d *nativeDialogs) OpenChecksumFile(title string, done func(string)) {
	// No filter: the commonest checksum files (SHA256SUMS, CHECKSUM) have
	// no extension to filter on.
	d.run(func() (string, error) { return dialog.File().Title(title).Load() }, done, func() { d.fyneDialogs.OpenChecksumFile(title, done) })
}

func (d *nativeDialogs) SaveFile(title, dir, name string, done func(string)) {
	d.run(func() (string, error) {
		return dialog.File().Title(title).SetStartDir(dir).SetStartFile(name).Save()
	}, done, func() { d.fyneDialogs.SaveFile(title, dir, name, done) })
}
