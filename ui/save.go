package ui

import (
	"errors"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// saveForm asks how to save the checksums: the format, GNU (one algorithm
// a file, "HEX  NAME", what sha256sum -c reads: SHA256SUMS) or BSD tagged
// (any algorithms, "SHA256 (NAME) = HEX": CHECKSUMS), and the algorithms.
type saveForm struct {
	w      *Window
	rs     []app.Result
	algs   []*hashing.Algorithm // those the files have digests of
	format *radioChoice
	one    *choice // GNU's algorithm
	many   []*checkBox
	obj    fyne.CanvasObject
}

func (w *Window) saveChecksums() {
	rs := w.results()
	if len(rs) == 0 {
		return
	}
	f := newSaveForm(w, rs)
	w.saving = f
	d := dialog.NewCustomWithoutButtons(tr("Save checksums"), f.obj, w.win)
	choose := w.newButton(tr("Choose a file…"), theme.ConfirmIcon(), func() {
		d.Hide()
		f.save()
	})
	choose.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{w.newButton(tr("Cancel"), theme.CancelIcon(), d.Hide), choose})
	w.shown.show(d, d.Hide)
}

func (f *saveForm) gnu() bool { return f.format.Selected == f.format.Options[0] }

func newSaveForm(w *Window, rs []app.Result) *saveForm {
	f := &saveForm{w: w, rs: rs}
	for _, a := range hashing.All() {
		for _, r := range rs {
			if slices.ContainsFunc(r.Digests, func(d app.Digest) bool { return d.Algorithm == a }) {
				f.algs = append(f.algs, a)
				break
			}
		}
	}
	names := algNameList(f.algs)
	f.one = w.newSelect(names, nil)
	f.one.SetSelectedIndex(0)
	if i := slices.IndexFunc(f.algs, func(a *hashing.Algorithm) bool { return a.ID == "sha256" }); i >= 0 {
		f.one.SetSelectedIndex(i)
	}
	checks := container.NewGridWithColumns(4)
	for _, a := range f.algs {
		c := w.newCheck(a.Name, nil)
		c.SetChecked(true)
		f.many = append(f.many, c)
		checks.Add(c)
	}
	f.format = w.newRadio([]string{
		tr("GNU: one algorithm, read by sha256sum -c and the like (SHA256SUMS)"),
		tr("BSD, tagged: any algorithms, named on every line (CHECKSUMS)"),
	}, func(string) {
		if f.gnu() {
			f.one.Enable()
			for _, c := range f.many {
				c.Disable()
			}
		} else {
			f.one.Disable()
			for _, c := range f.many {
				c.Enable()
			}
		}
	})
	f.format.SetSelected(f.format.Options[0])
	f.obj = container.NewVBox(
		widget.NewLabel(tr("Format of the checksum file:")), f.format.obj,
		widget.NewForm(widget.NewFormItem(tr("Algorithm"), f.one)),
		widget.NewLabel(tr("Algorithms of a tagged file:")), checks)
	return f
}

// chosen are the algorithms to write, in table order.
func (f *saveForm) chosen() []*hashing.Algorithm {
	if f.gnu() {
		return []*hashing.Algorithm{f.algs[f.one.SelectedIndex()]}
	}
	var out []*hashing.Algorithm
	for i, c := range f.many {
		if c.Checked {
			out = append(out, f.algs[i])
		}
	}
	return out
}

// name is the file name offered: SHA256SUMS for GNU's SHA-256, CHECKSUMS
// for a tagged file (SHA256SUMS too when it holds SHA-256 alone: both
// dialects read it).
func (f *saveForm) name() string {
	algs := f.chosen()
	if len(algs) == 1 {
		return algs[0].Tag + "SUMS"
	}
	return "CHECKSUMS"
}

// save asks where, then writes the chosen digests of the files that have
// them; files without are left out and counted.
func (f *saveForm) save() {
	algs := f.chosen()
	if len(algs) == 0 {
		return
	}
	var rs []app.Result
	for _, r := range f.rs {
		var ds []app.Digest
		for _, d := range r.Digests {
			if slices.Contains(algs, d.Algorithm) {
				ds = append(ds, d)
			}
		}
		if len(ds) > 0 {
			rs = append(rs, app.Result{Path: r.Path, Size: r.Size, Digests: ds})
		}
	}
	left := len(f.rs) - len(rs)
	tag := !f.gnu()
	w := f.w
	w.dialogs.SaveFile(tr("Save checksums"), commonDir(resultPaths(rs)), f.name(), func(path string) {
		if path != "" {
			w.writeSums(path, rs, tag, false, left)
		}
	})
}

// writeSums writes the checksum file in the background: under a temporary
// name, renamed into place, never over an existing file unless the person
// says so.
func (w *Window) writeSums(path string, rs []app.Result, tag, overwrite bool, left int) {
	w.background(func() {
		err := checksum.Write(path, rs, checksum.WriteOptions{Tag: tag, Overwrite: overwrite})
		w.do(func() {
			switch {
			case errors.Is(err, app.ErrExists) && !overwrite:
				name := filepath.Base(path)
				w.dialogs.Confirm(tr("Replace {{.Name}}?", "Name", name), tr("{{.Name}} already exists. Replace it with the checksums?", "Name", name),
					tr("Replace"), tr("Cancel"), func(yes bool) {
						if yes {
							w.writeSums(path, rs, tag, true, left)
						}
					})
			case err != nil:
				w.tracef("save %s: %v", path, err)
				w.dialogs.Error(errors.New(tr("Could not save the checksums: {{.Reason}}", "Reason", errorText(err))))
			default:
				w.tracef("saved %s", path)
				msg := tr("Saved {{.Name}}", "Name", filepath.Base(path))
				if left > 0 {
					msg = trn(left, "{{.Saved}} ({{.N}} file without these digests left out)", "{{.Saved}} ({{.N}} files without these digests left out)",
						"Saved", msg, "N", left)
				}
				w.flash(msg)
			}
		})
	})
}
