package verdict

import (
	"path/filepath"
	"runtime"
	"slices"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/compare"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/hashing"
)

// MaxRecompute bounds the files read again for the algorithm a pasted
// digest needs: a digest is one file's, and comparing it with a folder of
// thousands is not worth reading them all again.
const MaxRecompute = 32

// Decide weighs ev and returns the verdict on each file and the headline.
func Decide(ev Evidence) Report {
	r := Report{Files: make([]FileVerdict, len(ev.Files))}
	judgeAll(ev.Files, r.Files)
	r.pasted(ev)
	r.renamed(ev)
	for i := range ev.Files {
		v := &r.Files[i]
		if f := &ev.Files[i]; !v.Companion && f.Read.Readable() {
			v.Trust = trustOf(f, v)
		}
		v.Status = status(&ev.Files[i], v, ev.Pasted)
		if v.Status == Conflict {
			v.Disagreement = disagreement(&ev.Files[i], v, ev.Pasted)
		}
		if !v.Companion && v.FoundAs < 0 {
			r.Count[v.Status]++
		}
	}
	var cmp *compare.Result
	if ev.Compare && r.files() >= 2 {
		res := compareFiles(ev, &r)
		cmp = &res
	}
	r.Headline = r.headline(ev, cmp)
	return r
}

// files counts the files judged: companions are not.
func (r *Report) files() int {
	n := 0
	for _, v := range r.Files {
		if !v.Companion {
			n++
		}
	}
	return n
}

// judgeSplit is the number of files from which judgeAll judges them in
// two halves at once. (A variable for tests.)
var judgeSplit = 8192

// judgeAll sets out[i] to judge(&files[i]). A release of many files is
// judged in two halves at once, when there are two processors: judge
// reads one file's evidence and writes its verdict alone, so the verdicts
// are those of one pass.
func judgeAll(files []File, out []FileVerdict) {
	if len(files) < judgeSplit || runtime.GOMAXPROCS(0) < 2 {
		for i := range files {
			out[i] = judge(&files[i])
		}
		return
	}
	half := len(files) / 2
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := half; i < len(files); i++ {
			out[i] = judge(&files[i])
		}
	}()
	for i := range half {
		out[i] = judge(&files[i])
	}
	<-done
}

// judge weighs what was published for one file.
func judge(f *File) FileVerdict {
	v := FileVerdict{Group: -1, FoundAs: -1, Companion: f.Companion}
	if f.Companion || !f.Read.Readable() {
		return v
	}
	sources := f.Published
	if f.InName != nil && len(sources) > 0 {
		// Beside a checksum file the name's CRC32 is one more source, the
		// weakest: it agrees, or it makes a conflict.
		sources = append(slices.Clone(sources), *f.InName)
	}
	if len(sources) > 0 {
		v.Decision = checksum.Decide(sources, f.Digests)
		// Every digest published for it is compared before a verdict
		// (rule 6): the algorithms of those not compared yet are needed,
		// whatever the preset.
		v.need(f, v.Decision.Needs)
		if v.Decision.Outcome == checksum.Match && v.Decision.Settled() {
			v.Genuine = v.Decision.By[0].Authenticity.Trusted()
		}
	} else if f.InName != nil {
		named := f.InName.Expected.Judge(f.Digests)
		v.Named = &named
		if named.Outcome == checksum.Pending {
			v.need(f, named.Needs)
		}
	}
	if f.Signature.Trusted() {
		v.Genuine = true // its own signature covers the very bytes read
	}
	return v
}

// need adds to v.Needs the algorithms of algs that are not computed, not
// being computed and not declined.
func (v *FileVerdict) need(f *File, algs []*hashing.Algorithm) {
	for _, a := range algs {
		if sumOf(f.Digests, a) == nil && !slices.Contains(f.Running, a) && !slices.Contains(f.Declined, a) && !slices.Contains(v.Needs, a) {
			v.Needs = append(v.Needs, a)
		}
	}
}

// pasted compares the expected-digest field with the files it applies to.
// The digest is one file's: once a file matches, the others are not
// suspects, and nothing more is read to compare them; a listed file's
// digest is compared with each other file.
func (r *Report) pasted(ev Evidence) {
	p := ev.Pasted
	if p == nil || p.Digest == nil {
		return
	}
	matched := false
	for _, t := range p.Targets {
		f := &ev.Files[t]
		if t == p.Of || f.Companion || !f.Read.Readable() {
			continue
		}
		v := p.Digest.Judge(f.Digests)
		r.Files[t].Pasted = &v
		matched = matched || v.Outcome == checksum.Match
	}
	recompute := !matched && len(p.Targets) <= MaxRecompute && !p.Typed
	for _, t := range p.Targets {
		v := &r.Files[t]
		switch {
		case v.Pasted == nil:
		case matched && v.Pasted.Outcome != checksum.Match && p.Of < 0:
			v.Pasted = nil
		case v.Pasted.Outcome == checksum.Pending && recompute:
			v.need(&ev.Files[t], v.Pasted.Needs)
		case v.Pasted.Outcome == checksum.Mismatch && p.Of < 0:
			v.Typo = typo(p.Digest, ev.Files[t].Digests)
		}
	}
}

