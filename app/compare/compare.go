// Package compare decides whether files are the same: an ISO and its copy
// on a USB stick, a download and the one a friend sent, a backup and its
// original. It compares what is known of each file, its size (from stat,
// before it is read) and its digests, and returns a Result: the files are
// identical, they differ (grouped by digest), or the digests are not all
// known yet. It reads nothing; the command line and the window hash the
// files and word the Result.
package compare

import (
	"bytes"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// File is what is known of one file compared.
type File struct {
	Size    int64        // from stat; -1 when not known (standard input)
	Digests []app.Digest // computed so far
	Done    bool         // no more digests are coming for it
	Failed  bool         // it could not be read: left out of the comparison
}

// Outcome is the kind of a Result.
type Outcome int

const (
	// TooFew: fewer than two files could be compared (the others failed).
	TooFew Outcome = iota
	// Pending: the sizes agree and the digests are not all known yet.
	Pending
	// Identical: every file has the same size and the same digest.
	Identical
	// Differ: the files are not all the same; Result.Groups says which are.
	Differ
)

func (o Outcome) String() string {
	switch o {
	case Pending:
		return "pending"
	case Identical:
		return "identical"
	case Differ:
		return "differ"
	}
	return "too few"
}

// Result is the verdict on files compared.
type Result struct {
	Outcome Outcome
	// Algorithm decided: the strongest (checksum.Strength) that every file
	// was hashed with. Nil when the sizes alone decided, before the digests
	// were known.
	Algorithm *hashing.Algorithm
	// SizesDiffer: two files have different sizes, so they differ whatever
	// their digests; known before any is read.
	SizesDiffer bool
	// Groups holds the indices of the files compared, those of a group the
	// same as each other (same size and, once known, same digest), the
	// groups in the order of their first file. A file that failed is in
	// none. Set for Identical (one group) and Differ.
	Groups [][]int
	// Weak is set when Algorithm only catches accidents (CRC32, XXH) or has
	// practical collisions (MD5, SHA-1): two files made to collide would
	// pass as identical.
	Weak bool
}

// Compare decides on files. Sizes decide first: two sizes that differ make
// the files Differ at once, grouped by size until every digest is known.
// Then the strongest algorithm every file has decides, once every file is
// Done: one group is Identical, more Differ.
func Compare(files []File) Result {
	var in []int
	for i, f := range files {
		if !f.Failed {
			in = append(in, i)
		}
	}
	if len(in) < 2 {
		return Result{Outcome: TooFew}
	}
	r := Result{SizesDiffer: sizesDiffer(files, in)}
	done := true
	for _, i := range in {
		done = done && files[i].Done
	}
	a := strongestShared(files, in)
	if !done || a == nil {
		if !r.SizesDiffer {
			r.Outcome = Pending
			return r
		}
		r.Outcome = Differ
		r.Groups = group(in, func(i, j int) bool { return sameSize(files[i], files[j]) })
		return r
	}
	r.Algorithm = a
	r.Weak = checksum.Strength(a) <= checksum.Strength(sha1)
	r.Groups = group(in, func(i, j int) bool {
		return sameSize(files[i], files[j]) && bytes.Equal(sumOf(files[i], a), sumOf(files[j], a))
	})
	r.Outcome = Differ
	if len(r.Groups) == 1 {
		r.Outcome = Identical
	}
	return r
}

var sha1, _ = hashing.Lookup("sha1")

// sizesDiffer reports whether two of the files in have known sizes that
// differ.
func sizesDiffer(files []File, in []int) bool {
	size := int64(-1)
	for _, i := range in {
		switch s := files[i].Size; {
		case s < 0:
		case size < 0:
			size = s
		case s != size:
			return true
		}
	}
	return false
}

// sameSize reports whether a and b may be of one size: equal, or one not
// known.
func sameSize(a, b File) bool { return a.Size < 0 || b.Size < 0 || a.Size == b.Size }

// strongestShared is the strongest algorithm every file of in has a digest
// of, or nil.
func strongestShared(files []File, in []int) *hashing.Algorithm {
	var best *hashing.Algorithm
	for _, d := range files[in[0]].Digests {
		shared := true
		for _, i := range in[1:] {
			shared = shared && sumOf(files[i], d.Algorithm) != nil
		}
		if shared && (best == nil || checksum.Strength(d.Algorithm) > checksum.Strength(best)) {
			best = d.Algorithm
		}
	}
	return best
}

func sumOf(f File, a *hashing.Algorithm) []byte {
	for _, d := range f.Digests {
		if d.Algorithm == a {
			return d.Sum
		}
	}
	return nil
}

// group puts the indices in into groups of those same says are the same,
// in the order of their first member.
func group(in []int, same func(i, j int) bool) [][]int {
	var groups [][]int
next:
	for _, i := range in {
		for g := range groups {
			if same(groups[g][0], i) {
				groups[g] = append(groups[g], i)
				continue next
			}
		}
		groups = append(groups, []int{i})
	}
	return groups
}

// GroupOf returns the 0-based group of file i, or -1 when it is in none.
func (r Result) GroupOf(i int) int {
	for g, members := range r.Groups {
		for _, m := range members {
			if m == i {
				return g
			}
		}
	}
	return -1
}
