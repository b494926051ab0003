package compare

import (
	"fmt"
	"strings"
)

// The command line's English for a Result; the window words it in its own
// languages.

// Summary says what r means for the files named names (the command line's
// last line): "identical: the 2 files have the same SHA-256".
func Summary(r Result, names []string) string {
	switch r.Outcome {
	case Identical:
		n := len(r.Groups[0])
		s := fmt.Sprintf("identical: the %d files have the same size and the same %s", n, r.Algorithm.Name)
		if n == 2 {
			s = fmt.Sprintf("identical: %s and %s have the same size and the same %s", names[r.Groups[0][0]], names[r.Groups[0][1]], r.Algorithm.Name)
		}
		if r.Weak {
			s += "; " + weakWords(r)
		}
		return s
	case Differ:
		if len(r.Groups) == 2 && len(r.Groups[0]) == 1 && len(r.Groups[1]) == 1 {
			a, b := names[r.Groups[0][0]], names[r.Groups[1][0]]
			if r.SizesDiffer {
				return fmt.Sprintf("differ: %s and %s are not the same size", a, b)
			}
			return fmt.Sprintf("differ: %s and %s are not the same (%s differs)", a, b, r.Algorithm.Name)
		}
		by := "by size"
		if r.Algorithm != nil {
			by = "by size and " + r.Algorithm.Name
		}
		return fmt.Sprintf("differ: %d files in %d groups %s, the first column: %s", r.count(), len(r.Groups), by, groupsWords(r, names))
	case Pending:
		return "not compared yet: the digests are not all known"
	}
	return "not compared: fewer than two files could be read"
}

// SizesWords says, before any file is read, that the sizes differ:
// "the sizes differ: a.iso 5 bytes, b.iso 6 bytes".
func SizesWords(sizes []int64, names []string) string {
	var parts []string
	for i, s := range sizes {
		if s >= 0 {
			parts = append(parts, fmt.Sprintf("%s %d bytes", names[i], s))
		}
	}
	return "the sizes differ (" + strings.Join(parts, ", ") + "): the files are not the same"
}

func weakWords(r Result) string {
	if r.Algorithm.ID == "md5" || r.Algorithm.ID == "sha1" {
		return r.Algorithm.Name + " proves the copies are intact, but two files can be made to collide: compare with SHA-256 to rule that out"
	}
	return r.Algorithm.Name + " only catches accidental damage: compare with SHA-256 to be sure"
}

// groupsWords lists the groups: "1: a.iso, b.iso; 2: c.iso".
func groupsWords(r Result, names []string) string {
	var gs []string
	for g, members := range r.Groups {
		var ns []string
		for _, m := range members {
			ns = append(ns, names[m])
		}
		gs = append(gs, fmt.Sprintf("%d: %s", g+1, strings.Join(ns, ", ")))
	}
	return strings.Join(gs, "; ")
}

// count is the number of files in r's groups.
func (r Result) count() int {
	n := 0
	for _, g := range r.Groups {
		n += len(g)
	}
	return n
}