// typo reports whether the digest computed with the pasted digest's
// likeliest algorithm differs from it in one or two hex digits only.
func typo(e *checksum.ExpectedDigest, computed []app.Digest) bool {
	for _, a := range e.Candidates {
		sum := sumOf(computed, a)
		if sum == nil || len(sum) != len(e.Sum) {
			continue
		}
		n := 0
		for i := range sum {
			x := sum[i] ^ e.Sum[i]
			if x&0xf0 != 0 {
				n++
			}
			if x&0x0f != 0 {
				n++
			}
		}
		if n <= 2 {
			return true
		}
	}
	return false
}

// renamed matches each file nothing names (a browser's "ubuntu (1).iso")
// with the entries that name no file present, by its digest: the same
// SHA-256 is the same file, whatever its name. The entries are looked up
// by digest, so a release of many files costs one pass, not one a pair.
func (r *Report) renamed(ev Evidence) {
	var orphans *orphanIndex // made for the first file that needs it
	for i := range ev.Files {
		f, v := &ev.Files[i], &r.Files[i]
		if v.Companion || !f.Read.Readable() || len(f.Published) > 0 || len(f.Digests) == 0 {
			continue
		}
		if orphans == nil {
			orphans = indexOrphans(ev)
		}
		var o *Orphan
		for _, d := range f.Digests {
			if o = orphans.by[orphanKey{d.Algorithm, string(d.Sum)}]; o != nil {
				break
			}
		}
		if o == nil {
			if f.Read == FileDone {
				v.need(f, orphans.algs) // the likeliest algorithm of each, to look for it
			}
			continue
		}
		jv := o.Published.Expected.Judge(f.Digests)
		v.Renamed = o
		v.Decision = checksum.Decision{Outcome: checksum.Match, Verdict: jv, By: []checksum.Published{o.Published}}
		v.Genuine = o.Published.Authenticity.Trusted()
		if row, ok := orphans.rows[o.Path]; ok {
			r.Files[row].FoundAs = i
		}
	}
}

// orphanIndex finds the entries that name no file present by digest.
type orphanIndex struct {
	by   map[orphanKey]*Orphan
	algs []*hashing.Algorithm // the likeliest algorithm of each entry's digest
	rows map[string]int       // the rows of entries whose files are not here, by path
}

type orphanKey struct {
	alg *hashing.Algorithm
	sum string
}

func indexOrphans(ev Evidence) *orphanIndex {
	x := &orphanIndex{by: make(map[orphanKey]*Orphan), rows: make(map[string]int)}
	for i := range ev.Files {
		if ev.Files[i].Read == FileMissing {
			x.rows[ev.Files[i].Path] = i
		}
	}
	for s := range ev.Sources {
		for k := range ev.Sources[s].Orphans {
			o := &ev.Sources[s].Orphans[k]
			e := o.Published.Expected
			a := firstCandidate(e)
			if checksum.Strength(a) <= checksum.Strength(sha1) {
				continue // a weak digest matching by chance, or made to, names nothing
			}
			for _, c := range e.Candidates {
				if key := (orphanKey{c, string(e.Sum)}); x.by[key] == nil {
					x.by[key] = o // the first source's entry, as the list reads
				}
			}
			if !slices.Contains(x.algs, a) {
				x.algs = append(x.algs, a)
			}
		}
	}
	return x
}

var sha1, _ = hashing.Lookup("sha1")

func firstCandidate(e *checksum.ExpectedDigest) *hashing.Algorithm {
	if len(e.Candidates) == 0 {
		return nil
	}
	return e.Candidates[0]
}

// status is the verdict on one file, the worst its evidence gives.
func status(f *File, v *FileVerdict, p *Pasted) Status {
	switch {
	case v.Companion:
		return NotCompared
	case f.Read == FileUnreadable:
		return Unreadable
	case f.Read == FileCancelled:
		return Cancelled
	case f.Read == FileMissing:
		return Missing
	case f.Read == FileRefused:
		return Refused
	case badSignature(f, v):
		return BadSignature
	case signatureDisagrees(f, v, p) || pastedDisagrees(v, p) || v.Decision.Outcome == checksum.Conflict:
		return Conflict
	case v.Decision.Outcome == checksum.Mismatch && len(v.Decision.By) > 0,
		v.Named != nil && v.Named.Outcome == checksum.Mismatch,
		published(p) && v.Pasted != nil && v.Pasted.Outcome == checksum.Mismatch:
		return Failed
	case v.Decision.Outcome == checksum.Pending, !v.Decision.Settled(),
		v.Named != nil && v.Named.Outcome == checksum.Pending,
		published(p) && v.Pasted != nil && v.Pasted.Outcome == checksum.Pending:
		return Pending
	case v.Trust.Unconfirmed() && (v.Decision.Outcome == checksum.Match || f.Signature != nil && f.Signature.Fetched != ""):
		return Unconfirmed // fetched, and not signed as its publisher signs (rule 8)
	case v.Decision.Outcome == checksum.Match,
		v.Named != nil && v.Named.Outcome == checksum.Match,
		published(p) && v.Pasted != nil && v.Pasted.Outcome == checksum.Match:
		return OK
	case f.Signature.Trusted():
		return OK // its own signature covers the very bytes (Arch's, Alpine's ISO.sig)
	case len(f.Unsupported) > 0:
		return NotVerified
	}
	return NotCompared
}

