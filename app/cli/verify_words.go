package cli

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
)

// The English of verify: a file's status, why, and the headline.

var statusWords = map[verdict.Status]string{
	verdict.NotCompared:  "NOT COMPARED",
	verdict.OK:           "OK",
	verdict.Pending:      "NOT DECIDED",
	verdict.NotVerified:  "NOT VERIFIED",
	verdict.Unconfirmed:  "NOT CONFIRMED",
	verdict.Missing:      "MISSING",
	verdict.Cancelled:    "CANCELLED",
	verdict.Unreadable:   "UNREADABLE",
	verdict.Refused:      "REFUSED",
	verdict.Failed:       "FAILED",
	verdict.Conflict:     "CONFLICT",
	verdict.BadSignature: "BAD SIGNATURE",
}

// fileWhy says what decided a file's status, in a few words.
func fileWhy(f *verdict.File, v *verdict.FileVerdict) string {
	d := v.Decision
	switch v.Status {
	case verdict.Missing, verdict.Unreadable, verdict.Refused, verdict.Cancelled:
		if f.Err != nil {
			return app.CauseWords(app.CauseOf(f.Err), f.Err)
		}
		return ""
	case verdict.NotCompared:
		return "nothing was published for it"
	case verdict.NotVerified:
		return "Hashdrop cannot compute " + strings.Join(f.Unsupported, ", ")
	case verdict.Unconfirmed:
		return trustWhy(f, v)
	case verdict.BadSignature:
		if v.Trust == verdict.FetchedBad {
			return trustWhy(f, v)
		}
		if f.Signature != nil && f.Signature.Verdict.Kind == signature.Bad {
			return "its own signature is BAD: it was changed after it was signed"
		}
		return "the signature over " + sourceName(f, d.By[0]) + " is BAD: its digests prove nothing"
	case verdict.Conflict:
		if len(d.By) > 0 && len(d.Against) > 0 {
			return sourceName(f, d.By[0]) + " and " + sourceName(f, d.Against[0]) + " disagree"
		}
		if v.Pasted != nil {
			return "the digest given and what was published for it disagree"
		}
		return "its good signature and a digest published for it disagree"
	}
	var parts []string
	switch {
	case v.Renamed != nil:
		parts = append(parts, fmt.Sprintf("%s, listed as %q in %s: the same digest under another name", algName(d.Verdict.Algorithm), v.Renamed.Name, sourceName(f, d.By[0])))
	case len(d.By) > 0:
		parts = append(parts, algName(d.Verdict.Algorithm)+", "+sourceName(f, d.By[0]))
		switch len(d.Agreeing) {
		case 0:
		case 1:
			parts = append(parts, "the published "+algList(d.Agreeing)+" agrees")
		default:
			parts = append(parts, "the published "+algList(d.Agreeing)+" agree")
		}
	case v.Named != nil:
		parts = append(parts, "the CRC32 in its name, which catches accidental damage only")
	case v.Pasted != nil:
		parts = append(parts, algName(v.Pasted.Algorithm)+", the digest given")
	}
	if v.Status == verdict.Failed && v.Typo {
		parts = append(parts, "one or two digits differ: check the digest for a typing slip")
	}
	if v.Status == verdict.OK {
		if a := d.Verdict.Algorithm; a != nil && checksum.NonCryptographic(a) {
			parts = append(parts, a.Name+" catches accidental damage only")
		}
		if v.Genuine {
			parts = append(parts, genuineWords(f, v))
		} else if v.Trust == verdict.FetchedHTTPS {
			parts = append(parts, trustWhy(f, v))
		}
	}
	return strings.Join(parts, "; ")
}

