package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

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
}

// maxSidecars bounds how many checksum files one folder may make
// FindPublished read (a Downloads folder can hold hundreds of *.md5).
const maxSidecars = 64

// FindPublished looks in the folder of the file at path for checksum files
// that list it: its own sidecars (F.sha256, F.md5, F.sha256sum, F.DIGESTS,
// ...; a bare digest in them counts) and the shared ones (SHA256SUMS,
// SHA512SUMS, MD5SUMS, CHECKSUM, CHECKSUMS, *.DIGESTS, *-CHECKSUM, *.sfv,
// *.md5, ...). Own sidecars come first, then the others in name order.
// Checksum files that cannot be read are returned as errors beside the
// digests found in the others.
func FindPublished(path string) ([]Published, []error) {
	return FindPublishedSigned(path, nil)
}

// FindPublishedSigned is FindPublished that also checks each checksum
// file's signatures (its own, and those beside it: SHA256SUMS.gpg, ...)
// against ring, unless ring is nil.
func FindPublishedSigned(path string, ring *signature.Keyring) ([]Published, []error) {
	target, err := filepath.Abs(path)
	if err != nil {
		return nil, []error{fileError(path, err)}
	}
	dir, base := filepath.Split(target)
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil, []error{fileError(filepath.Dir(path), err)}
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
		if info, err := os.Stat(src); err != nil || !info.Mode().IsRegular() {
			continue
		}
		var sf *SumsFile
		if ring != nil {
			sf, err = ReadSignedSums(src, ring)
		} else {
			sf, err = ReadSumsFile(src)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		found = append(found, publishedIn(sf, target, base, i < len(own))...)
	}
	return found, errs
}

// publishedIn picks the entries of sf that list the file target. An own
// sidecar may list it by base name only (it was often made elsewhere) or
// hold nothing but the digest.
func publishedIn(sf *SumsFile, target, base string, own bool) []Published {
	var out []Published
	for i := range sf.Entries {
		e := &sf.Entries[i]
		if e.Unsupported != "" {
			continue
		}
		p, _ := filepath.Abs(sf.Resolve(e))
		if p == target || own && filepath.Base(filepath.FromSlash(strings.ReplaceAll(e.Name, `\`, "/"))) == base {
			out = append(out, Published{Expected: e.Expected(), Source: sf.Path, Line: e.Line, Signed: sf.Signed, Authenticity: sf.Authenticity})
		}
	}
	if !own || len(sf.Entries) > 0 || len(sf.Problems) != 1 {
		return out
	}
	// "ubuntu.iso.sha256" holding just the digest, on its only line.
	pr := sf.Problems[0]
	if e, err := decodeDigest(strings.TrimSpace(pr.Text), sf.Hint); err == nil {
		out = append(out, Published{Expected: &e, Source: sf.Path, Line: pr.Line, Signed: sf.Signed, Authenticity: sf.Authenticity})
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