// disagreement says what a Conflict is between.
func disagreement(f *File, v *FileVerdict, p *Pasted) Disagreement {
	switch {
	case signatureDisagrees(f, v, p):
		return SignatureVsDigest
	case pastedDisagrees(v, p):
		return PastedVsPublished
	case nameConflict(v.Decision):
		return NameVsSource
	}
	return SourcesDisagree
}

// published reports whether the field holds a published digest, not a
// listed file's.
func published(p *Pasted) bool { return p != nil && p.Digest != nil && p.Of < 0 }

// badSignature reports whether a signature over the file (its own) or over
// the checksum file its verdict came from is BAD: no match is then worth
// anything (rule 4).
func badSignature(f *File, v *FileVerdict) bool {
	if f.Signature != nil && f.Signature.Verdict.Kind == signature.Bad || v.Trust == FetchedBad {
		return true // fetched, a signature that cannot be read is as bad (rule 8)
	}
	d := v.Decision
	return len(d.By) > 0 && d.By[0].Authenticity != nil && d.By[0].Authenticity.Verdict.Kind == signature.Bad
}

// pastedDisagrees reports whether the pasted digest and the digests
// published for the file disagree: it matches one and not the other. That
// is one verdict, a conflict, never a green and a red.
func pastedDisagrees(v *FileVerdict, p *Pasted) bool {
	if !published(p) || v.Pasted == nil || len(v.Decision.By) == 0 {
		return false
	}
	a, b := v.Pasted.Outcome, v.Decision.Outcome
	return a == checksum.Match && b == checksum.Mismatch || a == checksum.Mismatch && b == checksum.Match
}

// signatureDisagrees reports whether the file's own signature is good, by
// a key Hashdrop trusts, and a digest published for it (pasted, or in a
// checksum file) does not match it.
func signatureDisagrees(f *File, v *FileVerdict, p *Pasted) bool {
	if !f.Signature.Trusted() {
		return false
	}
	return published(p) && v.Pasted != nil && v.Pasted.Outcome == checksum.Mismatch ||
		len(v.Decision.By) > 0 && v.Decision.Outcome == checksum.Mismatch
}

// publishedCondemns reports whether what was published for the file (not a
// pasted digest) says it must not be used.
func publishedCondemns(f *File, v *FileVerdict) bool {
	d := v.Decision
	return badSignature(f, v) || len(d.By) > 0 && (d.Outcome == checksum.Mismatch || d.Outcome == checksum.Conflict) ||
		v.Named != nil && v.Named.Outcome == checksum.Mismatch
}

// pastedCondemns reports whether the pasted digest condemns the file: it
// does not match it, or it and what else was published for it disagree.
func pastedCondemns(f *File, v *FileVerdict, p *Pasted) bool {
	return published(p) && v.Pasted != nil && v.Pasted.Outcome == checksum.Mismatch ||
		pastedDisagrees(v, p) || signatureDisagrees(f, v, p) && published(p) && v.Pasted != nil
}

// compareFiles compares the files with each other and sets their groups.
func compareFiles(ev Evidence, r *Report) compare.Result {
	var files []compare.File
	var idx []int
	for i, f := range ev.Files {
		if r.Files[i].Companion {
			continue
		}
		idx = append(idx, i)
		files = append(files, compare.File{Size: f.Size, Digests: f.Digests,
			Done: f.Read != FileWaiting && f.Read != FileReading, Failed: !f.Read.Readable()})
	}
	res := compare.Compare(files)
	for g := range res.Groups {
		for k, m := range res.Groups[g] {
			res.Groups[g][k] = idx[m]
			r.Files[idx[m]].Group = g
		}
	}
	return res
}

// besideFile reports whether the checksum file of p lies beside the file.
func besideFile(f *File, p checksum.Published) bool {
	return filepath.Dir(p.Source) == filepath.Dir(f.Path)
}

// sumOf is the digest computed with a, or nil.
func sumOf(ds []app.Digest, a *hashing.Algorithm) []byte {
	for _, d := range ds {
		if d.Algorithm == a {
			return d.Sum
		}
	}
	return nil
}