// trustWhy says what the signature of what was fetched for the file is
// worth (verdict.Trust), naming the host and the signer.
func trustWhy(f *verdict.File, v *verdict.FileVerdict) string {
	u, a := v.FetchedFrom(f)
	host := u
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		host = p.Host
	}
	host = app.VisibleText(host)
	switch v.Trust {
	case verdict.FetchedHTTPS:
		return "as published over HTTPS by " + host + ", which proves the file is theirs only as far as that host is (the publisher signs none)"
	case verdict.FetchedUnsigned:
		return "the signature is missing: its publisher signs what " + host + " serves, and no signature came with it"
	case verdict.FetchedOtherKey:
		if a != nil && a.Needs > 0 && a.Signers < a.Needs {
			return fmt.Sprintf("signed by %s of %s's keys Hashdrop ships, and it needs %d", signersCount(a.Signers), rowPublisher(a), a.Needs)
		}
		if a != nil && a.Verdict.Kind == signature.Expired && a.Verdict.KeyExpired && a.Verdict.Signer.Publisher != "" {
			return "signed by " + a.Verdict.Signer.Publisher + "'s key, whose copy in Hashdrop has expired: update Hashdrop"
		}
		return "signed by " + keyWords(a) + ", a key Hashdrop does not know for this publisher: a new key not shipped yet, or not theirs"
	case verdict.FetchedBad:
		if a != nil && a.Verdict.Kind == signature.Unreadable {
			return "the signature from " + host + " cannot be read: do not use it"
		}
		return "the signature from " + host + " does not verify: what was signed was changed: do not use it"
	}
	return ""
}

// genuineWords says who made a genuine match genuine: where several
// people sign (Bitcoin Core's builders), how many of them did.
func genuineWords(f *verdict.File, v *verdict.FileVerdict) string {
	if _, a := v.FetchedFrom(f); a != nil && a.Needs > 0 {
		return fmt.Sprintf("genuine: signed by %d of %s's keys Hashdrop ships (%d needed)", a.Signers, rowPublisher(a), a.Needs)
	}
	return "genuine: signed by a key Hashdrop trusts"
}

// signersCount is a number of signers in words: "none", or the number.
func signersCount(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprint(n)
}

// rowPublisher is the publisher whose shipped keys made the good
// signatures in a ("the publisher" when none did).
func rowPublisher(a *checksum.Authenticity) string {
	for _, r := range a.Results {
		if r.Kind.Trusted() && r.Signer.Publisher != "" {
			return r.Signer.Publisher
		}
	}
	return "the publisher"
}

// keyWords names the key of a's verdict (signerWords), or the key id the
// signature names when Hashdrop has no such key.
func keyWords(a *checksum.Authenticity) string {
	switch {
	case a == nil:
		return "an unknown key"
	case a.Verdict.Signer.Fingerprint != "":
		return signerWords(a.Verdict.Signer)
	case a.Verdict.KeyID != "":
		return "key " + signature.GroupFingerprint(a.Verdict.KeyID)
	}
	return "an unknown key"
}

func algName(a *hashing.Algorithm) string {
	if a == nil {
		return "?"
	}
	return a.Name
}

