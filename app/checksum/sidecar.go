package checksum

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/hashing"
)

// Published is an expected digest found next to a file, so that hashing a
// download verifies it without a paste.
type Published struct {
	Expected *ExpectedDigest
	Source   string // the checksum file it was read from
	Line     int    // 1-based line in Source
	// Signed is set when the digest came from the signed part of Source (a
	// PGP clear-signed message, signify's embedded message).
	Signed bool
	// Authenticity is the verdict on Source's signatures (FindPublishedSigned);
	// nil when they were not checked.
	Authenticity *Authenticity
	// InName is set on the CRC32 the file's own name carries (InName):
	// Source is then the file itself, Line 0.
	InName bool
	// Fetched is the HTTPS URL Source was fetched from (app/release.Fetch):
	// Source is then a copy in a temporary folder. "" for a file on the disk.
	Fetched string
	// Signs: fetched from a publisher who signs that checksum file (its
	// row names a signature), so a missing signature is a fault, not the
	// publisher's way.
	Signs bool
}

// maxSidecars bounds how many checksum files one folder may make
// findPublished read (a Downloads folder can hold hundreds of *.md5).
const maxSidecars = 64

// findPublished looks in the folder of the file at path for checksum files
// that list it: its own sidecars (F.sha256, F.md5, F.sha256sum, F.DIGESTS,
// ...; a bare digest in them counts) and the shared ones (SHA256SUMS,
// SHA512SUMS, MD5SUMS, CHECKSUM, CHECKSUMS, *.DIGESTS, *-CHECKSUM, *.sfv,
// *.md5, ...). Own sidecars come first, then the others in name order.
// Checksum files that cannot be read are returned as errors beside the
// digests found in the others.
func findPublished(path string) ([]Published, []error) {
	return FindPublishedSigned(path, nil)
}

// FindPublishedSigned is findPublished that also checks each checksum
// file's signatures (its own, and those beside it: SHA256SUMS.gpg, ...)
// against ring, unless ring is nil.
func FindPublishedSigned(path string, ring *signature.Keyring) ([]Published, []error) {
	target, err := filepath.Abs(path)
	if err != nil {
		return nil, []error{app.FileErrorOf(path, err)}
	}
	dir, base := filepath.Split(target)
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil, []error{app.FileErrorOf(filepath.Dir(path), err)}
	}
	var own, shared []string
	for _, de := range list {
		name := de.Name()
		if name == base || de.IsDir() {
			continue
		}
		switch {
		case isOwnSidecar(name, base):
			own = append(own, name)
		case isSharedSums(name):
			shared = append(shared, name)
		}
	}
	var found []Published
	var errs []error
	for i, name := range append(own, shared...) {
		if i == maxSidecars {
			break
		}
		src := filepath.Join(filepath.Dir(path), name)
		info, err := os.Stat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		isOwn := i < len(own)
		if !isOwn && info.Size() > rereadAbove {
			x, again, err := bigSums.index(src, info, ring)
			switch {
			case err != nil:
				errs = append(errs, err)
			case again:
				found = append(found, x.Published(target)...) // the rule for a file in its folder: by path
			default:
				found = append(found, publishedIn(x.File(), target, base, false)...)
			}
			continue
		}
		sf, err := readSumsSignedBy(src, ring, true)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		found = append(found, publishedIn(sf, target, base, isOwn)...)
	}
	return found, errs
}

// readSumsSignedBy is readSignedSums, or with no ring ReadFile; stream
// keeps the entries out of memory (see File.EntryCount).
func readSumsSignedBy(path string, ring *signature.Keyring, stream bool) (*File, error) {
	how := keepEntries
	if stream {
		how = streamEntries
	}
	if ring != nil {
		return readSignedSums(path, ring, how)
	}
	sf, _, _, err := readSumsAs(path, how)
	return sf, err
}

// bigSums remembers the large shared checksum files findPublished read,
// indexed, while they stay as they are on the disk: the files of a folder
// next to one SHA256SUMS of millions of lines are looked up in it without
// reading it again for each, or ever keeping its entries in memory.
var bigSums sumsCache

// sumsCache is a few checksum files read, with their index, the last used
// first.
type sumsCache struct {
	mu    sync.Mutex
	files []cachedSums
}

