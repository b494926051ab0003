package checksum

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// WriteOptions choose how a checksum file is written.
type WriteOptions struct {
	// Tag writes BSD lines ("SHA256 (NAME) = HEX") even for one algorithm;
	// several algorithms always do.
	Tag bool
	// Overwrite allows replacing an existing file; otherwise Write fails
	// with an error wrapping ErrExists.
	Overwrite bool
}

// Format formats results as a checksum file: GNU lines "HEX  NAME" for
// one algorithm, BSD lines "TAG (NAME) = HEX" for several (or with
// opts.Tag), names with '/' separators and coreutils escaping, LF line ends,
// UTF-8 without BOM. Names are written relative to dir, the folder the
// checksum file will be in, so that checking it from anywhere finds them;
// a result outside dir is an error. Results with an error are left out
// (the caller reports them).
func Format(dir string, results []app.Result, opts WriteOptions) ([]byte, error) {
	var algs []*hashing.Algorithm
	for _, r := range results {
		for _, d := range r.Digests {
			if r.Err == nil && !slices.Contains(algs, d.Algorithm) {
				algs = append(algs, d.Algorithm)
			}
		}
	}
	bsd := BSDLines(algs, opts.Tag)
	var b strings.Builder
	for _, r := range results {
		if r.Err != nil {
			continue
		}
		name, err := RelativeName(dir, r.Path)
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

// Write writes the checksum file at path for results (see Format)
// through a temporary file renamed into place; it never replaces an
// existing file unless opts.Overwrite is set.
func Write(path string, results []app.Result, opts WriteOptions) error {
	data, err := Format(filepath.Dir(path), results, opts)
	if err != nil {
		return err
	}
	return app.WriteFileAtomic(path, data, opts.Overwrite)
}

// RelativeName, writes path relative to dir with '/' separators, refusing
// to name a file outside dir (hashdrop check would refuse that entry).
func RelativeName(dir, path string) (string, error) {
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

// BSDLines reports whether a checksum file of algs is written in BSD lines
// ("TAG (NAME) = HEX"): when tag asks for them, for several algorithms, and
// for XXH3-64, whose bare 16 digits xxhsum --check would take for an XXH64
// (xxhsum -H3 writes BSD lines itself). Otherwise GNU lines ("HEX  NAME"),
// which sha256sum, b2sum, b3sum and xxhsum read back.
func BSDLines(algs []*hashing.Algorithm, tag bool) bool {
	return tag || len(algs) > 1 || len(algs) == 1 && algs[0].ID == "xxh3"
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
