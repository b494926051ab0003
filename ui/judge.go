package ui

import (
	"path/filepath"
	"slices"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// The window decides nothing: judge hands what it knows of the files to
// app/verdict as evidence and renders the report, the headline in the
// banner (headline.go) and each file's verdict on its card.

// judge weighs the files against what was published for them, the pasted
// digest and a comparison, marks the cards, hashes again with an algorithm
// a verdict needs, and sets the banner.
func (w *Window) judge() {
	w.beforeJudge()
	targets := w.pastedTargets()
	if !w.expected.typed { // compared with what is computed; nothing read again for a typed one
		for _, it := range targets {
			if it.state != stateFailed && it.state != stateCancelled {
				w.prioritise(it)
			}
		}
	}
	ev := w.evidence(targets)
	rep := verdict.Decide(ev)
	w.judged += len(ev.Files)
	w.files.rejudged = true
	w.report = rep
	for i, it := range w.files.items {
		v := &w.report.Files[i] // not copied: a row keeps 300 bytes less
		had := it.sidecar != nil || len(it.marks) > 0 || it.pasted != nil || it.named != nil
		it.verdict = v
		it.pasted, it.named, it.sidecar, it.foundAs = v.Pasted, v.Named, nil, nil
		if v.FoundAs >= 0 {
			it.foundAs = w.files.items[v.FoundAs]
		}
		if len(v.Decision.By) > 0 {
			it.sidecar = &v.Decision // in the report: no allocation a file a judge
		}
		if len(v.Needs) > 0 && it.finished() && it.state == stateDone {
			w.hashMore(it, v.Needs)
		}
		if had || it.sidecar != nil || it.pasted != nil || it.named != nil {
			w.mark(it)
			w.files.fit(it)
		}
	}
	w.judgeComparison()
	w.showHeadline(&rep)
	w.offer.update()
	w.fitTop()
	w.files.redraw()
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

// evidence is the list as the verdict engine's evidence.
func (w *Window) evidence(targets []*fileItem) verdict.Evidence {
	ev := verdict.Evidence{Files: make([]verdict.File, len(w.files.items)), Compare: w.comparingOn(), Sources: w.sources}
	for i, it := range w.files.items {
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
		ev.Files[i] = f
	}
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
	return len(w.files.items) > 1 && (checksum.IsSumsName(filepath.Base(it.path)) || checksum.SignedPath(it.path) != "")
}

// mark puts a tick or a cross beside the rows a verdict compared.
func (w *Window) mark(it *fileItem) {
	clear(it.marks)
	if it.verdict.Disagreement == verdict.PastedVsPublished || it.verdict.Disagreement == verdict.SignatureVsDigest {
		w.files.changed(it) // a disagreement marks no row right or wrong
		return
	}
	var sidecar *checksum.Verdict
	if it.sidecar != nil && it.sidecar.Outcome != checksum.Conflict { // a conflict marks no row right or wrong
		sidecar = &it.sidecar.Verdict
	}
	for _, v := range []*checksum.Verdict{sidecar, it.pasted, it.named} {
		if v == nil {
			continue
		}
		switch v.Outcome {
		case checksum.Match:
			it.marks[v.Algorithm] = checksum.Match
		case checksum.Mismatch:
			for _, a := range v.Compared {
				it.marks[a] = checksum.Mismatch
			}
		}
	}
	w.files.changed(it)
}

// pastedDisagrees reports whether the pasted digest and the digests
// published for it disagree (the verdict engine says so).
func (it *fileItem) pastedDisagrees() bool {
	return it.verdict.Status == verdict.Conflict && it.verdict.Disagreement == verdict.PastedVsPublished
}

// signatureDisagrees names what disagrees with the file's own good
// signature, when the engine says something does: the pasted digest or
// the checksum file that it does not match; "" when nothing does.
func (it *fileItem) signatureDisagrees() (source string, v *checksum.Verdict) {
	if it.verdict.Status != verdict.Conflict || it.verdict.Disagreement != verdict.SignatureVsDigest {
		return "", nil
	}
	if it.pasted != nil && !it.fromFile && it.pasted.Outcome == checksum.Mismatch {
		return tr("the pasted digest"), it.pasted
	}
	if d := it.sidecar; d != nil && len(d.By) > 0 {
		return it.sourceText(d.By[0]), &d.Verdict
	}
	return "", nil
}

// condemned reports whether the engine condemns it: FAILED, a conflict,
// a BAD signature.
func (it *fileItem) condemned() bool { return it.verdict.Status.Condemns() }

// nameOnly reports whether the CRC32 in its name is all that was
// published for it.
func (it *fileItem) nameOnly() bool { return it.named != nil }

// addSources remembers checksum files whose entries name no file there,
// for the files that nothing names (until Clear).
func (w *Window) addSources(sources []verdict.Source) {
	for _, src := range sources {
		if !slices.ContainsFunc(w.sources, func(s verdict.Source) bool { return sameFile(s.Path, src.Path) }) {
			w.sources = append(w.sources, src)
		}
	}
}