// cachedSums is a checksum file read from the disk as it was then (info),
// checked against ring with the signature files beside it as they were
// (sigs).
type cachedSums struct {
	info os.FileInfo
	ring *signature.Keyring
	sigs string
	x    *Index
}

// sigState says what signature files are beside the checksum file at path
// (SignatureFiles), with their sizes and times: one downloaded or changed
// since it was read changes the verdict on its signature.
func sigState(path string) string {
	var b strings.Builder
	for _, s := range signatureSuffixes {
		if st, err := os.Stat(path + s); err == nil {
			fmt.Fprintf(&b, "%s %d %d;", s, st.Size(), st.ModTime().UnixNano())
		}
	}
	return b.String()
}

// maxCachedSums bounds the checksum files a sumsCache keeps: a folder may
// hold a few (SHA256SUMS, SHA512SUMS, MD5SUMS), each of up to
// MaxFileSize and 4 bytes an entry once indexed.
const maxCachedSums = 4

// index returns the index of the checksum file at path (whose Stat is
// info) read with ring, reading it unless it was read as it is now; again
// says it was. A file is looked up in a checksum file read for it by
// going through the entries, a second in the index (made then, Index.Build):
// one ISO beside a SHA256SUMS of millions of lines never needs the 12
// bytes an entry that making it takes.
func (c *sumsCache) index(path string, info os.FileInfo, ring *signature.Keyring) (x *Index, again bool, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sigs := ""
	if ring != nil {
		sigs = sigState(path)
	}
	for i, f := range c.files {
		if f.x.Path() != path {
			continue
		}
		if f.ring == ring && f.sigs == sigs && os.SameFile(f.info, info) && f.info.Size() == info.Size() && f.info.ModTime().Equal(info.ModTime()) && !f.x.Changed() {
			copy(c.files[1:i+1], c.files[:i])
			c.files[0] = f
			return f.x, true, nil
		}
		c.files = slices.Delete(c.files, i, i+1)
		break
	}
	sf, err := readSumsSignedBy(path, ring, true)
	if err != nil {
		return nil, false, err
	}
	x = newIndex(sf)
	if sf.fileText() == nil {
		return x, false, nil // kept whole (UTF-16, signed inside): not kept here too
	}
	c.files = slices.Insert(c.files, 0, cachedSums{info: info, ring: ring, sigs: sigs, x: x})
	c.files = c.files[:min(len(c.files), maxCachedSums)]
	return x, false, nil
}

// ReadIndexKept is ReadIndex for a caller that goes through every entry
// at once and keeps no index for long (hashdrop verify): a checksum file of
// up to KeptMax bytes keeps its entries in memory, so that going through
// them (File.All) parses nothing again; a larger one is ReadIndex's.
func ReadIndexKept(path string, ring *signature.Keyring) (*Index, error) {
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() && info.Size() <= KeptMax {
		sf, err := readSignedSums(path, ring, keepEntries)
		if err != nil {
			return nil, err
		}
		return newIndex(sf), nil
	}
	return ReadIndex(path, ring)
}

// KeptMax is the largest checksum file ReadIndexKept keeps the entries
// of: about 180,000 entries of SHA-256, 30 MB in memory.
const KeptMax = 16 << 20

// ReadIndex reads the checksum file at path, given for the files it
// lists, and checks its signatures against ring (ReadSignedStreamed),
// with its index to be made (newIndex). A large one read already for
// the files beside it, and as it is now, is not read again, nor its index
// made twice.
func ReadIndex(path string, ring *signature.Keyring) (*Index, error) {
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() && info.Size() > rereadAbove {
		x, _, err := bigSums.index(path, info, ring)
		return x, err
	}
	sf, err := ReadSignedStreamed(path, ring)
	if err != nil {
		return nil, err
	}
	return newIndex(sf), nil
}

