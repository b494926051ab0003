package ui

import (
	"fmt"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// verdictWords is what the banner says of a verdict: a headline and a
// sentence or two under it, worded from the verdict's values (app has no
// words for verdicts: the command line gives none). auth is the verdict on
// the signatures of the checksum file the digest came from (nil: a digest
// pasted or typed, or signatures not checked): only a trusted one makes a
// match "the file they released".
func verdictWords(v *checksum.Verdict, auth *checksum.Authenticity) (headline, detail string) {
	e := v.Expected
	switch v.Outcome {
	case checksum.Match:
		return matchWords(e, v.Algorithm, auth)
	case checksum.Pending:
		headline = tr("Computing {{.Algorithms}} to compare…", "Algorithms", algAnd(v.Needs))
		if len(v.Compared) > 0 {
			detail = trn(len(v.Compared),
				"The file's {{.Algorithms}} is not the published value; the digest is {{.Digest}}.",
				"The file's {{.Algorithms}} are not the published value; the digest is {{.Digest}}.",
				"Algorithms", algAnd(v.Compared), "Digest", describeDigest(e))
		}
		return headline, detail
	case checksum.Mismatch:
		if len(e.Candidates) == 1 {
			headline = tr("Does NOT match the published {{.Algorithm}}: this is not the file they released", "Algorithm", e.Candidates[0].Name)
			detail = tr("The file is damaged, incomplete or a different file. Download it again from the official site.")
		} else {
			headline = tr("Does NOT match: this is not the file they released")
			if len(e.Candidates) == 2 {
				detail = tr("The file is damaged, incomplete or a different file. The published value is {{.Digest}}; the file's {{.Algorithms}} both differ.",
					"Digest", describeDigest(e), "Algorithms", algAnd(e.Candidates))
			} else {
				detail = tr("The file is damaged, incomplete or a different file. The published value is {{.Digest}}; the file's {{.Algorithms}} all differ.",
					"Digest", describeDigest(e), "Algorithms", algAnd(e.Candidates))
			}
		}
		return headline, detail
	}
	return tr("Cannot compare: this is not a digest Hashdrop understands"), ""
}

func matchWords(e *checksum.ExpectedDigest, a *hashing.Algorithm, auth *checksum.Authenticity) (headline, detail string) {
	if e != nil && !e.Tagged() && len(e.Candidates) > 1 {
		detail = tr("The published value ({{.Digest}}) equals the file's {{.Algorithm}}.", "Digest", describeDigest(e), "Algorithm", a.Name)
	}
	if checksum.NonCryptographic(a) {
		return tr("Matches the published {{.Algorithm}}", "Algorithm", a.Name),
			joinSentences(detail, tr("This proves the file is intact, not who published it: {{.Algorithm}} only catches accidental damage, anyone can make a file with the same {{.Algorithm}}.", "Algorithm", a.Name))
	}
	switch a.ID {
	case "md5", "sha1":
		return tr("Matches the published {{.Algorithm}}", "Algorithm", a.Name),
			joinSentences(detail, tr("This proves the file is intact, not who published it: {{.Algorithm}} can be forged, so trust it only if the digest came from the official site over https.", "Algorithm", a.Name))
	}
	switch {
	case auth.Trusted():
		// A signature Hashdrop trusts covers the digest that matched.
		return tr("Matches the published {{.Algorithm}}: this is the file they released", "Algorithm", a.Name), detail
	case auth == nil:
		// Pasted or typed: who published it is what the reader trusts.
		detail = joinSentences(detail, tr("The file is intact as published; the publisher is not verified: trust it as far as you trust where the digest came from."))
	}
	// A checksum file's signature verdict, if any, is said on its own line.
	return tr("Matches the published {{.Algorithm}}", "Algorithm", a.Name), detail
}

// describeDigest says what was understood of a published digest: "SHA-256,
// 64 hex digits" or "32 hex digits: MD5 or RIPEMD-128".
func describeDigest(e *checksum.ExpectedDigest) string {
	var size string
	if e.Encoding == "base64" {
		size = tr("base64, {{.N}} bytes", "N", len(e.Sum))
	} else {
		size = tr("{{.N}} hex digits", "N", 2*len(e.Sum))
	}
	var s string
	if e.Tagged() || len(e.Candidates) == 1 && e.Encoding == "hex" && len(e.Sum) == 4 {
		s = tr("{{.Algorithms}}, {{.Size}}", "Algorithms", algOr(e.Candidates), "Size", size)
	} else {
		s = tr("{{.Size}}: {{.Algorithms}}", "Size", size, "Algorithms", algOr(e.Candidates))
	}
	if e.Name != "" {
		s = tr("{{.Digest}}, for {{.Name}}", "Digest", s, "Name", e.Name)
	}
	return s
}

// digestProblem says why a text is not a digest the window can compare.
func digestProblem(err error) string {
	de, ok := err.(*checksum.DigestError)
	if !ok {
		return capitalize(err.Error())
	}
	switch de.Kind {
	case checksum.DigestEmpty:
		return tr("Nothing to compare: paste the published digest")
	case checksum.DigestTooLong:
		return tr("Too long to be a digest ({{.N}} characters)", "N", de.Length)
	case checksum.DigestNotUTF8:
		return tr("Not a digest: the text is not valid UTF-8")
	case checksum.DigestUnsupported:
		return tr("{{.Name}} is not an algorithm Hashdrop supports (it supports CRC32, MD5, SHA-1, SHA-2, SHA-3, RIPEMD, Whirlpool, BLAKE2b, BLAKE3, XXH64 and XXH3)", "Name", de.Label)
	case checksum.DigestWrongLength:
		if de.Encoding == "base64" {
			return tr("Base64 of {{.N}} bytes, but {{.Algorithm}} has {{.Want}}", "N", de.Length, "Algorithm", de.Algorithm.Name, "Want", de.Algorithm.Size)
		}
		return digitHint(tr("{{.N}} hex digits, but {{.Algorithm}} has {{.Want}}", "N", de.Length, "Algorithm", de.Algorithm.Name, "Want", de.Algorithm.HexLen()),
			de.Length, de.Algorithm.HexLen())
	case checksum.DigestNoLength:
		if de.Encoding == "base64" {
			return tr("Base64 of {{.N}} bytes: no algorithm has this length", "N", de.Length)
		}
		s := tr("{{.N}} hex digits: no algorithm has this length", "N", de.Length)
		if de.Nearest == 0 {
			return s
		}
		algs := hashing.BySize(de.Nearest / 2)
		near := trn(len(algs), "{{.Algorithms}} has {{.Want}}", "{{.Algorithms}} have {{.Want}}", "Algorithms", algAnd(algs), "Want", de.Nearest)
		return tr("{{.Reason}} ({{.Nearest}})", "Reason", s, "Nearest", digitHint(near, de.Length, de.Nearest))
	case checksum.DigestNotDigest:
		if de.Char != 0 {
			return tr("Not a digest: {{.Char}} is not a hex digit, and the text is not base64 of a digest either", "Char", fmt.Sprintf("%q", de.Char))
		}
		return tr("Not a digest")
	}
	return capitalize(de.Error())
}

// digitHint adds a guess at a copying mistake to s when got is one digit
// off want.
func digitHint(s string, got, want int) string {
	switch got {
	case want - 1:
		return tr("{{.Reason}}; a digit may be missing", "Reason", s)
	case want + 1:
		return tr("{{.Reason}}; a digit may be repeated", "Reason", s)
	}
	return s
}
