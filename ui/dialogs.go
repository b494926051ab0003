package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
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
	// Caution asks a question whose safe answer is no: no is the
	// highlighted default (Enter), yes is the plain button.
	Caution(title, message, yes, no string, done func(bool))
	Error(err error)
}

// fyneDialogs are Fyne's own dialogs, drawn inside the window; Esc closes
// them (shown).
type fyneDialogs struct {
	win   fyne.Window
	shown *dialogStack
}

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
	d.shown.show(fd, nil)
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
	d.shown.show(fd, nil)
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
		w.Close() // the checksum file is written in full, atomically, by checksum.Write
		done(w.URI().Path())
	}, d.win)
	fd.SetTitleText(title)
	fd.SetFileName(name)
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil && dir != "" {
		fd.SetLocation(l)
	}
	d.resize(fd)
	d.shown.show(fd, nil)
}

func (d fyneDialogs) resize(fd *dialog.FileDialog) {
	s := d.win.Canvas().Size()
	fd.Resize(fyne.NewSize(s.Width*0.9, s.Height*0.9))
}

// Confirm asks with buttons that pass Esc on: it answers no, wherever the
// focus is in the dialog.
func (d fyneDialogs) Confirm(title, message, yes, no string, done func(bool)) {
	d.ask(title, message, yes, no, false, done)
}

// Caution is Confirm with no as the default: highlighted, and focused so
// that Enter or Space answers no.
func (d fyneDialogs) Caution(title, message, yes, no string, done func(bool)) {
	d.ask(title, message, yes, no, true, done)
}

// ask shows the question and returns its buttons; safe makes no the
// default.
func (d fyneDialogs) ask(title, message, yes, no string, safe bool, done func(bool)) (yesBtn, noBtn *button) {
	var c *dialog.CustomDialog
	answered := false
	answer := func(ok bool) {
		if !answered {
			answered = true
			c.Hide()
			done(ok)
		}
	}
	escape := func() { d.shown.dismissTop() }
	yesBtn = newEscButton(yes, theme.ConfirmIcon(), func() { answer(true) }, escape)
	noBtn = newEscButton(no, theme.CancelIcon(), func() { answer(false) }, escape)
	if safe {
		noBtn.Importance = widget.HighImportance
	} else {
		yesBtn.Importance = widget.HighImportance
	}
	c = dialog.NewCustomWithoutButtons(title, widget.NewLabel(message), d.win)
	c.SetButtons([]fyne.CanvasObject{noBtn, yesBtn})
	d.shown.show(c, func() { answer(false) })
	if safe {
		d.win.Canvas().Focus(noBtn)
	}
	return yesBtn, noBtn
}

func (d fyneDialogs) Error(err error) {
	e := dialog.NewError(err, d.win)
	d.shown.show(e, nil)
}
