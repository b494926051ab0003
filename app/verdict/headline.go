package verdict

import (
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// Headline is the one sentence over all the files, as a value: its colour
// (Outcome), why (Reason) and the files it names. The window and the
// command line word it.
type Headline struct {
	// Outcome is its colour: Match green, Mismatch red, Conflict red with
	// both sides named, Pending while a digest it needs is computed,
	// Unknown amber (Hashdrop cannot say; with Reason NoVerdict, nothing
	// to say yet).
	Outcome checksum.Outcome
	Reason  Reason
	// Files are the files it is about, in list order: those that fail,
	// conflict or cannot be read; the one that matches; those that match.
	Files []int
	// Others are, for NotSameAsSource, the files that are the same.
	Others []int
	// Of is the file the others are compared with (Pasted.Of), or -1.
	Of int
	// Targets is how many files a pasted digest was compared with.
	Targets int
	// Given: a checksum file elsewhere than beside the files decided
	// ("published for them", not "next to them").
	Given bool
	// Wait says, on PastedPending, what the verdict waits for.
	Wait Wait
	// Needs are, on PastedPending, the algorithms it waits for.
	Needs []*hashing.Algorithm
}

// Reason says why a Headline is what it is.
type Reason int

const (
	NoVerdict          Reason = iota // nothing was published or pasted for the files (yet)
	NotADigest                       // the field's text is not a digest Hashdrop can compare
	PastedMatch                      // a file matches the pasted digest
	PastedMismatch                   // no file it was compared with matches the pasted digest
	PastedPending                    // the pasted digest waits for an algorithm (Wait)
	PastedUnread                     // no file the pasted digest was compared with could be read
	PastedDisagrees                  // the pasted digest and a checksum file disagree about Files[0]
	SignatureDisagrees               // Files[0]'s good signature and a digest published for it disagree
	OwnBadSignature                  // the signature over Files[0] itself is BAD
	SourceBadSignature               // the signature over the checksum file of Files[0] is BAD
	PublishedMismatch                // Files do NOT match the digests published for them
	PublishedConflict                // the checksum files disagree about Files
	NameConflict                     // a checksum file and the CRC32 in the name disagree about Files
	PublishedPending                 // Files[0] is being checked against what was published
	PublishedMatch                   // the one file judged matches what was published for it
	AllMatch                         // every file judged (Files) matches
	NameMismatch                     // Files do NOT match the CRC32 in their names
	NamePending                      // computing CRC32 for Files[0]'s name
	NameMatch                        // Files match the CRC32 in their names (accidents only)
	Identical                        // Compare: the files are the same
	Differ                           // Compare: they are not
	ComparePending                   // Compare: same sizes, digests coming
	CompareTooFew                    // Compare: fewer than two could be read
	SameAsSource                     // Files are the same as the file Of
	NotSameAsSource                  // Files are NOT the same as the file Of
	SourcePending                    // comparing with the file Of
	NothingToCompare                 // the file Of has nothing to be compared with
	NotAllRead                       // nothing is condemned, but Files could not be read
	NoneHere                         // the checksum files list no file that is here
	OnlyUnsupported                  // only algorithms Hashdrop lacks were published
	SignedGenuine                    // Files are signed themselves by a key Hashdrop trusts, and nothing else was published
	FetchedUnconfirmed               // Files match what was fetched from their publisher, but it is not signed as the publisher signs (rule 8)

	numReason = iota
)

var reasonNames = [...]string{"no-verdict", "not-a-digest", "pasted-match", "pasted-mismatch", "pasted-pending",
	"pasted-unread", "pasted-disagrees", "signature-disagrees", "own-bad-signature", "source-bad-signature",
	"published-mismatch", "published-conflict", "name-conflict", "published-pending", "published-match",
	"all-match", "name-mismatch", "name-pending", "name-match", "identical", "differ", "compare-pending",
	"compare-too-few", "same-as-source", "not-same-as-source", "source-pending", "nothing-to-compare",
	"not-all-read", "none-here", "only-unsupported", "signed-genuine", "fetched-unconfirmed"}

// String is a stable identifier, for logs, tests and --json.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// reasonOutcome is the colour of each reason.
var reasonOutcome = [numReason]checksum.Outcome{
	NoVerdict: checksum.Unknown, NotADigest: checksum.Unknown,
	PastedMatch: checksum.Match, PastedMismatch: checksum.Mismatch, PastedPending: checksum.Pending,
	PastedUnread: checksum.Unknown, PastedDisagrees: checksum.Conflict, SignatureDisagrees: checksum.Conflict,
	OwnBadSignature: checksum.Mismatch, SourceBadSignature: checksum.Mismatch,
	PublishedMismatch: checksum.Mismatch, PublishedConflict: checksum.Conflict, NameConflict: checksum.Conflict,
	PublishedPending: checksum.Pending, PublishedMatch: checksum.Match, AllMatch: checksum.Match,
	NameMismatch: checksum.Mismatch, NamePending: checksum.Pending, NameMatch: checksum.Match,
	Identical: checksum.Match, Differ: checksum.Mismatch, ComparePending: checksum.Pending, CompareTooFew: checksum.Unknown,
	SameAsSource: checksum.Match, NotSameAsSource: checksum.Mismatch, SourcePending: checksum.Pending,
	NothingToCompare: checksum.Unknown, NotAllRead: checksum.Unknown, NoneHere: checksum.Unknown, OnlyUnsupported: checksum.Unknown,
	SignedGenuine: checksum.Match, FetchedUnconfirmed: checksum.Unknown,
}

// Wait says what a pending pasted digest waits for.
type Wait int

const (
	WaitNothing  Wait = iota
	WaitRunning       // Needs are being computed
	WaitDeclined      // computing Needs was cancelled: no verdict
	WaitEnter         // typed: Enter computes Needs (rule 3)
)

// Colour is how a verdict shows, in the window and in the exit status of
// the command line: the one mapping from verdicts to what a person takes
// in at a glance (rule 7).
type Colour int

const (
	Amber    Colour = iota // Hashdrop cannot say: nothing compared, or not everything could be
	Green                  // it matches what was published (or is the same file)
	Red                    // do not use it: FAILED, a conflict between sources, a BAD signature
	Checking               // still being compared: no verdict yet
)

var colourNames = [...]string{"amber", "green", "red", "checking"}

// String is a stable identifier, for logs, tests and --json.
func (c Colour) String() string { return colourNames[c] }

// Exit is the command line's exit status for it: 0 green, 1 red, 3 when
// Hashdrop cannot say (amber, or still checking).
func (c Colour) Exit() int {
	switch c {
	case Green:
		return 0
	case Red:
		return 1
	}
	return 3
}

// OutcomeColour is the colour of an outcome: a conflict is red, as a
// mismatch is (the file must not be relied on until the sources agree).
func OutcomeColour(o checksum.Outcome) Colour {
	switch o {
	case checksum.Match:
		return Green
	case checksum.Mismatch, checksum.Conflict:
		return Red
	case checksum.Pending:
		return Checking
	}
	return Amber
}

// Colour is the colour of a file's status.
func (s Status) Colour() Colour {
	switch {
	case s == OK:
		return Green
	case s.Condemns():
		return Red
	case s == Pending:
		return Checking
	}
	return Amber
}

// Colour is the headline's colour.
func (h Headline) Colour() Colour { return OutcomeColour(h.Outcome) }

// Green reports whether the headline says the files are good.
func (h Headline) Green() bool { return h.Colour() == Green }

// Red reports whether it says a file must not be used.
func (h Headline) Red() bool { return h.Colour() == Red }

// Exit is the command line's exit status for it (Colour.Exit).
func (h Headline) Exit() int { return h.Colour().Exit() }

func headline(r Reason, files ...int) Headline {
	return Headline{Outcome: reasonOutcome[r], Reason: r, Files: files, Of: -1}
}
