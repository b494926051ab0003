package ui

import (
	"errors"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
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
			w.takeSums(path)
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
	data, err := checksum.Format(commonDir(resultPaths(rs)), rs, checksum.WriteOptions{})
	if err != nil {
		w.dialogs.Error(errors.New(errorText(err)))
		return
	}
	w.copyText(string(data), trn(len(rs), "Copied the digests of {{.N}} file", "Copied the digests of {{.N}} files", "N", units.Thousands(len(rs))))
}

var _ fyne.CanvasObject = (*fileCard)(nil)
