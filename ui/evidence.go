package ui

import (
	"reflect"
	"slices"

	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// What the window knows of the files, gathered for app/verdict as its
// evidence (judge.go renders the report). A file's evidence is kept and
// gathered again only when what it is made of changed.

// evidence readies the files for a judge and gathers what is known of
// them, and of the pasted digest, for the verdict engine.
func (w *Window) evidence() verdict.Evidence {
	w.beforeJudge()
	targets := w.pastedTargets()
	if !w.expected.typed { // compared with what is computed; nothing read again for a typed one
		for _, it := range targets {
			if it.state != stateFailed && it.state != stateCancelled {
				w.prioritise(it)
			}
		}
	}
	ev := w.gather(targets)
	w.judged += len(ev.Files)
	return ev
}

// pastedTargets are the files the expected-digest field is compared with,
// of those it was pasted for (verdict.PastedTargets has the rule).
func (w *Window) pastedTargets() []*fileItem {
	e := w.expected.parsed
	if e == nil {
		return nil
	}
	var pastedFor []*fileItem
	var paths []string
	for _, it := range w.files.items {
		if w.expected.forItems[it] {
			pastedFor = append(pastedFor, it)
			paths = append(paths, it.path)
		}
	}
	var targets []*fileItem
	for _, i := range verdict.PastedTargets(e, paths) {
		targets = append(targets, pastedFor[i])
	}
	return targets
}

// gather is the list as the verdict engine's evidence. Each file's is
// kept (Window.gathered, fileItem.gathered) and gathered again only when what it
// is made of changed: the Fyne goroutine does not rebuild the evidence of
// thousands of files read already at each judge of a long list.
func (w *Window) gather(targets []*fileItem) verdict.Evidence {
	items := w.files.items
	if n := len(items) - len(w.gatheredFiles); n > 0 {
		w.gatheredFiles = slices.Grow(w.gatheredFiles, n)
	}
	files := w.gatheredFiles[:len(items)]
	many := len(items) > 1
	for i, it := range items {
		if f := &files[i]; !it.gatheredAs(f, i, many) {
			*f = w.fileEvidence(it)
			it.gathered = evidenceKey{made: true, at: i, many: many, jobSeq: it.jobSeq, digests: len(it.digests), rows: it.rows}
			w.gathered++
		}
	}
	w.gatheredFiles = files
	ev := verdict.Evidence{Files: files, Compare: w.comparingOn(), Sources: w.sources}
	if e := w.expected; e.problem != "" {
		ev.Pasted = &verdict.Pasted{Problem: errNotDigest, Of: -1}
	} else if e.parsed != nil {
		p := &verdict.Pasted{Digest: e.parsed, Typed: e.typed, Of: -1}
		for _, it := range targets {
			p.Targets = append(p.Targets, it.index)
		}
		if w.fromFile() {
			p.Of = w.cmp.source.index
		}
		ev.Pasted = p
	}
	return ev
}

// fileEvidence is what is known of it, for the verdict.
func (w *Window) fileEvidence(it *fileItem) verdict.File {
	f := verdict.File{Path: it.path, Read: it.read(), Err: it.err, Size: it.size, Digests: it.computed(),
		Declined: it.declined, Signature: it.ownSig, Unsupported: it.unsupported}
	if it.job != nil {
		f.Running = it.jobAlgs
	}
	if f.Read.Readable() {
		f.Published = it.published
		f.InName = w.inName(it)
	}
	f.Companion = w.companion(it)
	return f
}

// evidenceKey is what a file's evidence was gathered from, besides what
// it holds itself (fileEvidence): its place in the list, whether the list
// held other files, and which digests it had (a job's digests come with
// the job's end; jobSeq counts the jobs).
type evidenceKey struct {
	made    bool
	at      int
	many    bool
	jobSeq  int
	digests int
	rows    []*hashing.Algorithm
}

// gatheredAs reports whether f, gathered for it at i, is still its
// evidence in a list of more than one file (many) or not.
func (it *fileItem) gatheredAs(f *verdict.File, i int, many bool) bool {
	k := &it.gathered
	return k.made && k.at == i && k.many == many && k.jobSeq == it.jobSeq && k.digests == len(it.digests) &&
		sameSlice(k.rows, it.rows) && f.Path == it.path && f.Read == it.read() && sameErr(f.Err, it.err) &&
		f.Size == it.size && sameSlice(f.Declined, it.declined) && f.Signature == it.ownSig &&
		sameSlice(f.Unsupported, it.unsupported) && (it.job == nil && f.Running == nil || it.job != nil && sameSlice(f.Running, it.jobAlgs)) &&
		(!f.Read.Readable() || sameSlice(f.Published, it.published))
}

// sameSlice reports whether a and b are the same slice: the same elements
// of one array.
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sameErr reports whether a and b are the same error value: nil, or one
// pointer. Others are never the same (gathered again), for == would panic
// on an error whose type cannot be compared.
func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Type() == vb.Type() && va.Kind() == reflect.Pointer && va.Pointer() == vb.Pointer()
}

type notDigest struct{}

func (notDigest) Error() string { return "not a digest" }

var errNotDigest error = notDigest{}

// read is where the reading of the file is, for the verdict.
func (it *fileItem) read() verdict.Read {
	switch it.state {
	case stateWaiting:
		return verdict.FileWaiting
	case stateHashing:
		return verdict.FileReading
	case stateFailed:
		if it.refused {
			return verdict.FileRefused
		}
		return verdict.FileUnreadable
	case stateCancelled:
		return verdict.FileCancelled
	case stateMissing:
		return verdict.FileMissing
	}
	if it.job != nil {
		return verdict.FileReading
	}
	return verdict.FileDone
}

// companion reports whether it is a checksum file or a signature listed
// among other files (one the release's reading could not use, or one read
// as a file of its own): no one publishes digests of them, and they are
// not counted.
func (w *Window) companion(it *fileItem) bool {
	return len(w.files.items) > 1 && it.companionName
}
