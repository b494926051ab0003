package ui

import (
	"path/filepath"
	"reflect"
	"slices"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// The window decides nothing: judge hands what it knows of the files to
// app/verdict as evidence and renders the report, the headline in the
// banner (headline.go) and each file's verdict on its card.

// judge weighs the files against what was published for them, the pasted
// digest and a comparison, marks the cards, hashes again with an algorithm
// a verdict needs, and sets the banner, at once: the user asked for it (a
// digest pasted, Compare, a checksum file given), or the list is short.
func (w *Window) judge() {
	w.judgeSeq++ // a verdict being decided aside is older: not shown when it lands
	if w.aside != nil {
		<-w.aside // it reads the evidence and the verdicts this judge changes
	}
	rep := verdict.Decide(w.evidence())
	w.showReport(&rep, nil)
}

// judgeSoon judges as judge does, but decides the verdict on a long list
// (decideAsideFrom) on a goroutine of its own and shows it when it lands
// (decided): so are the files judged as they are read (judgeNow). Called
// again meanwhile, it judges again once the verdict has landed.
func (w *Window) judgeSoon() {
	if len(w.files.items) < decideAsideFrom {
		w.judge()
		return
	}
	if w.aside != nil {
		w.judgeAgain = true
		return
	}
	w.judgeSeq++
	seq := w.judgeSeq
	ev := w.evidence()
	kept := w.report.Files
	// Until done is closed neither ev nor kept is written: gather and
	// apply wait for it (judge), or do not run (judgeAgain).
	done := make(chan struct{})
	w.aside = done
	w.background(func() {
		rep := verdict.Decide(ev)
		differs := verdictsDiffer(kept, rep.Files)
		close(done)
		w.do(func() { w.decided(seq, &rep, differs) })
	})
}

// decideAsideFrom is the least list whose verdict is decided aside while
// it is read: below, Decide takes a few milliseconds at most; at 50,000
// files it took 30 ms of the Fyne goroutine each time, and the list
// hitched while it was scrolled or filtered.
const decideAsideFrom = 4096

// verdictsDiffer reports, for each verdict of now, whether it differs
// from the one of then at its place.
func verdictsDiffer(then, now []verdict.FileVerdict) []bool {
	differs := make([]bool, len(now))
	for i := range now {
		differs[i] = i >= len(then) || !then[i].Equal(&now[i])
	}
	return differs
}

// decided shows the report decided aside, unless a judge followed it
// (judge, Clear's among them), and judges again if that was asked
// meanwhile. differs are its verdicts that differ from the ones shown
// when it was asked for.
func (w *Window) decided(seq int, rep *verdict.Report, differs []bool) {
	w.aside = nil
	if seq == w.judgeSeq && len(rep.Files) <= len(w.files.items) {
		w.showReport(rep, differs)
		if len(rep.Files) < len(w.files.items) {
			w.stale = true // files listed since: judged at the next tick
		}
		w.refreshChrome()
	}
	if w.judgeAgain {
		w.judgeAgain = false
		w.judgeSoon()
		w.refreshChrome()
	}
}

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

// showReport renders the engine's report: each file's verdict, the
// comparison's lines and the banner.
func (w *Window) showReport(rep *verdict.Report, differs []bool) {
	w.apply(rep, differs)
	w.judgeComparison()
	w.showHeadline(&w.report)
	w.offer.update()
	w.fitTop()
	w.files.redraw()
}

// apply renders rep. The verdicts are kept in w.report.Files, where the
// items point; a file whose verdict is the one it has keeps it, and only
// the files whose verdict changed are marked, fitted and redrawn: a judge
// of a long list of which a few files changed costs the Fyne goroutine a
// comparison a file, not a card's rendering; the comparison is made aside
// with the verdict when that is decided aside (differs), else here.
func (w *Window) apply(rep *verdict.Report, differs []bool) {
	kept := w.report.Files
	grown := len(kept) != len(rep.Files)    // or cleared: the new report's slice is kept
	items := w.files.items[:len(rep.Files)] // those listed since it was decided are not in it
	for i, it := range items {
		v := &rep.Files[i]
		same := i < len(kept) && it.verdict == &kept[i]
		if same && differs != nil {
			same = !differs[i]
		} else if same {
			same = kept[i].Equal(v)
		}
		if !same && it.verdict.Status != v.Status {
			w.files.rejudged = true // a status filter chooses again
		}
		switch {
		case grown && same:
			*v = kept[i]
			w.pointAt(it, v)
		case grown:
			w.pointAt(it, v)
		case !same:
			kept[i] = *v
			w.pointAt(it, &kept[i])
		}
		if !same {
			w.render(it)
		}
	}
	if grown {
		kept = rep.Files
	}
	rep.Files = kept
	w.report = *rep
	for i, it := range items {
		// A file read since its verdict asked for more is read again now,
		// whether or not its verdict changed, unless it changed since the
		// evidence was gathered (a verdict decided aside): the next judge
		// says what it needs then.
		if v := &kept[i]; len(v.Needs) > 0 && it.finished() && it.state == stateDone && it.gatheredAs(&w.gatheredFiles[i], i, it.gathered.many) {
			w.hashMore(it, v.Needs)
		}
	}
}

// pointAt makes v the verdict of it.
func (w *Window) pointAt(it *fileItem, v *verdict.FileVerdict) {
	it.verdict = v // in the report, not copied: a row keeps 300 bytes less
	it.pasted, it.named, it.sidecar, it.foundAs = v.Pasted, v.Named, nil, nil
	if v.FoundAs >= 0 {
		it.foundAs = w.files.items[v.FoundAs]
	}
	if len(v.Decision.By) > 0 {
		it.sidecar = &v.Decision // in the report: no allocation a file a judge
	}
}

// render marks its rows and fits its card to a new verdict.
func (w *Window) render(it *fileItem) {
	w.marked++
	w.mark(it)
	w.files.fit(it)
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
