package ui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

func (w *Window) openFiles() {
	w.dialogs.OpenFiles(tr("Open files to hash"), func(paths []string) { w.Add(paths) })
}

func (w *Window) openFolder() {
	w.dialogs.OpenFolder(tr("Open a folder to hash"), func(path string) {
		if path != "" {
			w.Add([]string{path})
		}
	})
}

func (w *Window) openChecksumFile() {
	w.dialogs.OpenChecksumFile(tr("Open a checksum file (SHA256SUMS, *.sha256, *.md5, …)"), func(path string) {
		if path != "" {
			w.openSums(path)
		}
	})
}

// results are the files with digests, as app formats them.
func (w *Window) results() []app.Result {
	var rs []app.Result
	for _, it := range w.files.items {
		ds := it.computed()
		if len(ds) == 0 {
			continue
		}
		rs = append(rs, app.Result{Path: it.path, Size: it.size, Digests: ds})
	}
	return rs
}

// oneAlgorithm reports the algorithm when every result has just that one,
// so that a plain GNU sums file can hold them.
func oneAlgorithm(rs []app.Result) *hashing.Algorithm {
	var a *hashing.Algorithm
	for _, r := range rs {
		if len(r.Digests) != 1 || a != nil && r.Digests[0].Algorithm != a {
			return nil
		}
		a = r.Digests[0].Algorithm
	}
	return a
}

func resultPaths(rs []app.Result) []string {
	paths := make([]string, len(rs))
	for i, r := range rs {
		paths[i] = r.Path
	}
	return paths
}

// copyAllDigests puts every digest on the clipboard as a checksum file
// would hold them (names relative to the folder that holds all the files).
func (w *Window) copyAllDigests() {
	rs := w.results()
	if len(rs) == 0 {
		return
	}
	data, err := app.FormatSums(commonDir(resultPaths(rs)), rs, app.SumsOptions{})
	if err != nil {
		w.dialogs.Error(errors.New(errorText(err)))
		return
	}
	w.copyText(string(data), trn(len(rs), "Copied the digests of {{.N}} file", "Copied the digests of {{.N}} files", "N", units.Thousands(len(rs))))
}

// saveChecksums writes a checksum file: GNU ("HEX  NAME", what sha256sum
// reads) or BSD ("SHA256 (NAME) = HEX") for one algorithm, BSD for several.
func (w *Window) saveChecksums() {
	rs := w.results()
	if len(rs) == 0 {
		return
	}
	dir := commonDir(resultPaths(rs))
	one := oneAlgorithm(rs)
	if one == nil {
		w.saveAs(rs, dir, "CHECKSUMS", true)
		return
	}
	gnu := tr("GNU: {{.Command}} -c reads it ({{.Name}})", "Command", one.ID+"sum", "Name", one.Tag+"SUMS")
	bsd := tr("BSD, tagged: names the algorithm on every line")
	radio := widget.NewRadioGroup([]string{gnu, bsd}, nil)
	radio.SetSelected(gnu)
	radio.Required = true
	d := dialog.NewCustomConfirm(tr("Save checksums"), tr("Choose a file…"), tr("Cancel"),
		container.NewVBox(widget.NewLabel(tr("Format of the checksum file:")), radio), func(ok bool) {
			if ok {
				name := one.Tag + "SUMS"
				w.saveAs(rs, dir, name, radio.Selected == bsd)
			}
		}, w.win)
	d.Show()
}

func (w *Window) saveAs(rs []app.Result, dir, name string, tag bool) {
	w.dialogs.SaveFile(tr("Save checksums"), dir, name, func(path string) {
		if path == "" {
			return
		}
		go func() {
			err := app.WriteSums(path, rs, app.SumsOptions{Tag: tag, Overwrite: true})
			w.do(func() {
				if err != nil {
					why := errorText(err)
					if errors.Is(err, app.ErrExists) {
						why = tr("{{.Name}} already exists", "Name", filepath.Base(path))
					}
					w.tracef("save %s: %v", path, err)
					w.dialogs.Error(errors.New(tr("Could not save the checksums: {{.Reason}}", "Reason", why)))
					return
				}
				w.tracef("saved %s", path)
				w.flash(tr("Saved {{.Name}}", "Name", filepath.Base(path)))
			})
		}()
	})
}

var _ fyne.CanvasObject = (*fileCard)(nil)
