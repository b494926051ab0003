package ui

import (
	"path/filepath"
	"slices"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// A checksum file dropped or opened is used for the files of the list it
// lists, and for those dropped after it, wherever they are: by the path its
// entries name, or, from another folder, by base name (app.checksum.Index has
// the rule). Checksum files that disagree about a file make a conflict on
// its card and in the banner (checksum.Decide). Clear forgets them.

// readGiven reads the checksum file at path for the files it may list, or
// returns nil when it cannot be used (the checksum-file view says why).
// It reads the disk: not on the Fyne goroutine.
func readGiven(path string) *checksum.Index {
	defer thriftyGC(path)()
	x, err := checksum.ReadIndex(path, trustedKeys.get())
	if err != nil || x.File().EntryCount == 0 {
		return nil
	}
	return x
}

// takeSums uses the checksum file at path (Open checksum file…): for the
// files of the list it lists, or else in the checksum-file view.
func (w *Window) takeSums(path string) {
	gen := w.gen
	w.background(func() {
		x := readGiven(path)
		w.do(func() {
			if gen == w.gen {
				w.sumsGiven([]string{path}, []*checksum.Index{x})
			}
		})
	})
}

// sumsGiven takes checksum files given on their own (xs[i] nil: paths[i]
// is not usable). They are remembered for the files dropped after them;
// when they list files of the list, they are used for them. Else the files
// they name become rows of the list, checked against them (takeListed),
// or, for one that cannot be used or is longer than oneListLimit, they are
// checked in the checksum-file view, one after the other (Next).
func (w *Window) sumsGiven(paths []string, xs []*checksum.Index) {
	var usable []*checksum.Index
	for _, x := range xs {
		if x != nil {
			usable = append(usable, x)
		}
	}
	if len(w.files.items) > 0 && !w.indexed(usable) {
		// Looked up for the files of the list: indexed first.
		w.afterIndexing(usable, func() { w.sumsGiven(paths, xs) })
		return
	}
	if n := w.addGiven(usable...); n > 0 {
		w.show(nil)
		w.tracef("%q given on their own: used for the %d files of the list they list", paths, n)
		if len(paths) == 1 {
			w.flash(trn(n, "{{.Name}} is used for the file it lists", "{{.Name}} is used for the {{.N}} files it lists",
				"Name", filepath.Base(paths[0]), "N", n))
		} else {
			w.flash(trn(n, "The checksum files are used for the file they list", "The checksum files are used for the {{.N}} files they list", "N", n))
		}
		return
	}
	if listable(xs) {
		w.takeListed(paths, xs)
		return
	}
	w.sumsNext = nil
	for i := len(paths) - 1; i > 0; i-- {
		w.sumsNext = append(w.sumsNext, givenSums{paths[i], xs[i]})
	}
	w.checkGiven(givenSums{paths[0], xs[0]})
}

// givenSums is a checksum file given, read already (x) or not usable.
type givenSums struct {
	path string
	x    *checksum.Index
}

// checkGiven opens g in the checksum-file view.
func (w *Window) checkGiven(g givenSums) {
	if g.x == nil {
		w.openSums(g.path) // says why it cannot be used
		return
	}
	w.openSumsFile(g.path, g.x.File()) // one copy of its text, not two
}

// checkNext opens the next checksum file given with the one in view.
func (w *Window) checkNext() {
	if len(w.sumsNext) == 0 {
		return
	}
	g := w.sumsNext[len(w.sumsNext)-1]
	w.sumsNext = w.sumsNext[:len(w.sumsNext)-1]
	w.checkGiven(g)
}

// A checksum file given is indexed (app.checksum.Index.Build) only once a file
// is looked up in it: one given on its own to an empty list is checked in
// its view and may never be, and the index of millions of entries takes
// seconds and 12 bytes an entry to make. It is made in the background:
// the lookups, on the Fyne goroutine, find it made.

// indexed reports whether the checksum files remembered, and xs, are
// indexed.
func (w *Window) indexed(xs []*checksum.Index) bool {
	return len(unindexed(w.given, xs)) == 0
}

// afterIndexing calls then on the Fyne goroutine once the checksum files
// remembered, and xs, are indexed: at once if they are, else after
// indexing them in the background (not after a Clear).
func (w *Window) afterIndexing(xs []*checksum.Index, then func()) {
	todo := unindexed(w.given, xs)
	if len(todo) == 0 {
		then()
		return
	}
	gen := w.gen
	w.background(func() {
		index(todo)
		w.do(func() {
			if gen == w.gen {
				w.afterIndexing(xs, then) // others may have been given meanwhile
			}
		})
	})
}

// unindexed returns the checksum files of the lists that are not indexed.
func unindexed(lists ...[]*checksum.Index) []*checksum.Index {
	var out []*checksum.Index
	for _, l := range lists {
		for _, x := range l {
			if !x.Built() {
				out = append(out, x)
			}
		}
	}
	return out
}

// index indexes checksum files. It reads them: not on the Fyne goroutine.
func index(xs []*checksum.Index) {
	for _, x := range xs {
		if !x.Built() {
			restore := thriftyGC(x.Path())
			x.Build()
			restore()
		}
	}
}

// addGiven remembers checksum files given for the files, and adds their
// digests to those of the files listed already. It returns how many files
// of the list they list.
func (w *Window) addGiven(xs ...*checksum.Index) int {
	if len(xs) == 0 {
		return 0
	}
	for _, x := range xs {
		// The same file given again replaces what was read of it before.
		w.given = slices.DeleteFunc(w.given, func(old *checksum.Index) bool { return sameFile(old.Path(), x.Path()) })
		w.given = append(w.given, x)
	}
	n := 0
	for _, it := range w.files.items {
		listed := false
		for _, x := range xs {
			if len(x.Published(it.path)) > 0 {
				listed = true
				w.tracef("published digest for %s in %s", it.path, x.Path())
			}
		}
		pubs := checksum.PublishedFor(it.path, it.beside, w.given)
		if listed {
			n++
		}
		if listed || len(pubs) != len(it.published) {
			it.published = pubs
			w.files.changed(it)
		}
		if listed && !w.expected.appliesTo(it) {
			w.prioritise(it) // a file still being read: the algorithm the verdict needs first
		}
	}
	if n > 0 {
		w.stale = true // judged at the next tick
	}
	return n
}

// sameFile reports whether two paths name the same file, as far as their
// absolute forms tell.
func sameFile(a, b string) bool {
	pa, errA := filepath.Abs(a)
	pb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && pa == pb
}
