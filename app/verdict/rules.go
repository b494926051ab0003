package verdict

import (
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/compare"
	"github.com/hashdrop/hashdrop/app/signature"
)

// headline sums the files' verdicts up, the worst first. What was
// published for a file that condemns it outranks any match and any
// comparison (rules 4 and 5); a file that could not be read leaves no
// green headline.
func (r *Report) headline(ev Evidence, cmp *compare.Result) Headline {
	h := r.decided(ev, cmp)
	if h.Green() && (r.condemned(ev, false) || r.unsettled(ev)) {
		// Never a green over a condemned file, nor before every digest
		// published for each file is compared (rule 6).
		h = r.publishedHeadline(ev)
	}
	if unread := r.unread(); len(unread) > 0 && (h.Green() || h.Reason == NoVerdict) {
		h = headline(NotAllRead, unread...)
	}
	return h
}

// decided is the headline before the guards of headline.
func (r *Report) decided(ev Evidence, cmp *compare.Result) Headline {
	p := ev.Pasted
	fromFile := p != nil && p.Digest != nil && p.Of >= 0
	if cmp != nil || fromFile {
		switch {
		case !r.condemned(ev, cmp != nil):
			if cmp != nil {
				return compareHeadline(*cmp)
			}
			return r.sourceHeadline(ev)
		case fromFile && cmp == nil:
			return r.publishedHeadline(ev) // the field holds a listed file's digest, not a published one
		}
		// A digest pasted before Compare, or the checksum files, decide.
	}
	if p != nil && p.Problem != nil {
		return headline(NotADigest)
	}
	if p == nil || p.Digest == nil || p.Of >= 0 ||
		!r.anyTarget(ev, pastedCondemns) && r.condemned(ev, false) {
		// A match with the pasted digest never turns the headline green
		// over a file that fails what was published for it.
		return r.publishedHeadline(ev)
	}
	return r.pastedHeadline(ev)
}

// condemned reports whether what was published for some file condemns it;
// with pasted, what the pasted digest says of it counts too.
func (r *Report) condemned(ev Evidence, pasted bool) bool {
	for i := range ev.Files {
		f, v := &ev.Files[i], &r.Files[i]
		if !v.Companion && (publishedCondemns(f, v) || pasted && pastedCondemns(f, v, ev.Pasted)) {
			return true
		}
	}
	return false
}

// unsettled reports whether a digest published for a readable file is not
// compared yet.
func (r *Report) unsettled(ev Evidence) bool {
	for i := range ev.Files {
		if v := &r.Files[i]; !v.Companion && ev.Files[i].Read.Readable() && !v.Decision.Settled() {
			return true
		}
	}
	return false
}

func (r *Report) anyTarget(ev Evidence, cond func(*File, *FileVerdict, *Pasted) bool) bool {
	for _, t := range ev.Pasted.Targets {
		if cond(&ev.Files[t], &r.Files[t], ev.Pasted) {
			return true
		}
	}
	return false
}

// unread lists the files that could not be read, were refused or were
// cancelled.
func (r *Report) unread() []int {
	var out []int
	for i, v := range r.Files {
		if !v.Companion && v.Status.Unread() {
			out = append(out, i)
		}
	}
	return out
}

// pastedHeadline is the verdict of the pasted digest on the files it
// applies to.
func (r *Report) pastedHeadline(ev Evidence) Headline {
	p := ev.Pasted
	for _, t := range p.Targets {
		f, v := &ev.Files[t], &r.Files[t]
		if pastedDisagrees(v, p) {
			return headline(PastedDisagrees, t)
		}
		if signatureDisagrees(f, v, p) {
			return headline(SignatureDisagrees, t)
		}
	}
	match, pending := -1, -1
	var mismatch []int
	unread := 0
	for _, t := range p.Targets {
		v := r.Files[t].Pasted
		switch {
		case v == nil:
			unread++
		case v.Outcome == checksum.Match && match < 0:
			match = t
		case v.Outcome == checksum.Mismatch:
			mismatch = append(mismatch, t)
		case v.Outcome == checksum.Pending && pending < 0:
			pending = t
		}
	}
	var h Headline
	switch {
	case len(p.Targets) == 0:
		return headline(NoVerdict)
	case match >= 0:
		h = headline(PastedMatch, match)
	case pending >= 0:
		h = headline(PastedPending, pending)
		h.Needs, h.Wait = r.Files[pending].Pasted.Needs, r.wait(ev, pending)
	case len(mismatch) > 0:
		h = headline(PastedMismatch, mismatch...)
	case unread == len(p.Targets):
		return headline(PastedUnread, p.Targets...)
	default:
		return headline(NoVerdict)
	}
	h.Targets = len(p.Targets)
	return h
}

