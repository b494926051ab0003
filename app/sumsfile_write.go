package app

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/hashing"
)

// SumsOptions choose how a checksum file is written.
type SumsOptions struct {
	// Tag writes BSD lines ("SHA256 (NAME) = HEX") even for one algorithm;
	// several algorithms always do.
	Tag bool
	// Overwrite allows replacing an existing file; otherwise WriteSums fails
	// with an error wrapping ErrExists.
	Overwrite bool
}

// FormatSums formats results as a checksum file: GNU lines "HEX  NAME" for
// one algorithm, BSD lines "TAG (NAME) = HEX" for several (or with
// opts.Tag), names with '/' separators and coreutils escaping, LF line ends,
// UTF-8 without BOM. Names are written relative to dir, the folder the
// checksum file will be in, so that checking it from anywhere finds them;
// a result outside dir is an error. Results with an error are left out
// (the caller reports them).
func FormatSums(dir string, results []Result, opts SumsOptions) ([]byte, error) {
	var algs []*hashing.Algorithm
	for _, r := range results {
		for _, d := range r.Digests {
			if r.Err == nil && !slices.Contains(algs, d.Algorithm) {
				algs = append(algs, d.Algorithm)
			}
		}
	}
	bsd := opts.Tag || len(algs) > 1
	var b strings.Builder
	for _, r := range results {
		if r.Err != nil {
			continue
		}
		name, err := relativeName(dir, r.Path)
		if err != nil {
			return nil, err
		}
		for _, d := range r.Digests {
			h := hex.EncodeToString(d.Sum)
			if bsd {
				b.WriteString(BSDLine(d.Algorithm.Tag, h, name))
			} else {
				b.WriteString(GNULine(h, name))
			}
			b.WriteByte('\n')
		}
	}
	return []byte(b.String()), nil
}

// WriteSums writes the checksum file at path for results (see FormatSums)
// through a temporary file renamed into place; it never replaces an
// existing file unless opts.Overwrite is set.
func WriteSums(path string, results []Result, opts SumsOptions) error {
	data, err := FormatSums(filepath.Dir(path), results, opts)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data, opts.Overwrite)
}

// relativeName writes path relative to dir with '/' separators, refusing
// to name a file outside dir (hashdrop check would refuse that entry).
func relativeName(dir, path string) (string, error) {
	if path == "-" {
		return "-", nil
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, absPath)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("cannot list %s in a checksum file in %s: it is outside that folder", path, dir)
	}
	return filepath.ToSlash(rel), nil
}

// GNULine formats one line of a GNU sums file ("HEX  NAME") the way coreutils
// does: a name holding a backslash, newline or carriage return is escaped and
// the line starts with a backslash.
func GNULine(hex, name string) string {
	name, escaped := escapeName(name)
	if escaped {
		return `\` + hex + "  " + name
	}
	return hex + "  " + name
}

// BSDLine formats one BSD-tagged line ("SHA256 (NAME) = HEX"), escaped like
// GNULine.
func BSDLine(tag, hex, name string) string {
	name, escaped := escapeName(name)
	if escaped {
		return `\` + tag + " (" + name + ") = " + hex
	}
	return tag + " (" + name + ") = " + hex
}

var nameEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`)

func escapeName(name string) (string, bool) {
	name = filepath.ToSlash(name)
	if !strings.ContainsAny(name, "\\\n\r") {
		return name, false
	}
	return nameEscaper.Replace(name), true
}
