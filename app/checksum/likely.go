package checksum

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/hashing"
)

// A digest whose length several algorithms share (64 hex digits: SHA-256,
// SHA3-256, RIPEMD-256, BLAKE2b-256 or BLAKE3) is compared with the
// likeliest of them first, and with the others only when that one does not
// match: computing all five costs some thirty times what SHA-256 alone
// does, and a goreleaser checksums.txt, which says nothing of its
// algorithm, is SHA-256. The rule is here, once, for every caller: the
// candidates of an ExpectedDigest (and an Entry's Algorithms) are in the
// order they are tried, and Next says which to compute next.

// likelyFirst ranks the algorithms by how often a digest of their length
// that does not name its algorithm is theirs: SHA-256 for 64 digits, MD5
// for 32, SHA-512 for 128, SHA-1 for 40, SHA-224 for 56, SHA-384 for 96,
// XXH64 for 16 (xxhsum's default). An algorithm not listed ranks after
// those listed.
var likelyFirst = []string{"sha256", "md5", "sha512", "sha1", "sha224", "sha384", "xxh64", "crc32"}

// likeliest orders cands (a new slice) for trying: the likeliest first,
// the others in table order.
func likeliest(cands []*hashing.Algorithm) []*hashing.Algorithm {
	best, rank := -1, len(likelyFirst)
	for i, a := range cands {
		if r := slices.Index(likelyFirst, a.ID); r >= 0 && r < rank {
			best, rank = i, r
		}
	}
	if best <= 0 {
		return cands
	}
	return preferring(cands, cands[best])
}

// preferring returns cands with a moved to the front (a new slice), or
// cands itself when a is first already or not among them: a hint (a
// checksum file's name, the lines around) says which is likeliest.
func preferring(cands []*hashing.Algorithm, a *hashing.Algorithm) []*hashing.Algorithm {
	i := slices.Index(cands, a)
	if i <= 0 {
		return cands
	}
	out := make([]*hashing.Algorithm, 0, len(cands))
	out = append(out, a)
	out = append(out, cands[:i]...)
	return append(out, cands[i+1:]...)
}

// Next is the one rule for the order in which the candidates are computed,
// given has, which reports whether a digest is computed already: the first
// candidate (the likeliest) alone while it is not; once it is (and, the
// caller knows, does not match), every other candidate not computed yet,
// all in one more reading of the file. Nil when nothing is left to compute.
func Next(cands []*hashing.Algorithm, has func(*hashing.Algorithm) bool) []*hashing.Algorithm {
	if len(cands) == 0 {
		return nil
	}
	if !has(cands[0]) {
		return cands[:1:1]
	}
	var out []*hashing.Algorithm
	for _, a := range cands[1:] {
		if !has(a) {
			out = append(out, a)
		}
	}
	return out
}

// ReadFirst are the algorithms to read a file with first to judge it
// against e: its likeliest candidate alone. The others are read only when
// that one does not match (Verdict.Needs says which, then).
func (e *ExpectedDigest) ReadFirst() []*hashing.Algorithm {
	return Next(e.Candidates, func(*hashing.Algorithm) bool { return false })
}

// likelyFromName reads the algorithm a checksum file's name mentions
// without being a name Hashdrop takes as certain (nameHint):
// "checksums_blake3.txt", "release-sha3-256-digests", "SHA512SUMS-x86".
// It only orders the candidates of a line's length: a line whose length
// the algorithm does not have is read by its length as ever.
func likelyFromName(path string) *hashing.Algorithm {
	n := strings.ToLower(filepath.Base(path))
	words := strings.FieldsFunc(n, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
	lookup := func(w string) *hashing.Algorithm {
		for _, s := range []string{"sums", "sum"} {
			w = strings.TrimSuffix(w, s)
		}
		if len(w) < 3 { // "wp", "b2": words of other names as often
			return nil
		}
		a, _ := hashing.Lookup(w)
		return a
	}
	// Two words first, so that "sha3-256" is not read as "sha3" (SHA3-256
	// too) and "blake2b-256" not as BLAKE2b-512.
	for i := 0; i+1 < len(words); i++ {
		if a := lookup(words[i] + "-" + words[i+1]); a != nil {
			return a
		}
	}
	for _, w := range words {
		if a := lookup(w); a != nil {
			return a
		}
	}
	return nil
}

// ambiguousSize are the digest sizes, in bytes, that several algorithms
// have.
var ambiguousSize = func() map[int]bool {
	count := map[int]int{}
	for _, a := range hashing.All() {
		count[a.Size]++
	}
	out := map[int]bool{}
	for size, n := range count {
		out[size] = n > 1
	}
	return out
}()

// neighbours remembers, while a checksum file is checked, what its lines
// said of each ambiguous length: the algorithm a line named (a BSD tag, a
// "# SHA512 HASH" header) or the one an untagged line matched. The next
// untagged line of that length tries it first: b3sum's lines in a
// checksums.txt are BLAKE3 after the first.
type neighbours struct {
	seen map[int]*hashing.Algorithm // digest size in bytes -> algorithm
}

// order is e's candidates in the order to try them.
func (n *neighbours) order(e *Entry) []*hashing.Algorithm {
	if len(e.Algorithms) < 2 {
		return e.Algorithms
	}
	if a := n.seen[len(e.Sum)]; a != nil {
		return preferring(e.Algorithms, a)
	}
	return e.Algorithms
}

// learn records what the entry of r says for the lines after it.
func (n *neighbours) learn(r *EntryResult) {
	e := r.Entry
	var a *hashing.Algorithm
	switch {
	case len(e.Algorithms) == 1:
		a = e.Algorithms[0]
	case r.Status == StatusOK:
		a = r.Algorithm
	}
	if a == nil || !ambiguousSize[len(e.Sum)] || n.seen[len(e.Sum)] == a {
		return
	}
	if n.seen == nil {
		n.seen = map[int]*hashing.Algorithm{}
	}
	n.seen[len(e.Sum)] = a
}