func algList(algs []*hashing.Algorithm) string {
	var names []string
	for _, a := range algs {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// headlineWords is the headline: "OK: ...", "FAILED: ...", "CANNOT SAY:
// ...", as the window's banner says it.
func headlineWords(rel *release.Release, ev *verdict.Evidence, rep *verdict.Report) string {
	h := rep.Headline
	name := func(i int) string { return quoteName(rel.Names[i]) }
	names := func(idx []int) string {
		var out []string
		for k, i := range idx {
			if k == 3 {
				out = append(out, fmt.Sprintf("and %d more", len(idx)-3))
				break
			}
			out = append(out, name(i))
		}
		return strings.Join(out, ", ")
	}
	first := func() string {
		if len(h.Files) == 0 {
			return "?"
		}
		return name(h.Files[0])
	}
	source := func() string {
		if len(h.Files) > 0 {
			if d := rep.Files[h.Files[0]].Decision; len(d.By) > 0 {
				return sourceName(&ev.Files[h.Files[0]], d.By[0])
			}
		}
		return "the checksum file"
	}
	n := len(h.Files)
	var s string
	switch h.Reason {
	case verdict.NoVerdict:
		s = "nothing was published for these files: nothing to compare them with (give the checksum file, or --digest)"
		if !slices.ContainsFunc(rep.Files, func(v verdict.FileVerdict) bool { return !v.Companion }) {
			s = "no files: what was given holds no file to check"
		}
	case verdict.NotADigest:
		s = "the digest given is not one Hashdrop understands"
	case verdict.PastedMatch:
		s = first() + " matches the digest given"
	case verdict.PastedMismatch:
		s = names(h.Files) + " does NOT match the digest given: do not use it"
		if h.Targets > 1 {
			s = fmt.Sprintf("none of the %d files matches the digest given", h.Targets)
		}
		if n == 1 && rep.Files[h.Files[0]].Typo {
			s += "; one or two digits differ: check the digest you typed for a slip"
		}
	case verdict.PastedPending, verdict.PublishedPending, verdict.NamePending, verdict.ComparePending, verdict.SourcePending:
		s = "not decided: a digest it needs could not be computed"
	case verdict.PastedUnread:
		s = "no file could be read to compare with the digest given"
	case verdict.PastedDisagrees:
		s = "the digest given and " + source() + " disagree about " + first() + ": do not rely on it"
		if rep.Files[h.Files[0]].Typo {
			s += "; one or two digits differ: most likely a slip in the digest given"
		}
	case verdict.SignatureDisagrees:
		s = first() + "'s good signature and a digest published for it disagree: do not rely on it"
	case verdict.OwnBadSignature:
		s = "BAD signature: " + first() + " was changed after its publisher signed it: do not use it"
	case verdict.SourceBadSignature:
		s = "BAD signature: " + source() + " was changed after it was signed, so a match with its digests proves nothing"
	case verdict.PublishedMismatch:
		s = fmt.Sprintf("%s does NOT match the digest published for it: do not use it", names(h.Files))
		if n > 1 {
			s = fmt.Sprintf("%d files do NOT match the digests published for them: %s", n, names(h.Files))
		}
	case verdict.PublishedConflict, verdict.NameConflict:
		s = "the digests published for " + names(h.Files) + " disagree: do not rely on them"
	case verdict.PublishedMatch:
		s = first() + " matches " + source()
		if rep.Files[h.Files[0]].Genuine {
			s += ", and it is genuine: signed by a key Hashdrop trusts"
		}
	case verdict.AllMatch:
		s = fmt.Sprintf("all %d files match the digests published for them", n)
		if genuine(rep, h.Files) {
			s += ", and they are genuine: signed by a key Hashdrop trusts"
		}
	case verdict.NameMismatch:
		s = names(h.Files) + " does NOT match the CRC32 in its name"
	case verdict.NameMatch:
		s = names(h.Files) + " matches the CRC32 in its name (it catches accidental damage only)"
	case verdict.Identical:
		s = "the files are identical"
	case verdict.Differ:
		s = "the files differ"
	case verdict.CompareTooFew, verdict.NothingToCompare:
		s = "nothing to compare"
	case verdict.SameAsSource:
		s = names(h.Files) + " is the same as " + name(h.Of)
	case verdict.NotSameAsSource:
		s = names(h.Files) + " is NOT the same as " + name(h.Of)
	case verdict.NotAllRead:
		s = "not every file could be checked: " + names(h.Files) + " could not be read"
	case verdict.NoneHere:
		s = plural(n, "file the checksum file lists is not here", "files the checksum files list are not here, none of them")
	case verdict.OnlyUnsupported:
		s = "not verified: Hashdrop cannot compute the algorithms published for " + names(h.Files)
	case verdict.FetchedUnconfirmed:
		s = "not confirmed: " + names(h.Files) + " matches what was fetched, but " + trustWhy(&ev.Files[h.Files[0]], &rep.Files[h.Files[0]])
	case verdict.SignedGenuine:
		s = names(h.Files) + " is genuine: signed itself by a key Hashdrop trusts"
		if len(h.Files) > 1 {
			s = names(h.Files) + " are genuine: each signed itself by a key Hashdrop trusts"
		}
	}
	var more []string
	if k := rep.Count[verdict.Missing]; k > 0 && h.Reason != verdict.NoneHere {
		more = append(more, plural(k, "other file listed is not here", "other files listed are not here"))
	}
	if k := rep.Count[verdict.NotCompared]; k > 0 && h.Reason != verdict.NoVerdict {
		more = append(more, plural(k, "file has no published digest to compare with", "files have no published digest to compare with"))
	}
	if len(more) > 0 {
		s += " (" + strings.Join(more, "; ") + ")"
	}
	return headlineTag(h) + ": " + s
}

func genuine(rep *verdict.Report, idx []int) bool {
	for _, i := range idx {
		if !rep.Files[i].Genuine {
			return false
		}
	}
	return len(idx) > 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// headlineTag is the headline's first word, by its colour.
func headlineTag(h verdict.Headline) string {
	switch {
	case h.Green():
		return "OK"
	case h.Outcome == checksum.Conflict:
		return "CONFLICT"
	case h.Red():
		return "FAILED"
	}
	return "CANNOT SAY"
}
