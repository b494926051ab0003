package checksum

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app"
)

// Locator finds the files a checksum file's entries name, as Check would,
// without reading them: for gathering a release (app/release), whose
// files are read by the caller.
type Locator struct {
	sf   *File
	root *os.Root // nil when files outside the folder are allowed
}

// Locator returns the locator of sf's entries; with allowOutside, entries
// may name files outside its folder (absolute paths, ".."), which are
// otherwise REFUSED. Close it when done.
func (sf *File) Locator(allowOutside bool) (*Locator, error) {
	l := &Locator{sf: sf}
	if !allowOutside {
		r, err := os.OpenRoot(rootDir(sf.Dir))
		if err != nil {
			return nil, ReadErrorOf(sf.Path, err)
		}
		l.root = r
	}
	return l, nil
}

// Locate returns the file e names and its status: StatusOK when it is a
// regular file that may be read, else MISSING, UNREADABLE or REFUSED, with
// an error whose Cause says why.
func (l *Locator) Locate(e *Entry) (string, Status, error) {
	path, _, status, w := l.sf.resolve(e, l.root)
	if status == StatusOK {
		return path, status, nil
	}
	return path, status, &app.FileError{Name: path, Kind: w.kind, Err: w.err}
}

// LocateKnown is Locate for a caller that walked the folder already:
// known reports whether a path, as Locate returns it, is a regular file
// (not a symbolic link) that the walk found with no link on its way from
// a folder that holds this checksum file's. An entry naming such a file is
// StatusOK without looking at the disk again, as os.Root would find it;
// any other entry is Locate's.
func (l *Locator) LocateKnown(e *Entry, known func(path string) bool) (string, Status, error) {
	if e.Escaped || !strings.Contains(e.Name, `\`) || filepath.Separator == '\\' { // one reading
		path, _, status, w := l.sf.place(e, l.root)
		switch {
		case status != StatusOK:
			return path, status, &app.FileError{Name: path, Kind: w.kind, Err: w.err}
		case known(path):
			return path, StatusOK, nil
		}
	}
	return l.Locate(e)
}

// Close releases the folder the locator holds open.
func (l *Locator) Close() {
	if l.root != nil {
		l.root.Close()
	}
}
