package app

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/hashdrop/hashdrop/hashing"
)

// Outcome is the kind of a Verdict.
type Outcome int

const (
	// Unknown: the expected text is not a digest Hashdrop can compare (not
	// hex or base64, a length no algorithm has, an unsupported algorithm).
	Unknown Outcome = iota
	// Pending: no computed digest matches yet, but some candidate algorithm
	// has not been computed; Verdict.Needs lists them.
	Pending
	// Match: the file's digest equals the expected one.
	Match
	// Mismatch: every candidate was computed and none equals the expected
	// digest.
	Mismatch
)

func (o Outcome) String() string {
	switch o {
	case Pending:
		return "pending"
	case Match:
		return "match"
	case Mismatch:
		return "mismatch"
	}
	return "unknown"
}

// Verdict compares one file with one expected digest, in words nobody can
// misread.
type Verdict struct {
	Outcome Outcome
	// Algorithm is the algorithm that matched (Match), or the only candidate.
	Algorithm *hashing.Algorithm
	// Compared lists the candidates that were computed and compared.
	Compared []*hashing.Algorithm
	// Needs lists the candidates not computed yet (Pending): compute them and
	// judge again. Empty once there is a Match or a Mismatch.
	Needs []*hashing.Algorithm
	// Weak is set on a Match by MD5, SHA-1 or CRC32: it proves the file is
	// intact, not who published it.
	Weak     bool
	Headline string // one line for the banner
	Detail   string // a sentence or two under it, may be empty
	Expected *ExpectedDigest
}

// Judge parses text as a published digest (see ParseExpected) and compares it
// with the digests computed so far.
func Judge(text string, computed []Digest) Verdict {
	e, err := ParseExpected(text)
	if err != nil {
		return UnknownVerdict(err)
	}
	return e.Judge(computed)
}

// UnknownVerdict is the verdict for text that is not a digest; err is
// usually a *DigestError from ParseExpected.
func UnknownVerdict(err error) Verdict {
	return Verdict{
		Outcome:  Unknown,
		Headline: "Cannot compare: this is not a digest Hashdrop understands",
		Detail:   capitalize(err.Error()) + ".",
	}
}

// Judge compares e with the digests computed so far. A candidate algorithm
// that is not among them is listed in Needs, and the verdict stays Pending
// until it is computed or another candidate matches.
func (e *ExpectedDigest) Judge(computed []Digest) Verdict {
	v := Verdict{Expected: e}
	if len(e.Candidates) == 1 {
		v.Algorithm = e.Candidates[0]
	}
	var differs []*hashing.Algorithm
	for _, a := range e.Candidates {
		i := slices.IndexFunc(computed, func(d Digest) bool { return d.Algorithm == a })
		if i < 0 {
			v.Needs = append(v.Needs, a)
			continue
		}
		v.Compared = append(v.Compared, a)
		if bytes.Equal(computed[i].Sum, e.Sum) {
			v.Outcome, v.Algorithm, v.Needs = Match, a, nil
			v.Weak = isWeak(a)
			v.Headline, v.Detail = matchWords(e, a)
			return v
		}
		differs = append(differs, a)
	}
	if len(v.Needs) > 0 {
		v.Outcome = Pending
		v.Headline = "Computing " + algorithmNames(v.Needs, "and") + " to compare…"
		if len(differs) > 0 {
			v.Detail = fmt.Sprintf("The file's %s %s not the published value; the digest is %s.",
				algorithmNames(differs, "and"), isOrAre(differs), e.Describe())
		}
		return v
	}
	v.Outcome = Mismatch
	if len(e.Candidates) == 1 {
		v.Headline = "Does NOT match the published " + e.Candidates[0].Name + ": this is not the file they released"
	} else {
		v.Headline = "Does NOT match: this is not the file they released"
	}
	v.Detail = "The file is damaged, incomplete or a different file. "
	if len(e.Candidates) > 1 {
		v.Detail += fmt.Sprintf("The published value is %s; the file's %s all differ.", e.Describe(), algorithmNames(e.Candidates, "and"))
	} else {
		v.Detail += "Download it again from the official site."
	}
	return v
}

func matchWords(e *ExpectedDigest, a *hashing.Algorithm) (headline, detail string) {
	headline = "Matches the published " + a.Name + ": this is the file they released"
	if !e.Tagged() && len(e.Candidates) > 1 {
		detail = fmt.Sprintf("The published value (%s) equals the file's %s.", e.Describe(), a.Name)
	}
	if isWeak(a) {
		headline = "Matches the published " + a.Name
		weak := fmt.Sprintf("This proves the file is intact, not who published it: %s can be forged, so trust it only if the digest came from the official site over https.", a.Name)
		if a.ID == "crc32" {
			weak = "This proves the file is intact, not who published it: CRC32 only catches accidental damage, anyone can make a file with the same CRC32."
		}
		detail = joinSentences(detail, weak)
	}
	return headline, detail
}

// Verify computes what the verdict needs and judges: the candidates not in
// have are computed from path with hash (HashFile when nil). Use it when the
// file's digests are already known and a paste asks for another algorithm.
func (e *ExpectedDigest) Verify(ctx context.Context, path string, have []Digest, hash HashFunc) (Verdict, error) {
	v := e.Judge(have)
	if v.Outcome != Pending {
		return v, nil
	}
	if hash == nil {
		hash = defaultHash
	}
	res := hash(ctx, path, v.Needs)
	if res.Err != nil {
		return v, res.Err
	}
	return e.Judge(append(slices.Clip(have), res.Digests...)), nil
}

// HashFunc computes algs over the file at path, like HashFile. The window
// passes its own to show progress.
type HashFunc func(ctx context.Context, path string, algs []*hashing.Algorithm) Result

func defaultHash(ctx context.Context, path string, algs []*hashing.Algorithm) Result {
	return HashFile(ctx, path, algs, nil)
}

func isOrAre(algs []*hashing.Algorithm) string {
	if len(algs) == 1 {
		return "is"
	}
	return "are"
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func joinSentences(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
