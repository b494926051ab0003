// Package publisher tells, from a download's name alone, whose it is and
// where the publisher keeps its signed checksum file (issue 40): Lookup
// turns "ubuntu-24.04.1-desktop-amd64.iso" into the HTTPS URLs of
// SHA256SUMS and SHA256SUMS.gpg, the hosts a fetch may touch and the
// shipped keys that may sign. It answers from the table in
// assets/publishers; it fetches nothing and knows nothing of Fyne.
//
// A guess is only where to look. The file is then found in the fetched
// checksum file by its name (Guess.File) and its digest compared; a Try
// whose checksum file does not name it is not an answer, and the caller goes
// on to the next.
package publisher

import (
	"net"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hashdrop/hashdrop/assets/publishers"
)

// Shape is how a publisher signs: Detached, ClearSigned, OverFile or None.
type Shape = publishers.Shape

// The signature shapes (see assets/publishers for each).
const (
	Detached    = publishers.Detached
	ClearSigned = publishers.ClearSigned
	OverFile    = publishers.OverFile
	None        = publishers.None
)

// Row is one publisher of the table, as shipped (templates unfilled).
type Row = publishers.Row

// Guess is what a file name tells: whose it is and where its checksums are.
type Guess struct {
	Publisher string // "Ubuntu"
	File      string // the name as the publisher gives it (browser suffix removed), to find in the checksum file
	Version   string // as the name gives it ("24.04.1")
	Host      string // the host of the first place to look, for the offer ("releases.ubuntu.com")
	Tries     []Try  // in order: the primary location, then archive fallbacks
	// Hosts are the only hosts a fetch may touch, redirects included.
	Hosts []string
	// Keys are the fingerprints of the shipped keys that may sign. Empty
	// with a Shape other than None: the publisher signs, but with a key
	// Hashdrop does not ship, so nothing can be shown as genuine.
	Keys  []string
	Shape Shape
	// MinSigners is how many good signatures by distinct keys of Keys
	// make the checksum file genuine (Bitcoin Core's builders: 3); 0 or
	// 1: one is enough.
	MinSigners int
}

// Try is one place to look, as HTTPS URLs. Signature is "" when Shape is
// None or ClearSigned (the signature is inside Sums); for OverFile it is the
// signature of the download itself and Sums, when not "", an unsigned
// checksum file.
type Try struct{ Sums, Signature string }

// rule is one file pattern of a row, compiled.
type rule struct {
	row   *Row
	re    *regexp.Regexp
	tries []publishers.Try
}

// table is the shipped table, compiled once. Its data is built in, and the
// package's tests load and check it, so a fault here is a build that should
// not have shipped: it panics.
var table = sync.OnceValues(func() ([]Row, []rule) {
	t, err := publishers.Load()
	if err == nil {
		err = check(t.Rows)
	}
	if err != nil {
		panic(err)
	}
	return t.Rows, compile(t.Rows)
})

// compile turns checked rows into rules, in table order.
func compile(rows []Row) []rule {
	var rules []rule
	for i := range rows {
		for _, f := range rows[i].Files {
			rules = append(rules, rule{&rows[i], regexp.MustCompile(f.Pattern), f.Tries})
		}
	}
	return rules
}

// All is every row of the table, in its order (for tests and the README's
// table). The slice is the caller's; the rows' own slices are the table's,
// not to be changed.
func All() []Row {
	rows, _ := table()
	return append([]Row(nil), rows...)
}

