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
		{0, "0 B"}, {999, "999 B"}, {1000, "1.00 kB"}, {1500, "1.50 kB"},
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

func TestSpanOf(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want Span
	}{
		{0, Span{Seconds: "0"}},
		{400 * time.Millisecond, Span{Seconds: "0.4"}},
		{3 * time.Second, Span{Seconds: "3"}},
		{1500 * time.Millisecond, Span{Seconds: "1.5"}},
		{42*time.Second + 600*time.Millisecond, Span{Seconds: "43"}},
		{2*time.Minute + 5*time.Second, Span{Minutes: 2, Seconds: "5"}},
		{2 * time.Minute, Span{Minutes: 2}},
		{80 * time.Minute, Span{Hours: 1, Minutes: 20}},
		{2*time.Hour + 20*time.Second, Span{Hours: 2}},
	} {
		if got := SpanOf(c.d); got != c.want {
			t.Errorf("SpanOf(%v) = %+v, want %+v", c.d, got, c.want)
		}
	}
}

func TestThousands(t *testing.T) {
	if got := Thousands(10000); got != "10,000" {
		t.Error(got)
	}
	if got := Thousands(-1234567); got != "-1,234,567" {
		t.Error(got)
	}
}
