// Package checksum is everything about published digests: it reads checksum
// files (GNU, BSD, SFV, Fedora's CHECKSUM, Gentoo's DIGESTS, clear-signed or
// not) and digests a person pastes, finds the checksum files beside a
// download, checks a checksum file's entries through the pipeline, writes
// checksum files, and decides what the digests computed for a file say
// against what was published: the verdict. Whether a checksum file is
// genuine comes from package signature; Authenticity carries its answer
// beside the integrity verdict, never merged into it.
//
// The main roads:
//
//	text a person pasted ──► ParseExpected ──► ExpectedDigest ──► Judge ──► Verdict
//	a release name ([BC5B1138].mkv) ──► CRC32InName ──► ExpectedDigest
//	                     InName ──► Published, one more source for Decide
//	SHA256SUMS ──► ReadFile / ReadSignedStreamed ──► File (Entries, Authenticity)
//	                     File.Check (through an app.Queue) ──► EntryResult, CheckReport
//	a download ──► FindPublishedSigned (checksum files beside it), ReadIndex ──► Published
//	                     PublishedFor, Decide ──► Decision
//	app.Results ──► Format / Write ──► a checksum file, written atomically
//
// Its values (a Status, a LineTrouble, a DigestProblem, an Outcome) carry no
// words; their English is in words.go, for the command line and errors.
package checksum
