package checksum

import (
	"os"

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

// Close releases the folder the locator holds open.
func (l *Locator) Close() {
	if l.root != nil {
		l.root.Close()
	}
}
