// Package units words sizes, speeds and times the way the window shows them:
// "5.7 GB", "1.21 GB/s", "3 s left". Decimal units (1 MB = 10^6 bytes), as
// download pages and `hashdrop bench` use them.
package units

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Size words a byte count: "0 B", "512 B", "1.5 kB", "5.7 GB".
func Size(n int64) string {
	if n < 0 {
		return "size unknown"
	}
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

// Duration words a time span for people: "0.4 s", "3 s", "2 min 5 s",
// "1 h 20 min".
func Duration(d time.Duration) string {
	switch {
	case d < 0:
		return "-"
	case d < 10*time.Second:
		if d%time.Second == 0 {
			return fmt.Sprintf("%d s", d/time.Second)
		}
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second).Seconds()))
	case d < time.Hour:
		d = d.Round(time.Second)
		m, s := int(d/time.Minute), int(d%time.Minute/time.Second)
		if s == 0 {
			return fmt.Sprintf("%d min", m)
		}
		return fmt.Sprintf("%d min %d s", m, s)
	default:
		d = d.Round(time.Minute)
		h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
		if m == 0 {
			return fmt.Sprintf("%d h", h)
		}
		return fmt.Sprintf("%d h %d min", h, m)
	}
}

// Left words an estimate of the time remaining: "3 s left", "less than a
// second left"; "" when it cannot be told (negative).
func Left(d time.Duration) string {
	switch {
	case d < 0:
		return ""
	case d < time.Second:
		return "less than a second left"
	}
	return strings.TrimSuffix(Duration(d.Round(time.Second)), " 0 s") + " left"
}

// Progress is the line beside a file's progress bar: "42% · 1.21 GB/s · 3 s
// left". fraction is -1 when the size is unknown (a stream): then the line
// says how much was read. Parts that cannot be told are left out.
func Progress(fraction float64, done int64, bytesPerSec float64, remaining time.Duration) string {
	var parts []string
	if fraction < 0 {
		parts = append(parts, Size(done)+" read")
	} else {
		parts = append(parts, Percent(fraction))
	}
	if bytesPerSec > 0 {
		parts = append(parts, Rate(bytesPerSec))
	}
	if l := Left(remaining); l != "" && bytesPerSec > 0 {
		parts = append(parts, l)
	}
	return strings.Join(parts, " · ")
}

// Percent words a fraction between 0 and 1 as a whole percentage that reads
// 100% only when the work is complete: 0.999 is "99%".
func Percent(fraction float64) string {
	p := math.Floor(fraction*100 + 1e-9)
	return fmt.Sprintf("%.0f%%", math.Max(0, math.Min(100, p)))
}

// Count words n things with a thousands separator: "1 file", "10,000 files".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
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
