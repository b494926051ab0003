package units

import (
	"testing"
	"time"
)

func TestSize(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{-1, "size unknown"}, {0, "0 B"}, {999, "999 B"}, {1000, "1.00 kB"}, {1500, "1.50 kB"},
		{5_700_000_000, "5.70 GB"}, {12_345_678, "12.3 MB"}, {999_999, "1.00 MB"}, {123_456_789_012, "123 GB"},
	} {
		if got := Size(c.n); got != c.want {
			t.Errorf("Size(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "-"}, {-5, "-"}, {512, "512 B/s"}, {1.21e9, "1.21 GB/s"}, {950e6, "950 MB/s"}, {31.7e9, "31.7 GB/s"},
	} {
		if got := Rate(c.v); got != c.want {
			t.Errorf("Rate(%g) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestDurationAndLeft(t *testing.T) {
	for _, c := range []struct {
		d         time.Duration
		dur, left string
	}{
		{-1, "-", ""},
		{400 * time.Millisecond, "0.4 s", "less than a second left"},
		{3 * time.Second, "3 s", "3 s left"},
		{1500 * time.Millisecond, "1.5 s", "2 s left"},
		{2*time.Minute + 5*time.Second, "2 min 5 s", "2 min 5 s left"},
		{2 * time.Minute, "2 min", "2 min left"},
		{80 * time.Minute, "1 h 20 min", "1 h 20 min left"},
	} {
		if got := Duration(c.d); got != c.dur {
			t.Errorf("Duration(%v) = %q, want %q", c.d, got, c.dur)
		}
		if got := Left(c.d); got != c.left {
			t.Errorf("Left(%v) = %q, want %q", c.d, got, c.left)
		}
	}
}

func TestProgress(t *testing.T) {
	if got, want := Progress(0.42, 0, 1.21e9, 3*time.Second), "42% · 1.21 GB/s · 3 s left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := Progress(0.9999, 0, 0, -1), "99%"; got != want {
		t.Errorf("got %q, want %q (no speed, no estimate; never 100%% early)", got, want)
	}
	if got, want := Progress(-1, 2_500_000, 5e6, -1), "2.50 MB read · 5.00 MB/s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCount(t *testing.T) {
	if got := Count(1, "file", "files"); got != "1 file" {
		t.Error(got)
	}
	if got := Count(10000, "file", "files"); got != "10,000 files" {
		t.Error(got)
	}
	if got := Thousands(-1234567); got != "-1,234,567" {
		t.Error(got)
	}
}