// wait says what the pasted digest's verdict on file t waits for.
func (r *Report) wait(ev Evidence, t int) Wait {
	f, needs := &ev.Files[t], r.Files[t].Pasted.Needs
	finished := f.Read != FileWaiting && f.Read != FileReading
	switch {
	case !finished && intersects(needs, f.Running):
		return WaitRunning
	case finished && intersects(needs, f.Declined):
		return WaitDeclined
	case ev.Pasted.Typed:
		return WaitEnter
	}
	return WaitNothing
}

func intersects[T comparable](a, b []T) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// publishedHeadline is the verdict of what was published for the files:
// checksum files, their signatures and the files' own, then the CRC32 in
// their names.
func (r *Report) publishedHeadline(ev Evidence) Headline {
	var judged, ok, bad, pending, conflict []int
	given := false
	for i := range ev.Files {
		v := &r.Files[i]
		d := v.Decision
		if v.Companion || len(d.By) == 0 {
			continue
		}
		judged = append(judged, i)
		given = given || !besideFile(&ev.Files[i], d.By[0])
		switch {
		case d.Outcome == checksum.Match && !d.Settled():
			pending = append(pending, i) // a match, and a digest still to compare
		case d.Outcome == checksum.Match:
			ok = append(ok, i)
		case d.Outcome == checksum.Mismatch:
			bad = append(bad, i)
		case d.Outcome == checksum.Pending:
			pending = append(pending, i)
		case d.Outcome == checksum.Conflict:
			conflict = append(conflict, i)
		}
	}
	h := r.publishedCases(ev, judged, ok, bad, pending, conflict)
	h.Given = given
	if h.Reason != NoVerdict && (!h.Green() || !r.nameTrouble(ev)) {
		return h
	}
	if n := r.nameHeadline(ev); n.Reason != NoVerdict {
		return n
	}
	if h.Reason != NoVerdict {
		return h
	}
	return r.emptyHeadline()
}

func (r *Report) publishedCases(ev Evidence, judged, ok, bad, pending, conflict []int) Headline {
	for i := range ev.Files {
		f := &ev.Files[i]
		if f.Signature == nil || !f.Read.Readable() || r.Files[i].Companion {
			continue
		}
		if f.Signature.Verdict.Kind == signature.Bad || TrustOf(f.Signature.Fetched, true, f.Signature) == FetchedBad {
			return headline(OwnBadSignature, i) // a fetched one that cannot be read is as bad (rule 8)
		}
	}
	if len(judged) == 0 {
		return headline(NoVerdict)
	}
	for _, i := range judged {
		if badSignature(&ev.Files[i], &r.Files[i]) {
			return headline(SourceBadSignature, i)
		}
	}
	for _, i := range bad {
		if signatureDisagrees(&ev.Files[i], &r.Files[i], ev.Pasted) {
			return headline(SignatureDisagrees, i)
		}
	}
	switch {
	case len(bad) > 0:
		return headline(PublishedMismatch, bad...)
	case len(conflict) > 0:
		if nameConflict(r.Files[conflict[0]].Decision) {
			return headline(NameConflict, conflict...)
		}
		return headline(PublishedConflict, conflict...)
	case len(pending) > 0:
		return headline(PublishedPending, pending[0])
	}
	if unconfirmed := r.With(Unconfirmed); len(unconfirmed) > 0 {
		return headline(FetchedUnconfirmed, unconfirmed...)
	}
	if len(judged) == 1 {
		return headline(PublishedMatch, judged[0])
	}
	return headline(AllMatch, ok...)
}

// nameConflict reports whether the CRC32 in the name is a side of the
// conflict d.
func nameConflict(d checksum.Decision) bool {
	return d.Outcome == checksum.Conflict && len(d.By) > 0 && len(d.Against) > 0 && (d.Against[0].InName || d.By[0].InName)
}

// nameTrouble reports whether the CRC32 in a name (all that was published
// for that file) is not matched, or not yet: a match for the other files
// does not hide it.
func (r *Report) nameTrouble(ev Evidence) bool {
	for _, v := range r.Files {
		if v.Named != nil && v.Named.Outcome != checksum.Match {
			return true
		}
	}
	return false
}

