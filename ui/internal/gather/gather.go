// Package gather turns what a person dropped or opened into the files to
// hash: files as they are, folders walked in name order. It does all its I/O
// on the caller's goroutine, which for the window is never the Fyne one.
package gather

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
)

// File is one file to hash.
type File struct {
	Path string
	Name string // what to call it: the base name, or for a file found in a folder its path from that folder ("iso/a.iso")
	Size int64  // -1 when it could not be told (the file is then still listed, its card says why)
}

// Result is what Files found.
type Result struct {
	Files   []File
	Skipped int     // entries inside folders that are not regular files (sockets, devices, links to folders)
	Errs    []error // folders that could not be read, worded for a person
}

// progressEvery is how often Files reports its count while walking.
const progressEvery = 100 * time.Millisecond

// Files expands paths: a file is listed as it is (even one that does not
// exist, so that its card can say so), a folder is walked and the regular
// files in it listed, in name order. Links to files are followed, links to
// folders are not (they could loop). found is called every 100 ms or so
// with the count so far, so a window can show it; it may be nil. Files stops
// early, with what it found so far, when ctx is cancelled.
func Files(ctx context.Context, paths []string, found func(n int)) Result {
	var res Result
	seen := make(map[string]bool)
	last := time.Now()
	add := func(path, name string, size int64) {
		if seen[path] {
			return
		}
		seen[path] = true
		res.Files = append(res.Files, File{path, name, size})
		if found != nil && time.Since(last) >= progressEvery {
			last = time.Now()
			found(len(res.Files))
		}
	}
	for _, p := range paths {
		if ctx.Err() != nil {
			break
		}
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			size := int64(-1)
			if err == nil && st.Mode().IsRegular() {
				size = st.Size()
			}
			add(p, filepath.Base(p), size)
			continue
		}
		walk(ctx, p, &res, add)
	}
	if found != nil {
		found(len(res.Files))
	}
	return res
}

func walk(ctx context.Context, root string, res *Result, add func(path, name string, size int64)) {
	parent := filepath.Dir(filepath.Clean(root))
	name := func(path string) string {
		if rel, err := filepath.Rel(parent, path); err == nil {
			return rel
		}
		return path
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return fs.SkipAll
		}
		if err != nil {
			res.Errs = append(res.Errs, &FolderError{Path: path, Err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		typ := d.Type()
		if typ&fs.ModeSymlink != 0 {
			st, err := os.Stat(path)
			if err != nil || !st.Mode().IsRegular() {
				res.Skipped++
				return nil
			}
			add(path, name(path), st.Size())
			return nil
		}
		if !typ.IsRegular() {
			res.Skipped++
			return nil
		}
		size := int64(-1)
		if info, err := d.Info(); err == nil {
			size = info.Size()
		}
		add(path, name(path), size)
		return nil
	})
}

// FolderError is a folder that could not be read while walking; the
// window words it from app.CauseOf(Err).
type FolderError struct {
	Path string
	Err  error
}

func (e *FolderError) Error() string {
	return "cannot read folder " + e.Path + ": " + app.SystemWords(e.Err)
}
func (e *FolderError) Unwrap() error { return e.Err }

// LooksLikeSums reports whether the file's name says it is a checksum file,
// which the window opens in its checksum-file view instead of hashing it.
func LooksLikeSums(path string) bool {
	return checksum.IsSumsName(filepath.Base(strings.TrimSpace(path)))
}
