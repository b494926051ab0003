package ui

import (
	"slices"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
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
