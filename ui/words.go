package ui

import (
	"errors"
	"fmt"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// The window's sentences about sizes, times, lists and problems, in the
// system language, from app's values (causes, statuses, line troubles,
// digest problems, verdicts); app words the same values in English for the
// command line (app/cli and each app package's words.go), so that app needs no translations.

// sizeText is a file's size: "5.70 GB", or "size unknown" for a stream.
func sizeText(n int64) string {
	if n < 0 {
		return tr("size unknown")
	}
	return units.Size(n)
}

// durationText words a time span: "0.4 s", "2 min 5 s", "1 h 20 min".
func durationText(d time.Duration) string {
	if d < 0 {
		return "-"
	}
	sp := units.SpanOf(d)
	switch {
	case sp.Hours > 0 && sp.Minutes > 0:
		return tr("{{.H}} h {{.M}} min", "H", sp.Hours, "M", sp.Minutes)
	case sp.Hours > 0:
		return tr("{{.H}} h", "H", sp.Hours)
	case sp.Minutes > 0 && sp.Seconds != "":
		return tr("{{.M}} min {{.S}} s", "M", sp.Minutes, "S", sp.Seconds)
	case sp.Minutes > 0:
		return tr("{{.M}} min", "M", sp.Minutes)
	}
	return tr("{{.S}} s", "S", sp.Seconds)
}

// leftText words an estimate of the time remaining: "3 s left"; "" when it
// cannot be told (negative).
func leftText(d time.Duration) string {
	switch {
	case d < 0:
		return ""
	case d < time.Second:
		return tr("less than a second left")
	}
	return tr("{{.Duration}} left", "Duration", durationText(d.Round(time.Second)))
}

// progressText is the line beside a progress bar: "42% · 1.21 GB/s · 3 s
// left". fraction is -1 when the size is unknown (a stream): then the line
// says how much was read. Parts that cannot be told are left out.
func progressText(fraction float64, done int64, bytesPerSec float64, remaining time.Duration) string {
	var s string
	if fraction < 0 {
		s = tr("{{.Size}} read", "Size", units.Size(done))
	} else {
		s = units.Percent(fraction)
	}
	if bytesPerSec > 0 {
		s += " · " + units.Rate(bytesPerSec)
		if l := leftText(remaining); l != "" {
			s += " · " + l
		}
	}
	return s
}

// listText joins items for a sentence: "a, b, c", "a, b and c" (conj
// "and"), "a, b or c" (conj "or").
func listText(items []string, conj string) string {
	s := ""
	for i, it := range items {
		switch {
		case i == 0:
			s = it
		case i == len(items)-1 && conj == "and":
			s = tr("{{.List}} and {{.Last}}", "List", s, "Last", it)
		case i == len(items)-1 && conj == "or":
			s = tr("{{.List}} or {{.Last}}", "List", s, "Last", it)
		default:
			s = tr("{{.List}}, {{.Item}}", "List", s, "Item", it)
		}
	}
	return s
}

func algNameList(algs []*hashing.Algorithm) []string {
	names := make([]string, len(algs))
	for i, a := range algs {
		names[i] = a.Name
	}
	return names
}

// algAnd names algorithms for a sentence: "SHA-256", "SHA-256 and SHA3-256".
func algAnd(algs []*hashing.Algorithm) string {
	return listText(algNameList(algs), "and")
}

// algOr names the algorithms a digest may be: "MD5 or RIPEMD-128".
func algOr(algs []*hashing.Algorithm) string {
	return listText(algNameList(algs), "or")
}

// joinSentences puts two sentences one after the other; either may be "".
func joinSentences(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return tr("{{.First}} {{.Second}}", "First", a, "Second", b)
}

// causeText words the cause of a problem with a file; err gives the
// operating system's own words for a cause the window has none for.
func causeText(c app.Cause, err error) string {
	switch c {
	case app.CauseNotExist:
		return tr("no such file")
	case app.CausePermission:
		return tr("permission denied")
	case app.CauseFolder:
		return tr("is a folder")
	case app.CauseIO:
		return tr("input/output error (the disk or medium may be failing)")
	case app.CauseSpecial:
		return tr("not a regular file (a pipe, socket or device)")
	case app.CauseOutside, app.CauseAbsolute, app.CauseLinkOutside:
		return tr("outside the checksum file's folder (allow files outside to check it)")
	case app.CauseTooLarge:
		return tr("too large for a checksum file")
	case app.CauseNotText, app.CauseCutShort, app.CauseLongLine:
		return tr("not a checksum file (not text, or lines far too long)")
	case app.CauseNoEntries:
		return tr("no checksum lines found")
	case app.CauseChanged:
		return tr("changed while it was being read")
	case app.CauseCancelled:
		return tr("cancelled")
	}
	return app.SystemWords(err)
}

// errorText words an error of package app or of the operating system.
func errorText(err error) string {
	var fe *app.FileError
	var se *checksum.ReadError
	var we *app.WriteError
	switch {
	case errors.As(err, &we):
		return tr("Cannot write {{.Name}}: {{.Cause}}", "Name", displayName(we.Name), "Cause", causeText(app.CauseOf(we), we.Err))
	case errors.As(err, &se):
		return tr("Cannot use {{.Name}}: {{.Cause}}", "Name", displayName(se.Path), "Cause", causeText(app.CauseOf(se), se.Err))
	case errors.As(err, &fe):
		return tr("Cannot read {{.Name}}: {{.Cause}}", "Name", displayName(fe.Name), "Cause", causeText(app.CauseOf(fe), fe.Err))
	}
	return capitalize(err.Error())
}

// statusWord is the word for an entry's status in the checksum-file view.
func statusWord(s checksum.Status) string {
	switch s {
	case checksum.StatusOK:
		return tr("status.OK")
	case checksum.StatusFailed:
		return tr("status.FAILED")
	case checksum.StatusMissing:
		return tr("status.MISSING")
	case checksum.StatusUnreadable:
		return tr("status.UNREADABLE")
	case checksum.StatusRefused:
		return tr("status.REFUSED")
	}
	return tr("status.SKIPPED")
}

// entryReason says why an entry has its status: "SHA-256 matches", "no such file".
func entryReason(r *checksum.EntryResult) string {
	switch r.Status {
	case checksum.StatusOK:
		if r.Algorithm == nil {
			return ""
		}
		return tr("{{.Algorithm}} matches", "Algorithm", r.Algorithm.Name)
	case checksum.StatusFailed:
		if len(r.Entry.Algorithms) == 1 {
			return tr("the {{.Algorithm}} differs: the file is damaged or not the one listed", "Algorithm", r.Entry.Algorithms[0].Name)
		}
		if len(r.Entry.Algorithms) == 2 {
			return tr("the {{.Algorithms}} both differ: the file is damaged or not the one listed", "Algorithms", algAnd(r.Entry.Algorithms))
		}
		return tr("the {{.Algorithms}} all differ: the file is damaged or not the one listed", "Algorithms", algAnd(r.Entry.Algorithms))
	case checksum.StatusSkipped:
		if r.Entry.Unsupported != "" {
			return tr("{{.Name}} is not an algorithm Hashdrop supports", "Name", r.Entry.Unsupported)
		}
	}
	return causeText(r.Kind, r.Err)
}

// summaryText counts the statuses: "12 OK, 1 FAILED, 2 missing".
func summaryText(count func(checksum.Status) int) string {
	parts := []string{tr("{{.N}} OK", "N", units.Thousands(count(checksum.StatusOK)))}
	if n := count(checksum.StatusFailed); n > 0 {
		parts = append(parts, tr("{{.N}} FAILED", "N", units.Thousands(n)))
	}
	if n := count(checksum.StatusMissing); n > 0 {
		parts = append(parts, tr("{{.N}} missing", "N", units.Thousands(n)))
	}
	if n := count(checksum.StatusUnreadable); n > 0 {
		parts = append(parts, tr("{{.N}} unreadable", "N", units.Thousands(n)))
	}
	if n := count(checksum.StatusRefused); n > 0 {
		parts = append(parts, tr("{{.N}} refused", "N", units.Thousands(n)))
	}
	if n := count(checksum.StatusSkipped); n > 0 {
		parts = append(parts, tr("{{.N}} skipped", "N", units.Thousands(n)))
	}
	return listText(parts, "")
}

// lineProblem says why a line of a checksum file was left out.
func lineProblem(p checksum.LineProblem) string {
	var why string
	switch p.Kind {
	case checksum.LineNotDigest:
		why = tr("{{.Digest}} is not a digest", "Digest", fmt.Sprintf("%q", p.Digest))
	case checksum.LineBadDigest:
		why = tr("Not a digest")
		if p.Err != nil {
			why = digestProblem(p.Err)
		}
		if p.Hint != nil {
			why = tr("{{.Reason}} (the checksum file is of {{.Algorithm}})", "Reason", why, "Algorithm", p.Hint.Name)
		}
	case checksum.LineSecondSigned:
		why = tr("a second PGP signed message: ignored")
	case checksum.LineStraySignature:
		why = tr("a PGP signature without a signed message: ignored, not checked")
	case checksum.LineAfterSignature:
		why = tr("after the PGP signature, so not signed: ignored")
	case checksum.LineBeforeSigned:
		why = tr("before the PGP signed message, so not signed: ignored")
	case checksum.LineNoSignature:
		why = tr("the PGP signed message has no signature: the file may be cut short")
	case checksum.LineUnterminated:
		why = tr("the PGP signature is not terminated: the file may be cut short")
	case checksum.LineUnexpectedPGP:
		why = tr("an unexpected PGP block: only clear-signed messages are understood")
	default:
		why = tr("not a checksum line")
	}
	return tr("line {{.Line}}: {{.Reason}}", "Line", p.Line, "Reason", why)
}