// Lookup says whose a downloaded file is and where its checksums are, from
// its name alone; false when no row knows the name. Only the base name
// counts (anything up to the last / or \ is dropped), and the mark a
// browser adds to a repeated download is removed first: one " (N)" or
// "(N)", N a number of up to three digits, standing just before a dot or
// at the end ("ubuntu-24.04.1-desktop-amd64 (1).iso",
// "archlinux-2024.01.01-x86_64(2).iso").
func Lookup(fileName string) (*Guess, bool) {
	_, rules := table()
	name := clean(fileName)
	for _, r := range rules {
		m := r.re.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		values := map[string]string{"file": name}
		for i, g := range r.re.SubexpNames() {
			if g != "" && m[i] != "" {
				values[g] = m[i]
			}
		}
		g := &Guess{
			Publisher: r.row.Publisher,
			File:      name,
			Version:   values["version"],
			Hosts:     append([]string(nil), r.row.Hosts...),
			Keys:      append([]string(nil), r.row.Keys...),
			Shape:     r.row.Shape,

			MinSigners: r.row.MinSigners,
		}
		for _, t := range r.tries {
			g.Tries = append(g.Tries, Try{fill(t.Sums, values), fill(t.Signature, values)})
		}
		first := g.Tries[0].Sums
		if first == "" {
			first = g.Tries[0].Signature
		}
		if u, err := url.Parse(first); err == nil {
			g.Host = u.Hostname()
		}
		return g, true
	}
	return nil, false
}

// browserMark is the " (1)" a browser adds to a repeated download, before
// the extension or at the end.
var browserMark = regexp.MustCompile(` ?\([0-9]{1,3}\)(\.|$)`)

// clean is the base name of fileName without a browser's mark.
func clean(fileName string) string {
	name := fileName
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if loc := browserMark.FindStringSubmatchIndex(name); loc != nil {
		// Keep the dot (group 1) if there was one.
		name = name[:loc[0]] + name[loc[2]:]
	}
	return name
}

// placeholder is a {name} in a URL template.
var placeholder = regexp.MustCompile(`\{([a-z_]+)\}`)

// fill replaces each {name} in template by its value, path-escaped. A
// template checked by check names only values the pattern gives.
func fill(template string, values map[string]string) string {
	return placeholder.ReplaceAllStringFunc(template, func(p string) string {
		return url.PathEscape(values[p[1:len(p)-1]])
	})
}

// signatureSuffixes are the signature files publishers put beside a
// checksum file, most common first: Ubuntu, Kali and Mint's .gpg; .sig;
// Rocky and openSUSE's .asc; Debian's .sign.
var signatureSuffixes = []string{".gpg", ".sig", ".asc", ".sign"}

// SignatureCandidates are the URLs to try, in order, for the signature of
// the checksum file at sumsURL (pasted by the user):
// "https://host/dir/SHA256SUMS" gives ".../SHA256SUMS.gpg", ".sig", ".asc"
// and ".sign". The query and fragment are dropped. Nil unless sumsURL is an
// https URL naming a file.
func SignatureCandidates(sumsURL string) []string {
	u, err := url.Parse(sumsURL)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil ||
		u.Path == "" || strings.HasSuffix(u.Path, "/") {
		return nil
	}
	u.RawQuery, u.Fragment, u.RawFragment, u.ForceQuery = "", "", "", false
	base := u.String()
	out := make([]string, len(signatureSuffixes))
	for i, s := range signatureSuffixes {
		out[i] = base + s
	}
	return out
}

// ForHost is the row of the publisher whose own host this is, so that a
// checksum URL pasted from it can use that row's keys and hosts. A port and
// a final dot are ignored, and the case of A to Z; a host that is not ASCII
// is no publisher's (Unicode case would take "cdimage.\u212Aali.org", with
// the Kelvin sign, for Kali's). Mirrors that serve several publishers (a
// row's shared_hosts) answer nothing: their URLs say nothing of whose files
// they are.
func ForHost(host string) (Row, bool) {
	host = strings.TrimSpace(host)
	if !isASCII(host) {
		return Row{}, false
	}
	host = lowerASCII(host)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(host, ".")
	rows, _ := table()
	for _, r := range rows {
		for _, h := range r.Hosts {
			if h == host && !slices.Contains(r.SharedHosts, h) {
				return r, true
			}
		}
	}
	return Row{}, false
}

// isASCII reports whether s is ASCII throughout.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// lowerASCII is s with A to Z lowered, and nothing else changed.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