// nameHeadline is the verdict on the CRC32 in the names of the files
// nothing else was published for.
func (r *Report) nameHeadline(ev Evidence) Headline {
	var ok, bad, pending []int
	for i, v := range r.Files {
		switch {
		case v.Named == nil || v.Companion:
		case v.Named.Outcome == checksum.Match:
			ok = append(ok, i)
		case v.Named.Outcome == checksum.Mismatch:
			bad = append(bad, i)
		default:
			pending = append(pending, i)
		}
	}
	switch {
	case len(bad) > 0:
		return headline(NameMismatch, bad...)
	case len(pending) > 0:
		return headline(NamePending, pending[0])
	case len(ok) > 0:
		return headline(NameMatch, ok...)
	}
	return headline(NoVerdict)
}

// emptyHeadline is what is said when nothing published decided: the
// checksum files list none of the files here, or only digests Hashdrop
// cannot compute.
func (r *Report) emptyHeadline() Headline {
	present := r.files() - r.Count[Missing]
	var signed []int // genuine by their own signature alone
	for i, v := range r.Files {
		if v.Status == OK && v.Genuine && len(v.Decision.By) == 0 && v.Named == nil && v.Pasted == nil {
			signed = append(signed, i)
		}
	}
	switch {
	case r.Count[Unconfirmed] > 0:
		return headline(FetchedUnconfirmed, r.With(Unconfirmed)...)
	case len(signed) > 0:
		return headline(SignedGenuine, signed...)
	case r.Count[NotVerified] > 0:
		return headline(OnlyUnsupported, r.With(NotVerified)...)
	case r.Count[Missing] > 0 && r.Count[OK] == 0 && present-r.Count[NotCompared] == 0:
		return headline(NoneHere, r.With(Missing)...)
	}
	return headline(NoVerdict)
}

// compareHeadline is the verdict of Compare.
func compareHeadline(c compare.Result) Headline {
	var h Headline
	switch c.Outcome {
	case compare.Identical:
		h = headline(Identical, c.Groups[0]...)
	case compare.Differ:
		var all []int
		for _, g := range c.Groups {
			all = append(all, g...)
		}
		h = headline(Differ, all...)
	case compare.Pending:
		h = headline(ComparePending)
	default:
		h = headline(CompareTooFew)
	}
	return h
}

// sourceHeadline is the verdict on the files compared with the one whose
// digest is in the field.
func (r *Report) sourceHeadline(ev Evidence) Headline {
	p := ev.Pasted
	src := &ev.Files[p.Of]
	var same, differ, pending []int
	for _, t := range p.Targets {
		v := r.Files[t].Pasted
		f := &ev.Files[t]
		switch {
		case t == p.Of || v == nil:
		case v.Outcome == checksum.Mismatch || f.Size >= 0 && src.Size >= 0 && f.Size != src.Size:
			differ = append(differ, t)
		case v.Outcome == checksum.Match:
			same = append(same, t)
		default:
			pending = append(pending, t)
		}
	}
	var h Headline
	switch {
	case len(differ) > 0:
		h = headline(NotSameAsSource, differ...)
		h.Others = same
	case len(pending) > 0:
		h = headline(SourcePending, pending...)
	case len(same) > 0:
		h = headline(SameAsSource, same...)
	default:
		h = headline(NothingToCompare)
	}
	h.Of, h.Targets = p.Of, len(same)+len(differ)+len(pending)
	return h
}

// Tally is the headline of files known only by the count of each status:
// a checksum file of millions of entries, checked one by one, whose files
// are never all held as evidence. Its order of precedence is Decide's:
// a BAD signature, then FAILED, conflicts, files still being read, files
// that could not be read, then matches; only algorithms Hashdrop lacks, or
// only files that are not here, leave it unable to say.
func Tally(count [NumStatus]int) Headline {
	switch {
	case count[BadSignature] > 0:
		return headline(SourceBadSignature)
	case count[Failed] > 0:
		return headline(PublishedMismatch)
	case count[Conflict] > 0:
		return headline(PublishedConflict)
	case count[Pending] > 0:
		return headline(PublishedPending)
	case count[Unreadable]+count[Refused]+count[Cancelled] > 0:
		return headline(NotAllRead)
	case count[Unconfirmed] > 0:
		return headline(FetchedUnconfirmed)
	case count[OK] > 0:
		return headline(AllMatch)
	case count[NotVerified] > 0:
		return headline(OnlyUnsupported)
	case count[Missing] > 0:
		return headline(NoneHere)
	}
	return headline(NoVerdict)
}
