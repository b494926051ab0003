package main

import (
	"fmt"
	"strings"
	"time"
)

// The window, run with HASHDROP_TRACE=1, logs its events to stderr as
// "hashdrop: HH:MM:SS.micro EVENT" (log.Lmicroseconds, in its time zone:
// smallbench gives it TZ=UTC). Of those it follows two:
//
//	statuses ok=50000                  the count of each row status
//	verdict match: All 50,000 files …  the headline shown, "verdict OUTCOME: HEADLINE"
//
// The final verdict on a release of n good files is a match whose headline
// names n files, logged while the statuses say that all n are ok: when
// both hold, the window has given its verdict on every file.

// traceLine splits a trace line into when it was logged and its event.
// The line gives a time of day; the date is start's, or the next day's
// when the time of day is before start's (a run across midnight).
func traceLine(line string, start time.Time) (at time.Time, event string, ok bool) {
	rest, found := strings.CutPrefix(line, "hashdrop: ")
	if !found {
		return time.Time{}, "", false
	}
	clock, event, found := strings.Cut(rest, " ")
	if !found {
		return time.Time{}, "", false
	}
	tod, err := time.Parse("15:04:05.000000", clock)
	if err != nil {
		return time.Time{}, "", false
	}
	start = start.UTC()
	at = time.Date(start.Year(), start.Month(), start.Day(), tod.Hour(), tod.Minute(), tod.Second(), tod.Nanosecond(), time.UTC)
	if at.Before(start.Add(-time.Minute)) { // a minute's slack: the child's clock read before ours
		at = at.AddDate(0, 0, 1)
	}
	return at, event, true
}

// A verdictWatch follows a window's trace until its final verdict on a
// release of files good files.
type verdictWatch struct {
	files int
	start time.Time // the window's exec

	allOK     time.Time // when the statuses last said that every file is ok; zero if they did not
	verdict   time.Time // when the last headline was a match naming every file; zero if it was not
	statuses  string    // the last statuses line, for a report
	lastShown string    // the last verdict line, for a report
}

// see takes one line of the trace. It reports done once the final verdict
// is in, and an error when the window gives a verdict that a release of
// good files must not have.
func (v *verdictWatch) see(line string) (done bool, err error) {
	at, event, ok := traceLine(line, v.start)
	if !ok {
		return false, nil
	}
	switch {
	case strings.HasPrefix(event, "statuses"):
		v.statuses = event
		v.allOK = time.Time{}
		if event == fmt.Sprintf("statuses ok=%d", v.files) {
			v.allOK = at
		}
	case strings.HasPrefix(event, "verdict "):
		v.lastShown = event
		v.verdict = time.Time{}
		outcome, headline, _ := strings.Cut(strings.TrimPrefix(event, "verdict "), ": ")
		switch outcome {
		case "match":
			if namesCount(headline, v.files) {
				v.verdict = at
			}
		case "mismatch", "conflict":
			return false, fmt.Errorf("the window's verdict on a release of good files: %q (%s)", event, v.statuses)
		}
	default:
		return false, nil
	}
	return !v.allOK.IsZero() && !v.verdict.IsZero(), nil
}

// after is the time from the window's exec to its final verdict: when the
// later of its two lines was logged.
func (v *verdictWatch) after() time.Duration {
	return max(v.allOK.Sub(v.start), v.verdict.Sub(v.start))
}

// namesCount reports whether headline gives the number n as the window
// writes it, with a comma between thousands ("50,000"), as a number of
// its own: not part of a longer one.
func namesCount(headline string, n int) bool {
	s := thousands(n)
	for i := 0; ; {
		k := strings.Index(headline[i:], s)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(s)
		if !digitAt(headline, k-1) && !digitAt(headline, end) &&
			!(k > 0 && headline[k-1] == ',' && digitAt(headline, k-2)) &&
			!(end < len(headline) && headline[end] == ',' && digitAt(headline, end+1)) {
			return true
		}
		i = k + 1
	}
}

// digitAt reports whether s has a digit at i.
func digitAt(s string, i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }

// thousands writes n with a comma between thousands: 50000 is "50,000".
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