// publishedIn picks the entries of sf that list the file target. An own
// sidecar may list it by base name only (it was often made elsewhere) or
// hold nothing but the digest.
func publishedIn(sf *File, target, base string, own bool) []Published {
	var out []Published
	for _, e := range sf.All() {
		// A name that leads to the file holds its base name (and an
		// entry's path is only worked out for those).
		if e.Unsupported != "" || !strings.Contains(e.Name, base) {
			continue
		}
		p, _ := filepath.Abs(sf.Resolve(e))
		if p == target || own && filepath.Base(filepath.FromSlash(strings.ReplaceAll(e.Name, `\`, "/"))) == base {
			out = append(out, Published{Expected: e.Expected(), Source: sf.Path, Line: e.Line, Signed: sf.Signed, Authenticity: sf.Authenticity, Fetched: sf.Fetched, Signs: sf.Signs})
		}
	}
	if !own || sf.EntryCount > 0 || len(sf.Problems) != 1 {
		return out
	}
	// "ubuntu.iso.sha256" holding just the digest, on its only line.
	pr := sf.Problems[0]
	if e, err := decodeDigest(strings.TrimSpace(pr.Text), sf.Hint); err == nil {
		out = append(out, Published{Expected: &e, Source: sf.Path, Line: pr.Line, Signed: sf.Signed, Authenticity: sf.Authenticity, Fetched: sf.Fetched, Signs: sf.Signs})
	}
	return out
}

// isOwnSidecar reports whether name is a checksum file made for base alone:
// base + ".sha256", ".md5", ".sha256sum", ".sha256.txt", ".DIGESTS", ...
func isOwnSidecar(name, base string) bool {
	if len(name) <= len(base)+1 || !strings.EqualFold(name[:len(base)], base) || name[len(base)] != '.' {
		return false
	}
	rest := strings.ToLower(name[len(base)+1:])
	return hintFromName(name) != nil || slices.Contains([]string{"digests", "checksum", "checksums", "sums", "digest"}, rest)
}

// IsSumsName reports whether a file's base name says it is a checksum file
// (SHA256SUMS, MD5SUMS, sha256sum.txt, CHECKSUM, *-CHECKSUM, *.DIGESTS,
// *.sha256, *.md5, *.sfv, B2SUMS, ...), which the window opens in its
// checksum-file view rather than hashing it. It is the one judge of such
// names: sidecar discovery and the checksum file's hint read them the same.
func IsSumsName(name string) bool {
	n := strings.ToLower(name)
	switch {
	case n == "sha256.sig" || n == "sha512.sig":
		return true // OpenBSD's signify file, the signed lines inside it
	case strings.HasSuffix(n, ".asc"), strings.HasSuffix(n, ".sig"):
		return false // a signature, or a signed copy: hashed as a file
	case strings.HasPrefix(n, "shasums"), n == "shasum", n == "shasum.txt":
		return true // SHASUMS, Node's SHASUMS256.txt: untagged, told by length
	case isSharedSums(name):
		return true
	}
	_, unsupported := nameHint(name) // B2SUMS, x.blake3: checked, entries skipped
	return unsupported != ""
}

// isSharedSums reports whether name is a checksum file that may list
// several files: SHA256SUMS, MD5SUMS, CHECKSUM, CHECKSUMS, *.DIGESTS,
// *-CHECKSUM, or any *.md5 / *.sha256 / *.sfv file.
func isSharedSums(name string) bool {
	n := strings.ToLower(name)
	switch {
	case n == "sha256" || n == "sha512" || n == "sha256.sig" || n == "sha512.sig":
		return true // OpenBSD's, the .sig with the signed lines embedded
	case isChecksumName(n), // CHECKSUM, CHECKSUMS, FreeBSD's CHECKSUM.SHA256-FreeBSD-14.0-...
		strings.HasSuffix(n, ".digests"), strings.HasSuffix(n, "-checksum"), strings.HasSuffix(n, "-checksums"):
		return true
	}
	return hintFromName(name) != nil
}

// isChecksumName reports whether n (lower case) is CHECKSUM or CHECKSUMS,
// alone, as .txt, or followed by the algorithm (FreeBSD's
// CHECKSUM.SHA256-FreeBSD-14.0-RELEASE-amd64); checksum.go is not.
func isChecksumName(n string) bool {
	rest, ok := strings.CutPrefix(n, "checksums")
	if !ok {
		if rest, ok = strings.CutPrefix(n, "checksum"); !ok {
			return false
		}
	}
	if rest == "" || rest == ".txt" {
		return true
	}
	alg, _, _ := strings.Cut(strings.TrimPrefix(rest, "."), "-")
	_, known := hashing.Lookup(alg)
	return strings.HasPrefix(rest, ".") && known
}
