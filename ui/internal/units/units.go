// Package units writes the figures the window shows: sizes and speeds
// ("5.7 GB", "1.21 GB/s") in decimal units (1 MB = 10^6 bytes), as download
// pages and `hashdrop bench` use them; percentages; time spans cut into the
// parts the window words in the user's language.
package units

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Size words a byte count (not negative): "0 B", "512 B", "1.5 kB", "5.7 GB".
func Size(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	return scaled(float64(n), "")
}

// Rate words a speed in bytes per second: "950 MB/s", "1.21 GB/s".
func Rate(bytesPerSec float64) string {
	if bytesPerSec <= 0 || math.IsNaN(bytesPerSec) || math.IsInf(bytesPerSec, 0) {
		return "-"
	}
	if bytesPerSec < 1000 {
		return fmt.Sprintf("%.0f B/s", bytesPerSec)
	}
	return scaled(bytesPerSec, "/s")
}

var prefixes = []string{"k", "M", "G", "T", "P", "E"}

// scaled prints v (at least 1000) with three significant digits and a decimal
// prefix: 1.21 GB, 12.1 GB, 121 GB.
func scaled(v float64, suffix string) string {
	i := -1
	for v >= 999.5 && i < len(prefixes)-1 {
		v /= 1000
		i++
	}
	var num string
	switch {
	case v >= 99.95:
		num = fmt.Sprintf("%.0f", v)
	case v >= 9.995:
		num = fmt.Sprintf("%.1f", v)
	default:
		num = fmt.Sprintf("%.2f", v)
	}
	return num + " " + prefixes[i] + "B" + suffix
}

// Span is a time span cut into the parts the window shows: under ten
// seconds, seconds with a tenth ("1.5"); under a minute, whole seconds;
// under an hour, minutes and seconds; beyond, hours and minutes. A part
// that is not shown is zero or "".
type Span struct {
	Hours, Minutes int
	Seconds        string
}

// SpanOf cuts d (not negative) into a Span.
func SpanOf(d time.Duration) Span {
	switch {
	case d < 10*time.Second:
		if d%time.Second == 0 {
			return Span{Seconds: fmt.Sprint(int(d / time.Second))}
		}
		return Span{Seconds: fmt.Sprintf("%.1f", d.Seconds())}
	case d < time.Minute:
		return Span{Seconds: fmt.Sprint(int(d.Round(time.Second).Seconds()))}
	case d < time.Hour:
		d = d.Round(time.Second)
		sp := Span{Minutes: int(d / time.Minute)}
		if s := int(d % time.Minute / time.Second); s != 0 {
			sp.Seconds = fmt.Sprint(s)
		}
		return sp
	}
	d = d.Round(time.Minute)
	return Span{Hours: int(d / time.Hour), Minutes: int(d % time.Hour / time.Minute)}
}

// Percent words a fraction between 0 and 1 as a whole percentage that reads
// 100% only when the work is complete: 0.999 is "99%".
func Percent(fraction float64) string {
	p := math.Floor(fraction*100 + 1e-9)
	return fmt.Sprintf("%.0f%%", math.Max(0, math.Min(100, p)))
}

// Thousands prints n with commas between groups of three digits.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
