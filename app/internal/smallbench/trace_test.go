package main

import (
	"strings"
	"testing"
	"time"
)

func TestTraceLine(t *testing.T) {
	start := time.Date(2026, 12, 7, 9, 6, 37, 700_000_000, time.UTC)
	at, event, ok := traceLine("hashdrop: 09:06:38.936802 verdict match: All 2,000 files match", start)
	if !ok || event != "verdict match: All 2,000 files match" || !at.Equal(time.Date(2026, 12, 7, 9, 6, 38, 936_802_000, time.UTC)) {
		t.Errorf("got %v %q %v", at, event, ok)
	}
	// Across midnight: the next day's time.
	late := time.Date(2026, 12, 7, 23, 59, 59, 0, time.UTC)
	if at, _, _ := traceLine("hashdrop: 00:00:01.000000 quitting", late); !at.Equal(time.Date(2026, 12, 8, 0, 0, 1, 0, time.UTC)) {
		t.Errorf("after midnight: %v", at)
	}
	// The child's clock a little behind: the same day.
	if at, _, _ := traceLine("hashdrop: 09:06:37.699000 start", start); at.Day() != 7 {
		t.Errorf("a time just before the start: %v", at)
	}
	for _, line := range []string{
		"2026/12/07 09:06:49 Fyne error:  Preferences load error:",
		"hashdrop: quitting",
		"hashdrop: 9:06:38 quitting",
		"",
	} {
		if _, _, ok := traceLine(line, start); ok {
			t.Errorf("%q read as a trace line", line)
		}
	}
}

// The lines the window logged on a release of 2,000 files (trimmed), and
// the order they can come in.
func TestVerdictWatch(t *testing.T) {
	start := time.Date(2026, 12, 7, 9, 6, 37, 0, time.UTC)
	lines := func(s string) []string { return strings.Split(strings.TrimSpace(s), "\n") }
	for _, c := range []struct {
		name  string
		lines []string
		done  int           // the line after which the watch is done; -1: never
		after time.Duration // then
		fails bool
	}{
		{"the window's order", lines(`
hashdrop: 09:06:38.818072 reason published-pending
hashdrop: 09:06:38.818239 statuses pending=2000
hashdrop: 09:06:38.819370 verdict pending: Checking wb-small/d00/f000000.bin against SHA256SUMS in /tmp/wb-small…
hashdrop: 09:06:38.841173 done /tmp/wb-small/d00/f000000.bin  sha256=7ce0
hashdrop: 09:06:38.933987 reason all-match
hashdrop: 09:06:38.933989 statuses ok=2000
hashdrop: 09:06:38.936802 verdict match: All 2,000 files match the digests published for them
hashdrop: 09:06:38.965431 layout 960x680`), 6, 1936802 * time.Microsecond, false},
		{"the verdict before the statuses: the later line", lines(`
hashdrop: 09:06:38.000000 verdict match: All 2,000 files match the digests published for them
hashdrop: 09:06:38.500000 statuses ok=2000`), 1, 1500 * time.Millisecond, false},
		{"a match on fewer files is not final", lines(`
hashdrop: 09:06:38.000000 statuses ok=1999 pending=1
hashdrop: 09:06:38.100000 verdict match: All 1,999 files match
hashdrop: 09:06:38.200000 verdict match: 2,0000 files
hashdrop: 09:06:38.300000 verdict match: 12,000 files`), -1, 0, false},
		{"the statuses changing back", lines(`
hashdrop: 09:06:38.000000 statuses ok=2000
hashdrop: 09:06:38.100000 statuses ok=1999 pending=1
hashdrop: 09:06:38.200000 verdict match: All 2,000 files match`), -1, 0, false},
		{"red is a failure", lines(`
hashdrop: 09:06:38.000000 statuses ok=1999 failed=1
hashdrop: 09:06:38.100000 verdict mismatch: 1 file does NOT match`), 1, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := &verdictWatch{files: 2000, start: start}
			for i, line := range c.lines {
				done, err := v.see(line)
				if err != nil {
					if !c.fails || i != c.done {
						t.Fatalf("line %d: error %v", i, err)
					}
					return
				}
				if done != (i == c.done) {
					t.Fatalf("line %d: done %v, want it after line %d", i, done, c.done)
				}
				if done {
					if got := v.after(); got != c.after {
						t.Errorf("after %v, want %v", got, c.after)
					}
					return
				}
			}
			if c.fails || c.done >= 0 {
				t.Errorf("the watch never ended")
			}
		})
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 50000: "50,000", 500000: "500,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if !namesCount("All 50,000 files match", 50000) || !namesCount("50,000 個のファイルすべてが", 50000) ||
		namesCount("All 150,000 files match", 50000) || namesCount("All 50,0000 files", 50000) {
		t.Error("namesCount finds the wrong number")
	}
}
