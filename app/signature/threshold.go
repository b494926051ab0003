package signature

// Where several people sign the same bytes (Bitcoin Core's SHA256SUMS.asc
// holds one signature per builder), a publisher's row may need more than
// one of them to be good before the bytes count as genuine, as the
// project's own verify script does (issue 48).

// GoodSigners counts the distinct keys that made a good signature in rs
// (Genuine or GenuineUser): a key that signed twice counts once, and an
// expired, revoked or too weak signature does not count, as Bitcoin
// Core's contrib/verify-binaries counts them.
func GoodSigners(rs []Result) int {
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Kind.Trusted() && r.Signer.Fingerprint != "" {
			seen[r.Signer.Fingerprint] = true
		}
	}
	return len(seen)
}

// AtLeast is the verdict on rs where n good signatures by distinct keys
// are needed: Verdict(rs) when that many are there (a BAD signature still
// winning over them); with fewer, no good signature vouches for the bytes
// and the verdict is UnknownKey, with neither signer nor key id (the
// results themselves name who signed). n of 0 or 1 is Verdict(rs).
func AtLeast(rs []Result, n int) Result {
	v := Verdict(rs)
	if n <= 1 || !v.Kind.Trusted() || GoodSigners(rs) >= n {
		return v
	}
	return Result{Kind: UnknownKey, Format: v.Format, Source: v.Source}
}
