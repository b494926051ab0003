package verdict

import (
	"path"
	"path/filepath"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// A digest pasted is compared with the files it was pasted for; a whole
// checksum line ("HASH  ubuntu.iso") only with the file it names, unless
// it names none of them: then with all of them, for one may be a renamed
// download. The window and hashdrop verify ask these two, so that the rule
// is one.

// PastedNames reports whether the pasted digest d names the file at p, or
// names no file.
func PastedNames(d *checksum.ExpectedDigest, p string) bool {
	return d.Name == "" || path.Base(filepath.ToSlash(d.Name)) == filepath.Base(p)
}

// PastedTargets returns the indices, in paths (the files d was pasted
// for), of the files it is compared with.
func PastedTargets(d *checksum.ExpectedDigest, paths []string) []int {
	var named, all []int
	for i, p := range paths {
		all = append(all, i)
		if PastedNames(d, p) {
			named = append(named, i)
		}
	}
	if len(named) == 0 {
		return all
	}
	return named
}
