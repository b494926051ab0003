package ui

import (
	"path/filepath"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/ui/internal/gather"
)

// releaseSums takes out of files found in folders the checksum files and
// their signatures (a release's SHA256SUMS and SHA256SUMS.gpg): each
// checksum file is read to be given for the files, and none of them is
// hashed as a file. A checksum file dropped by itself among files is
// splitSums'. It reads the disk: not on the Fyne goroutine.
func (w *Window) releaseSums(files []gather.File) (kept []gather.File, given []*checksum.Index) {
	sums := make(map[string]bool)
	for _, f := range files {
		if walked(f) && gather.LooksLikeSums(f.Path) && checksum.SignedPath(f.Path) == "" {
			sums[filepath.Clean(f.Path)] = true
		}
	}
	if len(sums) == 0 {
		return files, nil
	}
	for _, f := range files {
		p := filepath.Clean(f.Path)
		switch {
		case sums[p]:
			w.tracef("%s found in the folder dropped: used as its checksum file, not hashed", f.Path)
			if x := readGiven(f.Path); x != nil {
				given = append(given, x)
				continue
			}
			kept = append(kept, f) // unreadable as a checksum file: hashed, as any file
		case sums[checksum.SignedPath(p)]:
			// read as its checksum file's signature
		default:
			kept = append(kept, f)
		}
	}
	return kept, given
}

// walked reports whether f was found in a folder dropped (its name is its
// path from there), not dropped itself.
func walked(f gather.File) bool { return f.Name != "" && f.Name != filepath.Base(f.Path) }

// absentEntries lists the entries of xs whose files are not there. It reads
// the disk: not on the Fyne goroutine.
func absentEntries(xs []*checksum.Index) []verdict.Orphan {
	var out []verdict.Orphan
	for _, x := range xs {
		out = append(out, release.Absent(x.File())...)
	}
	return out
}

// addAbsent lists the files a release lists that are not there, each a row
// that says so; nothing is read for them.
func (w *Window) addAbsent(absent []verdict.Orphan) {
	if len(absent) == 0 {
		return
	}
	listed := make(map[string]*fileItem, len(w.files.items))
	for _, it := range w.files.items {
		listed[it.path] = it
	}
	for _, a := range absent {
		if it := listed[a.Path]; it != nil {
			if it.state == stateMissing {
				it.published = append(it.published, a.Published)
			}
			continue
		}
		it := newFileItem(a.Path, -1, nil)
		// Named by its path from the folder dropped, as the files found in it.
		if name, err := filepath.Rel(filepath.Dir(filepath.Dir(a.Published.Source)), a.Path); err == nil {
			it.name = app.VisibleText(name)
		}
		it.state, it.err = stateMissing, &app.FileError{Name: a.Path, Kind: app.CauseNotExist}
		it.published = []checksum.Published{a.Published}
		it.index = len(w.files.items)
		w.files.items = append(w.files.items, it)
		listed[a.Path] = it
		w.files.fit(it)
	}
	w.files.refresh()
	w.stale = true
	w.refreshChrome()
}
