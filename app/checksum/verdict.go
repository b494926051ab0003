package checksum

import (
	"bytes"
	"slices"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

// Outcome is the kind of a Verdict.
type Outcome int

const (
	// Unknown: the expected text is not a digest Hashdrop can compare (not
	// hex or base64, a length no algorithm has, an unsupported algorithm).
	Unknown Outcome = iota
	// Pending: no computed digest matches yet, but some candidate algorithm
	// has not been computed; Verdict.Needs says which to compute next.
	Pending
	// Match: the file's digest equals the expected one.
	Match
	// Mismatch: every candidate was computed and none equals the expected
	// digest.
	Mismatch
	// Conflict: the digests published for a file disagree (Decide); a
	// Verdict of one digest is never a Conflict.
	Conflict
)

func (o Outcome) String() string {
	switch o {
	case Pending:
		return "pending"
	case Match:
		return "match"
	case Mismatch:
		return "mismatch"
	case Conflict:
		return "conflict"
	}
	return "unknown"
}

// Verdict compares one file with one expected digest. The window words it.
type Verdict struct {
	Outcome Outcome
	// Algorithm is the algorithm that matched (Match), or the only candidate.
	Algorithm *hashing.Algorithm
	// Compared lists the candidates that were computed and compared.
	Compared []*hashing.Algorithm
	// Needs lists the candidates to compute next (Pending): the likeliest
	// alone while it is not computed, then every other one not computed
	// yet (Next). Compute them and judge again. Empty once there is a
	// Match or a Mismatch.
	Needs []*hashing.Algorithm
	// Weak is set on a Match by MD5, SHA-1, CRC32 or XXH: it proves the file is
	// intact, not who published it.
	Weak     bool
	Expected *ExpectedDigest
}

// Judge parses text as a published digest (see ParseExpected) and compares it
// with the digests computed so far.
func Judge(text string, computed []app.Digest) Verdict {
	e, err := ParseExpected(text)
	if err != nil {
		return Verdict{Outcome: Unknown}
	}
	return e.Judge(computed)
}

// Judge compares e with the digests computed so far. The verdict is
// Pending while a candidate algorithm is not among them and none that is
// matches; Needs then says which to compute next (Next): the likeliest
// candidate alone, and the others only once it is computed and does not
// match.
func (e *ExpectedDigest) Judge(computed []app.Digest) Verdict {
	v := Verdict{Expected: e}
	if len(e.Candidates) == 1 {
		v.Algorithm = e.Candidates[0]
	}
	has := func(a *hashing.Algorithm) bool {
		return slices.ContainsFunc(computed, func(d app.Digest) bool { return d.Algorithm == a })
	}
	for _, a := range e.Candidates {
		i := slices.IndexFunc(computed, func(d app.Digest) bool { return d.Algorithm == a })
		if i < 0 {
			continue
		}
		v.Compared = append(v.Compared, a)
		if bytes.Equal(computed[i].Sum, e.Sum) {
			v.Outcome, v.Algorithm = Match, a
			v.Weak = isWeak(a)
			return v
		}
	}
	if v.Needs = Next(e.Candidates, has); len(v.Needs) > 0 {
		v.Outcome = Pending
		return v
	}
	v.Outcome = Mismatch
	return v
}
