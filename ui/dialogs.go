package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// Dialogs are the file dialogs and questions of the window. Run uses the
// operating system's dialogs (sqweek/dialog) in cgo builds and Fyne's
// otherwise; tests answer them directly. Every callback runs on the Fyne
// goroutine; a cancelled dialog calls back with "" or nil.
type Dialogs interface {
	OpenFiles(title string, done func(paths []string))
	OpenFolder(title string, done func(path string))
	OpenChecksumFile(title string, done func(path string))
	// SaveFile asks where to save; dir and name are suggestions.
	SaveFile(title, dir, name string, done func(path string))
	Confirm(title, message, yes, no string, done func(bool))
	Error(err error)
}

// fyneDialogs are Fyne's own dialogs, drawn inside the window.
type fyneDialogs struct{ win fyne.Window }

func (d fyneDialogs) OpenFiles(title string, done func([]string)) {
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if r == nil || err != nil {
			done(nil)
			return
		}
		r.Close()
		done([]string{r.URI().Path()})
	}, d.win)
	fd.SetTitleText(title)
	d.resize(fd)
	fd.Show()
}

func (d fyneDialogs) OpenFolder(title string, done func(string)) {
	fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if u == nil || err != nil {
			done("")
			return
		}
		done(u.Path())
	}, d.win)
	fd.SetTitleText(title)
	d.resize(fd)
	fd.Show()
}

func (d fyneDialogs) OpenChecksumFile(title string, done func(string)) {
	d.OpenFiles(title, func(paths []string) {
		if len(paths) == 0 {
			done("")
			return
		}
		done(paths[0])
	})
}

func (d fyneDialogs) SaveFile(title, dir, name string, done func(string)) {
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if w == nil || err != nil {
			done("")
			return
		}
		w.Close() // the checksum file is written in full, atomically, by app.WriteSums
		done(w.URI().Path())
	}, d.win)
	fd.SetTitleText(title)
	fd.SetFileName(name)
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil && dir != "" {
		fd.SetLocation(l)
	}
	d.resize(fd)
	fd.Show()
}

func (d fyneDialogs) resize(fd *dialog.FileDialog) {
	s := d.win.Canvas().Size()
	fd.Resize(fyne.NewSize(s.Width*0.9, s.Height*0.9))
}

func (d fyneDialogs) Confirm(title, message, yes, no string, done func(bool)) {
	c := dialog.NewConfirm(title, message, done, d.win)
	c.SetConfirmText(yes)
	c.SetDismissText(no)
	c.Show()
}

func (d fyneDialogs) Error(err error) { dialog.ShowError(err, d.win) }
