package checksum

import (
	"bytes"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// A checksum file the user gave (dropped or opened) is used for the files
// given with it, or later, wherever they are:
//
//   - An entry lists a file when it names it: relative to the checksum
//     file's folder, or by its absolute path.
//   - When the checksum file is in another folder than the file, an entry
//     that is a bare name ("debian.iso", "./debian.iso", "*debian.iso")
//     also lists the file of that base name: a SHA256SUMS kept on the
//     Desktop checks the ISO in Downloads.
//   - An entry with a folder in its name ("amd64/debian.iso") that does not
//     lead to the file is not guessed to be about it, and a checksum file
//     with an entry that leads to the file is not read by base name for it.
//
// Every checksum file that lists a file is compared with it (Decide), and
// two that disagree are a Conflict, never a silent pick.

// Index finds the entries of one checksum file that list a file,
// without looking at the files they name. It keeps 4 bytes an entry:
// which entry (and which of its names, see entryNames), sorted by a hash
// of the base name it leads to, which a lookup computes again for the few
// slots it looks at, parsing their entries (File.EntryAt: a checksum
// file read again from the disk is read there, a block or two); a table
// of where each range of hashes starts keeps that to a handful. A lookup decides on the
// names of the entries of the file's base name. A checksum file of
// millions of lines, given once, is remembered so. The index is made when
// first needed (Build): a checksum file only checked in its own view
// never needs it.
type Index struct {
	sf    *File
	dir   string // the checksum file's folder, absolute
	once  sync.Once
	built atomic.Bool
	slots []uint32 // per name an entry may mean: the entry's index, with slotSecond for its second name
	// starts[b] is the first slot whose key's top startBits bits are b or
	// more; starts[1<<startBits] is len(slots).
	starts    []uint32
	startBits uint
}

// indexBits is the room for an entry's index in a Index key: a
// checksum file of MaxFileSize has fewer lines than that.
const indexBits = 24

// slotSecond marks a slot of an entry's second name (entryNames).
const slotSecond = 1 << 31

// slotsPerStart is about how many slots share a place in Index.starts.
const slotsPerStart = 16

// newIndex returns the index of the entries of sf (read whole, or
// streamed), to be made when first needed (Build).
func newIndex(sf *File) *Index {
	x := &Index{sf: sf}
	x.dir, _ = filepath.Abs(rootDir(sf.Dir))
	return x
}

// Build makes the index, once: it reads every entry (a few seconds for
// millions, and 12 bytes an entry while it is made), so a window calls it
// away from its event loop before looking files up. Published calls it
// otherwise. It is safe for concurrent use.
func (x *Index) Build() { x.once.Do(x.build) }

// Built reports whether the index is made (Build).
func (x *Index) Built() bool { return x.built.Load() }

func (x *Index) build() {
	defer x.built.Store(true)
	sf := x.sf
	// Sorted by key first (8 bytes a slot, only while the index is made).
	keys := make([]uint64, 0, sf.EntryCount)
	for i, e := range sf.All() {
		if e.Unsupported != "" || i >= 1<<indexBits {
			continue
		}
		for k, name := range entryNames(e) {
			keys = append(keys, slotKey(baseHash(filepath.Base(sf.displayPath(name))), i, k))
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	x.slots = make([]uint32, len(keys))
	for k, key := range keys {
		x.slots[k] = uint32(key & (1<<indexBits - 1))
		if key&(1<<indexBits) != 0 {
			x.slots[k] |= slotSecond
		}
	}
	for x.startBits < 20 && len(keys)>>x.startBits > slotsPerStart {
		x.startBits++
	}
	x.starts = make([]uint32, 1<<x.startBits+1)
	k := 0
	for b := range x.starts {
		for k < len(keys) && keys[k]>>(64-x.startBits) < uint64(b) {
			k++
		}
		x.starts[b] = uint32(k)
	}
}

// slotKey orders the slots: the base name's hash above indexBits+1 bits,
// then which name of the entry (second: 1), then the entry's index.
func slotKey(h uint64, i, second int) uint64 {
	return h&^(1<<(indexBits+1)-1) | uint64(second)<<indexBits | uint64(i)
}

// key is the slotKey of slot k, parsing its entry again.
func (x *Index) key(k int) uint64 {
	s := x.slots[k]
	i, second := int(s&^slotSecond), 0
	if s&slotSecond != 0 {
		second = 1
	}
	e := x.sf.EntryAt(i)
	names := entryNames(&e)
	name := names[min(second, len(names)-1)]
	return slotKey(baseHash(filepath.Base(x.sf.displayPath(name))), i, second)
}

// baseHash is the FNV-1a hash of a base name, mixed: its top bits choose
// the range of Index.starts to look in.
func baseHash(base string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(base); i++ {
		h ^= uint64(base[i])
		h *= 1099511628211
	}
	return mix(h)
}

// entryNames are the names an entry may mean: as written, and with '\'
// read as a folder separator (as File.resolve tries them).
func entryNames(e *Entry) []string {
	names := []string{e.Name}
	if !e.Escaped && strings.Contains(e.Name, `\`) && filepath.Separator != '\\' {
		names = append(names, strings.ReplaceAll(e.Name, `\`, "/"))
	}
	return names
}

// Path is the checksum file as the user named it.
func (x *Index) Path() string { return x.sf.Path }

// Changed reports whether the checksum file changed on the disk since it
// was read, when it is one read again from the disk (see
// ReadSignedStreamed): the entries of its blocks changed then give
// nothing, and it should be read again. A file kept in memory is used as it was read. It reads the
// disk: not on the Fyne goroutine.
func (x *Index) Changed() bool {
	t := x.sf.fileText()
	return t != nil && t.changed()
}

// File is the checksum file indexed.
func (x *Index) File() *File { return x.sf }

// Published returns the entries that list the file at path, by the rule
// above, in file order. It makes the index first if it is not made.
func (x *Index) Published(path string) []Published {
	x.Build()
	target, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	// The entries whose names end in the file's base name: those naming
	// it by its path, and the bare names.
	h := slotKey(baseHash(filepath.Base(target)), 0, 0)
	same := func(key uint64) bool { return key>>(indexBits+1) == h>>(indexBits+1) }
	var byPath, byBase []int
	b := h >> (64 - x.startBits)
	lo, hi := int(x.starts[b]), int(x.starts[b+1])
	k := lo + sort.Search(hi-lo, func(k int) bool { return x.key(lo+k) >= h })
	for ; k < hi && same(x.key(k)); k++ {
		i := int(x.slots[k] &^ slotSecond)
		e := x.sf.EntryAt(i)
		for _, name := range entryNames(&e) {
			if p, err := filepath.Abs(x.sf.displayPath(name)); err == nil && p == target && !slices.Contains(byPath, i) {
				byPath = append(byPath, i)
			}
			if clean := filepath.Clean(filepath.FromSlash(name)); clean == filepath.Base(target) && !strings.ContainsRune(clean, filepath.Separator) &&
				clean != "." && clean != ".." && !hasDriveLetter(clean) && !slices.Contains(byBase, i) {
				byBase = append(byBase, i)
			}
		}
	}
	lines := byPath
	if len(lines) == 0 && filepath.Dir(target) != x.dir {
		lines = byBase
	}
	slices.Sort(lines)
	var out []Published
	for _, i := range lines {
		e := x.sf.EntryAt(i)
		out = append(out, Published{Expected: e.Expected(), Source: x.sf.Path, Line: e.Line, Signed: x.sf.Signed, Authenticity: x.sf.Authenticity, Fetched: x.sf.Fetched, Signs: x.sf.Signs})
	}
	return out
}

// PublishedFor is every digest published for the file at path, the
// strongest first (Strongest); of equal strength, those found beside it
// (findPublished's) first, then those in each of the checksum files
// given; a checksum file found beside the file is not counted twice.
func PublishedFor(path string, beside []Published, given []*Index) []Published {
	out := slices.Clone(beside)
	seen := make(map[string]bool)
	for _, p := range beside {
		seen[absOrSelf(p.Source)] = true
	}
	for _, x := range given {
		if src := absOrSelf(x.Path()); !seen[src] {
			seen[src] = true
			out = append(out, x.Published(path)...)
		}
	}
	return Strongest(out)
}

func absOrSelf(path string) string {
	if p, err := filepath.Abs(path); err == nil {
		return p
	}
	return path
}

// Decision is a file's verdict against every digest published for it.
type Decision struct {
	// Outcome is the first digest's verdict (Match, Mismatch, Pending), or
	// Conflict when the digests disagree: two of the same algorithm differ,
	// or the file matches one and not another.
	Outcome Outcome
	// Verdict is the verdict of By[0], the digest that decides: what its
	// marks, the banner's comparison and any re-read follow.
	Verdict Verdict
	// By are the digests behind the outcome, the deciding one first: on a
	// Match those the file matches, on a Conflict the side the file
	// matches (or the first digest, before the file is known).
	By []Published
	// Against are, on a Conflict, the digests that disagree with By.
	Against []Published
	// Agreeing are, on a Match, the algorithms other than the deciding
	// one (Verdict.Algorithm) of the weaker digests the file matches too,
	// strongest first; the CRC32 in its name is not one (NameAgrees).
	Agreeing []*hashing.Algorithm
	// Unchecked are the digests published for the file that are not
	// compared yet (their algorithm is not computed), strongest first:
	// while there is one, a Match is not the whole answer (Settled).
	Unchecked []Published
	// Needs are the algorithms to compute next for every digest not
	// compared yet (Verdict.Needs of each), strongest first.
	Needs []*hashing.Algorithm
}

// Settled reports whether every digest published for the file has been
// compared: only then can a Match be the verdict.
func (d Decision) Settled() bool { return len(d.Unchecked) == 0 }

// NameAgrees reports whether, on a Match, the CRC32 in the file's name
// (InName) is among the digests the file matches.
func (d Decision) NameAgrees() bool {
	return d.Outcome == Match && slices.ContainsFunc(d.By, func(p Published) bool { return p.InName })
}

// Decide compares a file's digests computed so far with pubs, the digests
// published for it. The strongest one (Strongest; of equal strength, the
// first in pubs: PublishedFor's order) decides: the verdict waits for its
// algorithm, and the others are compared as their algorithms are
// computed; any that disagrees makes a Conflict. With no pubs the Outcome
// is Unknown and By is empty.
func Decide(pubs []Published, computed []app.Digest) Decision {
	if len(pubs) == 0 {
		return Decision{Outcome: Unknown}
	}
	pubs = Strongest(pubs)
	verdicts := make([]Verdict, len(pubs))
	var matched, mismatched []int
	var unchecked []Published
	var needs []*hashing.Algorithm
	for i, p := range pubs {
		verdicts[i] = p.Expected.Judge(computed)
		switch verdicts[i].Outcome {
		case Match:
			matched = append(matched, i)
		case Mismatch:
			mismatched = append(mismatched, i)
		case Pending:
			unchecked = append(unchecked, p)
			for _, a := range verdicts[i].Needs {
				if !slices.Contains(needs, a) {
					needs = append(needs, a)
				}
			}
		}
	}
	d := decide(pubs, verdicts, matched, mismatched)
	d.Unchecked, d.Needs = unchecked, needs
	return d
}

// decide is Decide's outcome, from each digest's verdict.
func decide(pubs []Published, verdicts []Verdict, matched, mismatched []int) Decision {
	pick := func(idx []int) []Published {
		out := make([]Published, len(idx))
		for k, i := range idx {
			out[k] = pubs[i]
		}
		return out
	}
	switch {
	case len(matched) > 0 && len(mismatched) > 0:
		return Decision{Outcome: Conflict, Verdict: verdicts[matched[0]], By: pick(matched), Against: pick(mismatched)}
	case len(matched) == 0:
		// Not known from the file yet (or it matches none): two digests of
		// the same algorithm that differ are a conflict already.
		for i := range pubs {
			if against := disagreeing(pubs, i); len(against) > 0 {
				return Decision{Outcome: Conflict, Verdict: verdicts[i], By: pubs[i : i+1], Against: pick(against)}
			}
		}
	}
	d := Decision{Outcome: verdicts[0].Outcome, Verdict: verdicts[0], By: pubs[:1]}
	if d.Outcome == Match {
		d.By = pick(matched)
		for _, i := range matched[1:] {
			if a := verdicts[i].Algorithm; !pubs[i].InName && a != d.Verdict.Algorithm && !slices.Contains(d.Agreeing, a) {
				d.Agreeing = append(d.Agreeing, a)
			}
		}
	}
	return d
}

// OtherSources counts the checksum files, other than the deciding one's,
// whose digests the file matches too: files, not entries (a CHECKSUMS
// with five algorithms for it is one).
func (d Decision) OtherSources() int {
	if d.Verdict.Outcome != Match || len(d.By) == 0 {
		return 0
	}
	seen := map[string]bool{absOrSelf(d.By[0].Source): true}
	for _, p := range d.By[1:] {
		if !p.InName { // the file's name is no checksum file
			seen[absOrSelf(p.Source)] = true
		}
	}
	return len(seen) - 1
}

// disagreeing lists the digests after pubs[i] of its one algorithm whose
// value differs.
func disagreeing(pubs []Published, i int) []int {
	a := pubs[i].Expected
	if len(a.Candidates) != 1 {
		return nil
	}
	var out []int
	for j := i + 1; j < len(pubs); j++ {
		b := pubs[j].Expected
		if len(b.Candidates) == 1 && b.Candidates[0] == a.Candidates[0] && !bytes.Equal(a.Sum, b.Sum) {
			out = append(out, j)
		}
	}
	return out
}
