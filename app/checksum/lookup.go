package checksum

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashdrop/hashdrop/app/signature"
)

// Lookup finds the digests published beside the files of one drop, as
// FindPublishedSigned does for one file, reading each folder's listing and
// each of its shared checksum files (SHA256SUMS, CHECKSUM, ...) once, and
// indexing them: every file of a folder of thousands is looked up, for
// about the price of reading its SHA256SUMS once. A file's own sidecars
// (ubuntu.iso.sha256) are read for it alone. It is not safe for
// concurrent use; one goroutine looks a drop's files up.
type Lookup struct {
	ring    *signature.Keyring
	folders map[string]*folderSums
}

// folderSums is what one folder holds for the files in it.
type folderSums struct {
	names  []string // its files' names, sorted by their lower-case form
	lower  []string // the same, lower case
	shared []*Index // its shared checksum files, in name order, indexed
	errs   []error  // the shared ones that could not be read
	err    error    // the folder could not be listed
}

// NewLookup returns a Lookup that checks the checksum files' signatures
// against ring, unless ring is nil.
func NewLookup(ring *signature.Keyring) *Lookup {
	return &Lookup{ring: ring, folders: make(map[string]*folderSums)}
}

// Published returns the digests published beside the file at path: its
// own sidecars first, then the shared checksum files of its folder in name
// order, as FindPublishedSigned. Checksum files that cannot be read are
// returned as errors, beside the digests of the others; the errors of a
// shared one are returned with each file of its folder.
func (l *Lookup) Published(path string) ([]Published, []error) {
	target, err := filepath.Abs(path)
	if err != nil {
		return nil, []error{err}
	}
	dir, base := filepath.Split(target)
	f := l.folder(dir, filepath.Dir(path))
	if f.err != nil {
		return nil, []error{f.err}
	}
	var found []Published
	errs := slices.Clone(f.errs)
	own := f.ownSidecars(base)
	for _, name := range own[:min(len(own), maxSidecars)] {
		src := filepath.Join(filepath.Dir(path), name)
		if info, err := os.Stat(src); err != nil || !info.Mode().IsRegular() {
			continue
		}
		sf, err := readSumsSignedBy(src, l.ring, true)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		found = append(found, publishedIn(sf, target, base, true)...)
	}
	room := maxSidecars - len(own)
	for _, x := range f.shared {
		if name := filepath.Base(x.Path()); name == base || isOwnSidecar(name, base) {
			continue // the file itself, or read above as its own
		}
		if room--; room < 0 {
			break
		}
		found = append(found, x.Published(target)...) // the rule for a file in its folder: by path
	}
	return found, errs
}

// folder lists the folder dir (absolute; shown is how the user named it)
// and reads its shared checksum files, the first time it is asked for.
func (l *Lookup) folder(dir, shown string) *folderSums {
	if f, ok := l.folders[dir]; ok {
		return f
	}
	f := &folderSums{}
	l.folders[dir] = f
	list, err := os.ReadDir(dir)
	if err != nil {
		f.err = err
		return f
	}
	for _, de := range list {
		if de.IsDir() {
			continue
		}
		f.names = append(f.names, de.Name())
		if !isSharedSums(de.Name()) || len(f.shared) == maxSidecars {
			continue
		}
		src := filepath.Join(shown, de.Name())
		info, err := os.Stat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		x, err := l.index(src, info)
		if err != nil {
			f.errs = append(f.errs, err)
			continue
		}
		x.Build()
		f.shared = append(f.shared, x)
	}
	sort.Slice(f.names, func(i, j int) bool { return strings.ToLower(f.names[i]) < strings.ToLower(f.names[j]) })
	f.lower = make([]string, len(f.names))
	for i, n := range f.names {
		f.lower[i] = strings.ToLower(n)
	}
	return f
}

// index reads the shared checksum file at path (whose Stat is info); a
// large one comes from the cache FindPublishedSigned fills (bigSums).
func (l *Lookup) index(path string, info os.FileInfo) (*Index, error) {
	if info.Size() > rereadAbove {
		x, _, err := bigSums.index(path, info, l.ring)
		return x, err
	}
	sf, err := readSumsSignedBy(path, l.ring, true)
	if err != nil {
		return nil, err
	}
	return newIndex(sf), nil
}

// ownSidecars are the names in the folder that are base's own sidecars
// (isOwnSidecar), in name order: those whose lower-case form begins with
// base's and a dot.
func (f *folderSums) ownSidecars(base string) []string {
	prefix := strings.ToLower(base) + "."
	var out []string
	for i := sort.SearchStrings(f.lower, prefix); i < len(f.lower) && strings.HasPrefix(f.lower[i], prefix); i++ {
		if isOwnSidecar(f.names[i], base) {
			out = append(out, f.names[i])
		}
	}
	slices.Sort(out)
	return out
}
