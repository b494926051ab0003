package fetch

import (
	"net/url"
	"strings"
	"unicode/utf8"
)

// Host names are compared as ASCII (issue 46). Every host a publisher's
// row names is plain ASCII, so a host that is not is refused before
// anything is compared: Unicode case folding would take "releaſes" (U+017F,
// the long s) for "releases", and the Kelvin sign for a "k". Such a host is
// shown in its punycode form (xn--…), which cannot be mistaken for the
// publisher's, beside what it looks like.

// isASCII reports whether s is ASCII throughout.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// sameHost reports whether the hosts a and b are the same name, regardless
// of the case of the letters A to Z and of nothing else: a host that is not
// ASCII is no host of anyone's.
func sameHost(a, b string) bool {
	if len(a) != len(b) || !isASCII(a) || !isASCII(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// shownHost is host as the words show it, and what it looks like when
// that is not the same: a host that is not ASCII is shown in its punycode
// form ("xn--releaes-pxb.ubuntu.com") and looks like "releaſes.ubuntu.com".
func shownHost(host string) (shown, looks string) {
	if isASCII(host) {
		return host, ""
	}
	return punycodeHost(host), strings.ToValidUTF8(host, "\uFFFD")
}

// shownURL is u with its host shown as shownHost shows it.
func shownURL(u *url.URL) string {
	shown, _ := shownHost(u.Host)
	if shown == u.Host {
		return u.String()
	}
	v := *u
	v.Host = shown
	return v.String()
}

// punycodeHost writes each label of host that is not ASCII as "xn--" and
// its punycode (RFC 3492), as a browser's address bar shows it when it
// distrusts a name. The code points are kept as they are: no mapping, no
// folding (that is what turned U+017F into "s"). Bytes that are not UTF-8
// are written as U+FFFD.
func punycodeHost(host string) string {
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if !isASCII(l) {
			labels[i] = "xn--" + punycode([]rune(strings.ToValidUTF8(l, "\uFFFD")))
		}
	}
	return strings.Join(labels, ".")
}

// Punycode's parameters (RFC 3492, section 5).
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// punycode encodes label (RFC 3492, section 6.3): its ASCII code points
// first, then a "-" if there were any, then the others as deltas.
func punycode(label []rune) string {
	var out []byte
	for _, r := range label {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
		}
	}
	basic := len(out)
	handled := basic
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := rune(pcInitialN), 0, pcInitialBias
	for handled < len(label) {
		// The smallest code point not yet handled.
		m := rune(utf8.MaxRune + 1)
		for _, r := range label {
			if r >= n && r < m {
				m = r
			}
		}
		delta += int(m-n) * (handled + 1)
		n = m
		for _, r := range label {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := min(max(k-bias, pcTMin), pcTMax)
				if q < t {
					break
				}
				out = append(out, pcDigit(t+(q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			out = append(out, pcDigit(q))
			bias = pcAdapt(delta, handled+1, handled == basic)
			delta = 0
			handled++
		}
		delta++
		n++
	}
	return string(out)
}

func pcDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func pcAdapt(delta, points int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
