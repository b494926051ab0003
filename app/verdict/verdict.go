// Package verdict decides what Hashdrop says about the files it was given:
// one verdict a file and one headline for them all. It is the one place the
// rules of the design's "The verdict, in rules" live. Evidence goes
// in as values (the files with the digests computed so far and what was
// published for them: checksum files, the CRC32 in a name, signatures, a
// pasted digest, a comparison asked for); a Report comes out as values.
// The window and the command line word it; neither decides anything.
//
// Decide reads nothing and hashes nothing: it says which algorithms a file
// still needs (FileVerdict.Needs), and the caller computes them and asks
// again. It is cheap enough to call on every change.
package verdict

import (
	"slices"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// Read is where the reading of a file is.
type Read int

const (
	FileWaiting    Read = iota // queued
	FileReading                // being read; some digests may be known
	FileDone                   // read whole: its digests are known
	FileUnreadable             // it exists but could not be read (File.Err says why)
	FileCancelled              // the user stopped reading it
	FileMissing                // a checksum file lists it and there is no such file
	FileRefused                // listed, but outside the checksum file's folder or not a regular file
)

// Readable reports whether the file's digests are, or will be, known.
func (r Read) Readable() bool { return r == FileWaiting || r == FileReading || r == FileDone }

// File is what is known of one file.
type File struct {
	Path string
	Read Read
	Err  error // why it is Unreadable, Missing or Refused; may be nil
	Size int64 // from stat; -1 when not known

	Digests  []app.Digest         // computed so far
	Running  []*hashing.Algorithm // being computed now
	Declined []*hashing.Algorithm // computing them again was cancelled: not asked for again

	// Published are the digests published for it in checksum files (beside
	// it, given for it, or the entry it is a row of), any order.
	Published []checksum.Published
	// InName is the CRC32 its name carries ("[Group] Title [BC5B1138].mkv"),
	// nil when none.
	InName *checksum.Published
	// Unsupported names the algorithms of digests published for it that
	// Hashdrop cannot compute: alone, they leave it not verified.
	Unsupported []string
	// Signature is the verdict on its own signature (ubuntu.iso.sig), nil
	// when it has none.
	Signature *checksum.Authenticity
	// Companion marks a checksum file or a signature given among the files
	// (a release folder's SHA256SUMS): evidence, not a file to judge.
	Companion bool
}

// Pasted is the expected-digest field: a digest pasted or typed, or a
// listed file's digest put there to compare the others with it.
type Pasted struct {
	Digest  *checksum.ExpectedDigest // nil when Problem is set
	Problem error                    // the text is not a digest Hashdrop can compare
	// Targets are the indices of the files it is compared with.
	Targets []int
	// Typed: typed, not pasted; nothing is read again for it (rule 3).
	Typed bool
	// Of is the index of the file whose digest it is (a comparison of
	// copies, never a publisher's digest), or -1.
	Of int
}

// Evidence is everything Decide weighs.
type Evidence struct {
	Files  []File
	Pasted *Pasted // nil when the field is empty
	// Compare: the user asked to compare the files with each other.
	Compare bool
	// Sources are the checksum files in play (beside the files, given,
	// found in a release folder), for matching a renamed download by its
	// digest and for the headline's "N files it lists are not here".
	Sources []Source
}

// Source is a checksum file in play.
type Source struct {
	Path string
	// Orphans are its entries that name no file present: a file renamed by
	// a browser ("ubuntu (1).iso") may match one of them by its digest.
	Orphans []Orphan
}

// Orphan is an entry of a checksum file that names no file present.
type Orphan struct {
	Name      string // as the entry names it
	Path      string // the file it would be
	Published checksum.Published
}

// Status is a file's verdict, from best to worst: Worse orders them.
type Status int

const (
	NotCompared  Status = iota // nothing was published for it (rule 1: counted, visibly)
	OK                         // it matches what was published for it
	Pending                    // a digest the verdict needs is not computed yet
	NotVerified                // only digests of algorithms Hashdrop lacks were published
	Unconfirmed                // it matches what was fetched, but that is not signed as its publisher signs (rule 8)
	Missing                    // listed, not here: a detail beside files present (rule 5)
	Cancelled                  // the user stopped reading it
	Unreadable                 // it could not be read
	Refused                    // listed outside its checksum file's folder, or not a regular file
	Failed                     // it does NOT match what was published for it
	Conflict                   // what was published for it disagrees
	BadSignature               // a signature over it or its checksum file is BAD

	NumStatus = iota
)

var statusNames = [...]string{"not-compared", "ok", "pending", "not-verified", "unconfirmed", "missing", "cancelled",
	"unreadable", "refused", "failed", "conflict", "bad-signature"}

// String is a stable identifier, for logs, tests and --json.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

// Condemns reports whether the status says the file must not be used.
func (s Status) Condemns() bool { return s == Failed || s == Conflict || s == BadSignature }

// Unread reports whether the file was not, and will not be, read whole.
func (s Status) Unread() bool { return s == Unreadable || s == Refused || s == Cancelled }

// FileVerdict is the verdict on one file.
type FileVerdict struct {
	Status Status
	// Decision weighs the digests published for it (and the CRC32 in its
	// name beside them); Outcome Unknown when none was.
	Decision checksum.Decision
	// Pasted is the file against the expected-digest field, nil when the
	// field is not compared with it.
	Pasted *checksum.Verdict
	// Named is the file against the CRC32 in its name when nothing else
	// was published for it, nil otherwise.
	Named *checksum.Verdict
	// Renamed is the entry it matches by its digest when no entry names
	// it (a browser's "ubuntu (1).iso"), nil when none.
	Renamed *Orphan
	// FoundAs is, for a file a checksum file lists that is not here, the
	// index of the file that matches its entry by digest (listed under
	// another name: Renamed); -1 otherwise. It is not counted as Missing.
	FoundAs int
	// Needs are the algorithms to compute for its verdict, not running
	// and not declined: compute them (reading it again once it is read)
	// and decide again.
	Needs []*hashing.Algorithm
	// Genuine: a signature by a key Hashdrop trusts covers the digest it
	// matches (rule 4).
	Genuine bool
	// Trust is, when what decided was fetched from its publisher, what its
	// signature is worth (rule 8); NotFetched otherwise.
	Trust Trust
	// Group is its group when the files are compared with each other
	// (Report.Compare), -1 otherwise.
	Group int
	// Typo: on a mismatch with a pasted digest of its algorithm, the two
	// differ in one or two digits only: a typing slip is likelier than a
	// damaged file.
	Typo bool
	// Companion: a checksum file or signature among the files, not judged.
	Companion bool
	// Disagreement says, on a Conflict, what disagrees.
	Disagreement Disagreement
}

// Disagreement is what a Conflict is between.
type Disagreement int

const (
	NoDisagreement    Disagreement = iota
	PastedVsPublished              // the pasted digest and a checksum file
	SignatureVsDigest              // the file's good signature and a digest published for it
	SourcesDisagree                // two checksum files
	NameVsSource                   // a checksum file and the CRC32 in the name
)

// Report is Decide's answer.
type Report struct {
	Headline Headline
	Files    []FileVerdict
	// Count is how many files (not checksum-file entries) have each status;
	// companions are not counted, nor the entries a file here matches
	// under another name (FoundAs).
	Count [NumStatus]int
}

// Worst are the indices of the files, worst first (then in list order):
// what a "worst first" view shows.
func (r *Report) Worst() []int {
	idx := make([]int, 0, len(r.Files))
	for s := NumStatus - 1; s >= 0; s-- {
		for i, f := range r.Files {
			if f.Status == Status(s) && !f.Companion {
				idx = append(idx, i)
			}
		}
	}
	return idx
}

// With lists the indices of the files of status s, in list order: a
// filter by verdict.
func (r *Report) With(s Status) []int {
	var idx []int
	for i, f := range r.Files {
		if f.Status == s && !f.Companion {
			idx = append(idx, i)
		}
	}
	return idx
}

// Equal reports whether v and o are the same verdict, field by field (the
// digests and checksum files they name by identity): a window that shows
// v need not draw o.
func (v *FileVerdict) Equal(o *FileVerdict) bool {
	return v.Status == o.Status && sameDecision(&v.Decision, &o.Decision) &&
		sameVerdict(v.Pasted, o.Pasted) && sameVerdict(v.Named, o.Named) &&
		(v.Renamed == o.Renamed || v.Renamed != nil && o.Renamed != nil && *v.Renamed == *o.Renamed) &&
		v.FoundAs == o.FoundAs && slices.Equal(v.Needs, o.Needs) && v.Genuine == o.Genuine && v.Trust == o.Trust &&
		v.Group == o.Group && v.Typo == o.Typo && v.Companion == o.Companion && v.Disagreement == o.Disagreement
}

func sameDecision(a, b *checksum.Decision) bool {
	return a.Outcome == b.Outcome && sameVerdict(&a.Verdict, &b.Verdict) && slices.Equal(a.By, b.By) &&
		slices.Equal(a.Against, b.Against) && slices.Equal(a.Agreeing, b.Agreeing) &&
		slices.Equal(a.Unchecked, b.Unchecked) && slices.Equal(a.Needs, b.Needs)
}

func sameVerdict(a, b *checksum.Verdict) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Outcome == b.Outcome && a.Algorithm == b.Algorithm && slices.Equal(a.Compared, b.Compared) &&
		slices.Equal(a.Needs, b.Needs) && a.Weak == b.Weak && a.Expected == b.Expected
}
