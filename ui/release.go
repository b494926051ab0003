package ui

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// listedRow is a file a checksum file names that is not read: not there
// (stateMissing), or refused (stateFailed: outside the checksum file's
// folder, or no regular file).
type listedRow struct {
	path, name  string
	state       itemState
	refused     bool
	err         error
	published   []checksum.Published
	unsupported []string
}

// addRows lists rows that nothing is read for; a file listed already as
// not there gets the other checksum files' entries for it.
func (w *Window) addRows(rows []listedRow) {
	if len(rows) == 0 {
		return
	}
	listed := make(map[string]*fileItem, len(w.files.items))
	for _, it := range w.files.items {
		listed[it.path] = it
	}
	for _, r := range rows {
		if it := listed[r.path]; it != nil {
			if it.state == stateMissing && r.state == stateMissing {
				it.published = append(it.published, r.published...)
			}
			continue
		}
		it := newFileItem(r.path, -1, nil)
		it.name = app.VisibleText(r.name)
		it.state, it.refused, it.err = r.state, r.refused, r.err
		if it.state == stateMissing && it.err == nil {
			it.err = &app.FileError{Name: r.path, Kind: app.CauseNotExist}
		}
		it.published, it.unsupported = r.published, r.unsupported
		it.index = len(w.files.items)
		w.files.items = append(w.files.items, it)
		listed[r.path] = it
		w.files.fit(it)
	}
	w.files.refresh()
	w.stale = true
	w.refreshChrome()
}

// listedName is what the row of a file a checksum file in one of dirs
// names is called: its path from the parent of that folder, as a folder
// dropped names its files ("release/a/file.bin"), or its whole path when it
// is elsewhere.
func listedName(dirs []string, path string) string {
	for _, d := range dirs {
		if within(d, path) {
			if rel, err := filepath.Rel(filepath.Dir(d), path); err == nil {
				return rel
			}
		}
	}
	return homeTilde(path)
}

// oneListLimit is the most entries a checksum file given alone may have
// for its files to be rows of the list. A longer one (a mirror's list of
// millions) is checked in the checksum-file view, which keeps a few bytes
// an entry where a row keeps about a kilobyte.
var oneListLimit = 20_000

// listable reports whether the checksum files given alone can all be
// used, and are short enough for their files to be rows of the list.
func listable(xs []*checksum.Index) bool {
	for _, x := range xs {
		if x == nil || x.File().EntryCount > oneListLimit {
			return false
		}
	}
	return len(xs) > 0
}

// takeListed makes the files that checksum files given alone name rows of
// the list, as a folder's are (app/release gathers them): those there are
// hashed and checked against the entries, those not there are rows that
// say so, and files outside a checksum file's folder are read only if the
// user agrees.
func (w *Window) takeListed(paths []string, xs []*checksum.Index) {
	w.tracef("%q given on their own: the files they list are listed", paths)
	ctx, gen := w.startWalk()
	ring := trustedKeys.get()
	gatherThen := func(allowOutside bool, then func(*release.Release)) {
		w.background(func() {
			rel := release.Gather(ctx, paths, release.Options{Ring: ring, AllowOutside: allowOutside})
			w.do(func() {
				if gen == w.gen {
					then(rel)
				}
			})
		})
	}
	gatherThen(false, func(rel *release.Release) {
		n, example := outsideRows(rel)
		if n == 0 || ctx.Err() != nil {
			w.listRelease(ctx, xs, rel)
			return
		}
		w.dialogs.Caution(tr("Files outside the folder"), outsideQuestion(filepath.Base(paths[0]), n, example),
			trn(n, "Read it too", "Read them too"), tr("Only the folder"), func(yes bool) {
				switch {
				case gen != w.gen:
				case yes:
					gatherThen(true, func(rel *release.Release) { w.listRelease(ctx, xs, rel) })
				default:
					w.listRelease(ctx, xs, rel)
				}
			})
	})
}

// outsideRows counts the files of rel refused for being outside their
// checksum file's folder, with the first as an example.
func outsideRows(rel *release.Release) (n int, example string) {
	for _, f := range rel.Files {
		if f.Read == verdict.FileRefused && outsideCause(f.Err) {
			if n == 0 {
				example = f.Path
			}
			n++
		}
	}
	return n, example
}

func outsideCause(err error) bool {
	switch app.CauseOf(err) {
	case app.CauseOutside, app.CauseAbsolute, app.CauseLinkOutside:
		return true
	}
	return false
}

// listRelease lists what takeListed gathered: the files there are queued,
// the others are rows that say why they are not read.
func (w *Window) listRelease(ctx context.Context, xs []*checksum.Index, rel *release.Release) {
	w.afterIndexing(xs, func() {
		defer w.walkDone()
		if ctx.Err() != nil {
			w.flash(tr("Cancelled: the files the checksum file lists were not added. Open it again to check them."))
			return
		}
		w.addGiven(xs...)
		dirs := make([]string, len(xs))
		for i, x := range xs {
			dirs[i] = x.File().Dir
		}
		var files []found
		var rows []listedRow
		unsupported := make(map[string][]string)
		for _, f := range rel.Files {
			if f.Companion {
				continue
			}
			name := listedName(dirs, f.Path)
			switch f.Read {
			case verdict.FileWaiting:
				files = append(files, found{Path: f.Path, Name: name, Size: f.Size})
				if len(f.Unsupported) > 0 {
					unsupported[f.Path] = f.Unsupported
				}
			case verdict.FileMissing:
				rows = append(rows, listedRow{path: f.Path, name: name, state: stateMissing, err: f.Err, published: f.Published, unsupported: f.Unsupported})
			default:
				rows = append(rows, listedRow{path: f.Path, name: name, state: stateFailed, refused: f.Read == verdict.FileRefused,
					err: f.Err, published: f.Published, unsupported: f.Unsupported})
			}
		}
		w.addFiles(files, nil)
		for _, it := range w.files.items {
			if u := unsupported[it.path]; u != nil {
				it.unsupported = u
			}
		}
		w.addRows(rows)
		w.noteLines(xs, rel.Problems)
	})
}

// noteLines says what of the checksum files could not be used: lines not
// understood, files that could not be read.
func (w *Window) noteLines(xs []*checksum.Index, problems []error) {
	var notes []string
	for _, x := range xs {
		sf := x.File()
		if n := sf.ProblemCount; n > 0 && len(sf.Problems) > 0 {
			first := lineProblem(sf.Problems[0])
			if n > 1 {
				first = tr("{{.Problem}}, …", "Problem", first)
			}
			notes = append(notes, filepath.Base(sf.Path)+": "+trn(n, "{{.N}} line not understood and left out: {{.Problem}}",
				"{{.N}} lines not understood and left out: {{.Problem}}", "N", units.Thousands(n), "Problem", first))
		}
	}
	for _, err := range problems {
		w.tracef("%v", err)
		notes = append(notes, errorText(err))
	}
	if len(notes) > 0 {
		w.tracef("notes: %s", strings.Join(notes, "; "))
		w.flash(strings.Join(notes, "\n"))
	}
}
