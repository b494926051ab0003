package checksum

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/hashdrop/hashdrop/app"
)

// place is resolve for Check, without looking at the disk when the entry
// has one reading: the file is opened next (folders.open), and what was
// opened decides. A name refused by its form (absolute, "..") is refused
// here.
func (sf *File) place(e *Entry, root *os.Root) (path, rel string, status Status, w why) {
	if !e.Escaped && strings.Contains(e.Name, `\`) && filepath.Separator != '\\' {
		return sf.resolve(e, root) // which reading exists is for the disk to say
	}
	path = sf.pathOf(e.Name)
	native := filepath.FromSlash(e.Name)
	if root != nil {
		switch {
		case isAbsName(e.Name):
			return path, native, StatusRefused, why{kind: app.CauseAbsolute}
		case !filepath.IsLocal(native):
			return path, native, StatusRefused, why{kind: app.CauseOutside}
		}
	}
	return path, native, StatusOK, why{}
}

// folders opens the files of a check: through root (nil: by path), or in
// the file's own sub-folder, opened through root and kept open for the
// next files there (app.OpenIn), so that a file costs one openat(2)
// instead of one for each folder on its way. Safe for concurrent use (the
// batch's workers).
type folders struct {
	root *os.Root
	mu   sync.Mutex
	sub  map[string]*os.File // nil: cannot be opened, go through root
}

// maxFolders bounds the sub-folders kept open; files of the others are
// opened through the check's root.
const maxFolders = 256

func newFolders(root *os.Root) *folders {
	return &folders{root: root, sub: map[string]*os.File{}}
}

func (fo *folders) close() {
	fo.mu.Lock()
	defer fo.mu.Unlock()
	for _, r := range fo.sub {
		if r != nil {
			r.Close()
		}
	}
	clear(fo.sub)
}

// folder returns the sub-folder dir of root, open, or nil.
func (fo *folders) folder(dir string) *os.File {
	fo.mu.Lock()
	defer fo.mu.Unlock()
	d, ok := fo.sub[dir]
	if !ok && len(fo.sub) < maxFolders {
		d, _ = fo.root.Open(dir) // inside root: os.Root sees to it
		fo.sub[dir] = d
	}
	return d
}

// open opens the file of an entry for reading, through the check's root
// (links leading out of it are refused) or, without one, by path. It never
// waits for a pipe's writer, and returns the file only when the descriptor
// it opened is a regular file (fstat), with its information; otherwise
// the status says why not.
func (fo *folders) open(path, rel string) (app.File, fs.FileInfo, Status, why) {
	var (
		f   app.File
		st  fs.FileInfo
		err error
	)
	switch dir, leaf := filepath.Split(rel); {
	case fo.root == nil:
		f, err = openFile(nil, path)
	case dir != "" && !hasDotDot(dir) && leaf != ".." && leaf != ".":
		if sub := fo.folder(strings.TrimRight(dir, string(filepath.Separator))); sub != nil {
			f, st, err = app.OpenIn(sub, leaf)
			if err != nil && (errors.Is(err, syscall.ELOOP) || errors.Is(err, errors.ErrUnsupported)) {
				// A link, which os.Root follows inside root only.
				f, st, err = nil, nil, nil
				f, err = openFile(fo.root, rel)
			}
			break
		}
		fallthrough
	default:
		f, err = openFile(fo.root, rel)
	}
	if opened != nil {
		opened(path, "open")
	}
	if err != nil {
		if st := fo.special(path, rel, err); st != nil {
			_, status, why := classify(path, st, nil, false)
			return nil, nil, status, why
		}
		_, status, why := classify(path, nil, err, fo.root != nil)
		return nil, nil, status, why
	}
	if st == nil { // OpenIn's came with the file
		st, err = f.Stat()
	}
	if opened != nil {
		opened(path, "fstat")
	}
	if _, status, why := classify(path, st, err, false); status != StatusOK {
		f.Close()
		return nil, nil, status, why
	}
	return f, st, StatusOK, why{}
}

// openFile opens name for reading through root, or by path when root is
// nil, without waiting for a pipe's writer; nil when it cannot be opened.
func openFile(root *os.Root, name string) (app.File, error) {
	const flag = os.O_RDONLY | app.NonblockFlag
	var f *os.File
	var err error
	if root != nil {
		f, err = root.OpenFile(name, flag, 0)
	} else {
		f, err = os.OpenFile(name, flag, 0)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// opened, when set (tests), is told of every open and fstat of open.
var opened func(path, op string)

// special returns the information of a file that could not be opened
// because of what it is (a socket: ENXIO), so that it is refused as such
// rather than called unreadable; nil otherwise.
func (fo *folders) special(path, rel string, err error) fs.FileInfo {
	if !errors.Is(err, syscall.ENXIO) && !errors.Is(err, syscall.EOPNOTSUPP) {
		return nil
	}
	var st fs.FileInfo
	if fo.root != nil {
		st, err = fo.root.Stat(rel)
	} else {
		st, err = os.Stat(path)
	}
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	return st
}

// hasDotDot reports whether the folder path dir has a ".." element.
func hasDotDot(dir string) bool {
	for _, el := range strings.FieldsFunc(dir, func(r rune) bool { return r == filepath.Separator || r == '/' }) {
		if el == ".." {
			return true
		}
	}
	return false
}
